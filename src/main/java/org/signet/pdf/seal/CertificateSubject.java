package org.signet.pdf.seal;

import java.net.URI;
import java.util.Objects;

/**
 * Whom a certificate that {@link SiteCertificate} makes names: a common name, and the organisation
 * and web address it belongs to when they are known.
 *
 * @param organisation the subject's organisation (O); null for none
 * @param address a URI subject alternative name (RFC 5280 §4.2.1.6); null for none
 */
public record CertificateSubject(String commonName, String organisation, URI address) {

    public CertificateSubject {
        Objects.requireNonNull(commonName, "commonName");
    }

    /** A subject named by its common name alone. */
    public static CertificateSubject named(String commonName) {
        return new CertificateSubject(commonName, null, null);
    }
}
