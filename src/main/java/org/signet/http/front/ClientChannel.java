package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The client's side of a {@link Relay}: the socket itself, or TLS over it. Never blocks. With TLS,
 * bytes can wait on either side of the socket's readiness: decrypted bytes kept for the next read
 * ({@link #buffered}), records not yet sent ({@link #pending}); the relay asks for both, because the
 * selector only says what the socket can do.
 */
interface ClientChannel {

    /** Reads what has arrived into {@code dst}: the bytes read, 0 when none yet, -1 at the end of the client's stream. */
    int read(ByteBuffer dst) throws IOException;

    /** Takes what it can of {@code src} to send; the bytes taken. */
    int write(ByteBuffer src) throws IOException;

    /** Sends what is held back, as far as the socket takes it; called when the socket is writable. */
    void flush() throws IOException;

    /** Whether {@link #read} has bytes for the relay without the socket being readable again. */
    boolean buffered();

    /** Whether bytes taken by {@link #write} (or a TLS handshake's own) are still to reach the socket. */
    boolean pending();

    /** Ends our direction once what is taken has been sent (with TLS, after a close_notify). */
    void shutdownOutput() throws IOException;

    /** The socket's interest operations, given whether the relay wants to read and has bytes to write. */
    int interestOps(boolean reading, boolean writing);

    /** Closes the socket at once. */
    void close();
}
