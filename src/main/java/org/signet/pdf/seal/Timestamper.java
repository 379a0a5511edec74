package org.signet.pdf.seal;

import java.io.IOException;

/** A source of RFC 3161 time-stamp tokens, for the signature timestamp and the document timestamps. */
@FunctionalInterface
public interface Timestamper {

    /**
     * A DER-encoded TimeStampToken (a CMS ContentInfo) whose message imprint is the SHA-256 of
     * {@code content}, already checked against the request that asked for it.
     *
     * @throws IOException if no authority gave a token that passed the checks
     */
    byte[] timestamp(byte[] content) throws IOException;
}
