package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;

/** What a {@link Relay} needs of the front it belongs to, and nothing more. */
interface RelayContext {
    FrontLimits limits();

    HeadParser parser();

    FrontLog log();

    /** Whether clients speak TLS, so that answers may carry Strict-Transport-Security. */
    boolean secure();

    /** A new request id, for an answer the front gives itself. */
    String requestId();

    /** The value of {@link PeerField} for a request from {@code address}. */
    String peerValue(String address);

    /** A buffer for bytes read only to be dropped; the front's one thread uses it one read at a time. */
    ByteBuffer scratch();

    /** A new connection to the server behind, its readiness reported to {@code relay}. */
    InnerConnection connect(Relay relay) throws IOException;

    /** {@code relay} has closed: its connection no longer counts. */
    void closed(Relay relay);
}
