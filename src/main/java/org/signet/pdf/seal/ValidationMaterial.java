package org.signet.pdf.seal;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What a validator needs besides the signatures to check them later: certificates, and the OCSP
 * responses and CRLs (DER) that say the certificates were not revoked.
 */
public record ValidationMaterial(List<X509Certificate> certificates, List<byte[]> ocspResponses, List<byte[]> crls) {

    public ValidationMaterial {
        certificates = List.copyOf(certificates);
        ocspResponses = List.copyOf(ocspResponses);
        crls = List.copyOf(crls);
    }
}
