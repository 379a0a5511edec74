package org.signet.evidence;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.time.Clock;

/**
 * Fetches a certificate's CRL from a distribution point (RFC 5280 §5) and keeps it only when the
 * issuer signed it, it is current, and it does not list the certificate.
 */
final class CrlClient {
    /** Large CAs publish CRLs of some megabytes; a bound keeps a hostile address from filling memory. */
    static final int MAX_CRL_BYTES = 16 * 1024 * 1024;

    private final Http http;
    private final Clock clock;

    CrlClient(Http http, Clock clock) {
        this.http = http;
        this.clock = clock;
    }

    byte[] fetch(URI url, X509Certificate certificate, X509Certificate issuer) throws IOException {
        byte[] bytes = http.get(url, MAX_CRL_BYTES);
        X509CRL crl;
        try {
            crl = (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(bytes));
            if (!crl.getIssuerX500Principal().equals(issuer.getSubjectX500Principal())) {
                throw new IOException("the CRL is another issuer's");
            }
            crl.verify(issuer.getPublicKey());
        } catch (GeneralSecurityException | ClassCastException e) {
            throw new IOException("unusable CRL: " + e.getMessage(), e);
        }
        if (crl.getNextUpdate() != null && crl.getNextUpdate().toInstant().isBefore(clock.instant())) {
            throw new IOException("the CRL is out of date");
        }
        X509CRLEntry entry = crl.getRevokedCertificate(certificate);
        if (entry != null) {
            throw new CertificateRevokedException(certificate.getSubjectX500Principal().getName()
                    + " was revoked at " + entry.getRevocationDate().toInstant());
        }
        try {
            return crl.getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }
}
