package org.signet.evidence;

import java.io.IOException;

/** A responder or CRL said a certificate is revoked: no other source is asked, and nothing is sealed with it. */
final class CertificateRevokedException extends IOException {
    private static final long serialVersionUID = 1L;

    CertificateRevokedException(String message) {
        super(message);
    }
}
