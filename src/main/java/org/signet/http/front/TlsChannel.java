package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * TLS over a client's socket through an {@link SSLEngine}, driven by the relay's reads and writes on
 * the front's one thread. Records read wait in {@code netIn} until whole, decrypted bytes in
 * {@code appIn} until the relay takes them, records to send in {@code netOut} until the socket takes
 * them. The last two start empty and grow when the engine first asks, so a client that never finishes
 * its handshake holds one small buffer.
 *
 * <p>The engine's delegated tasks (a handshake's signature and key agreement, about a millisecond)
 * run inline: handing them to other threads would need a way back onto the selector for every
 * handshake and buys no CPU on a small host, while the per-address connection cap and the handshake's
 * deadline bound what one client can ask of this thread.
 */
final class TlsChannel implements ClientChannel {
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    private static final int FIRST_NET_IN = 4 * 1024;
    /** Enough for any handshake and a burst of records; more would be a bug, not work. */
    private static final int MAX_STEPS = 64;

    private final SocketChannel socket;
    private final SSLEngine engine;
    private ByteBuffer netIn = ByteBuffer.allocate(FIRST_NET_IN);
    private ByteBuffer appIn = NOTHING;
    private ByteBuffer netOut = NOTHING;
    /** The last unwrap wanted more of a record than {@code netIn} holds. */
    private boolean needInput;
    private boolean socketEof;
    private boolean negotiated;
    private boolean shutdownRequested;
    private boolean outputShut;

    TlsChannel(SocketChannel socket, SSLEngine engine) throws IOException {
        this.socket = socket;
        this.engine = engine;
        engine.beginHandshake();
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (!socketEof && netIn.hasRemaining()) {
            int n = socket.read(netIn);
            if (n < 0) {
                socketEof = true;
            } else if (n > 0) {
                needInput = false;
            }
        }
        pump();
        if (appIn.position() > 0) {
            return take(dst);
        }
        return socketEof || engine.isInboundDone() ? -1 : 0;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        pump();
        int taken = 0;
        while (negotiated && !shutdownRequested && src.hasRemaining()) {
            SSLEngineResult r = guarded(() -> wrap(src));
            if (r == null || r.bytesConsumed() == 0 && r.bytesProduced() == 0) {
                break;
            }
            taken += r.bytesConsumed();
            send();
        }
        return taken;
    }

    @Override
    public void flush() throws IOException {
        pump();
    }

    @Override
    public boolean buffered() {
        return appIn.position() > 0 || !needInput && netIn.position() > 0 && !engine.isInboundDone();
    }

    @Override
    public boolean pending() {
        return netOut.position() > 0 || shutdownRequested && !outputShut;
    }

    @Override
    public void shutdownOutput() throws IOException {
        shutdownRequested = true;
        engine.closeOutbound();
        pump();
    }

    @Override
    public int interestOps(boolean reading, boolean writing) {
        int ops = pending() || engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP ? SelectionKey.OP_WRITE : 0;
        boolean handshaking = !negotiated || engine.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP;
        if ((reading || handshaking) && !socketEof && !engine.isInboundDone() && netIn.hasRemaining()) {
            ops |= SelectionKey.OP_READ;
        }
        return ops;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing is best effort; the socket is gone either way
        }
    }

    /** Moves everything that can move without the relay: handshake steps, records in, records out. */
    private void pump() throws IOException {
        guarded(() -> {
            for (int step = 0; step < MAX_STEPS && step(); step++) {
                send();
            }
            return null;
        });
        send();
        if (shutdownRequested && !outputShut && netOut.position() == 0 && engine.isOutboundDone()) {
            socket.shutdownOutput();
            outputShut = true;
        }
    }

    private boolean step() throws IOException {
        HandshakeStatus status = engine.getHandshakeStatus();
        switch (status) {
            case NEED_TASK -> {
                for (Runnable task = engine.getDelegatedTask(); task != null; task = engine.getDelegatedTask()) {
                    task.run();
                }
                return true;
            }
            case NEED_WRAP -> {
                if (renegotiating()) {
                    // Not an SSLException: no close_notify, so the client sees a failure, not an orderly end.
                    throw new IOException("client-initiated renegotiation refused");
                }
                SSLEngineResult r = wrap(NOTHING);
                return r != null && (r.bytesProduced() > 0 || r.getHandshakeStatus() != HandshakeStatus.NEED_WRAP);
            }
            default -> {
                return unwrap();
            }
        }
    }

    /**
     * A TLS 1.2 handshake begun after the first one is the client renegotiating, which Signet refuses
     * (it costs the server far more than the client). The JDK refuses it first with a fatal alert when
     * {@code jdk.tls.rejectClientInitiatedRenegotiation} was set in time ({@link Tls} sets it); this is
     * the guard if it was not. Closing, and TLS 1.3's key updates, are no renegotiation.
     */
    private boolean renegotiating() {
        return negotiated && !shutdownRequested && !engine.isInboundDone()
                && "TLSv1.2".equals(engine.getSession().getProtocol());
    }

    private boolean unwrap() throws IOException {
        if (engine.isInboundDone() || needInput || netIn.position() == 0) {
            return false;
        }
        netIn.flip();
        SSLEngineResult r;
        try {
            r = engine.unwrap(netIn, appIn);
        } finally {
            netIn.compact();
        }
        noteFinished(r);
        switch (r.getStatus()) {
            case BUFFER_UNDERFLOW -> {
                needInput = true;
                if (!netIn.hasRemaining()) {
                    netIn = grown(netIn, engine.getSession().getPacketBufferSize());
                }
                return false;
            }
            case BUFFER_OVERFLOW -> {
                if (appIn.position() > 0) {
                    return false;
                }
                appIn = grown(appIn, engine.getSession().getApplicationBufferSize());
                return true;
            }
            default -> {
                return r.bytesConsumed() > 0 || r.bytesProduced() > 0;
            }
        }
    }

    /** Wraps what it can of {@code src} into {@code netOut}; null when {@code netOut} must be sent first. */
    private SSLEngineResult wrap(ByteBuffer src) throws IOException {
        while (true) {
            SSLEngineResult r = engine.wrap(src, netOut);
            noteFinished(r);
            if (r.getStatus() != SSLEngineResult.Status.BUFFER_OVERFLOW) {
                return r;
            }
            if (netOut.position() > 0) {
                return null;
            }
            netOut = grown(netOut, engine.getSession().getPacketBufferSize());
        }
    }

    private void noteFinished(SSLEngineResult r) {
        if (r.getHandshakeStatus() == HandshakeStatus.FINISHED) {
            negotiated = true;
        }
    }

    private void send() throws IOException {
        if (netOut.position() > 0) {
            netOut.flip();
            socket.write(netOut);
            netOut.compact();
        }
    }

    private int take(ByteBuffer dst) {
        appIn.flip();
        int n = Math.min(appIn.remaining(), dst.remaining());
        ByteBuffer part = appIn.slice();
        part.limit(n);
        dst.put(part);
        appIn.position(appIn.position() + n);
        appIn.compact();
        return n;
    }

    /** What failed the engine is failed; the alert it has prepared is sent first, if the socket takes it. */
    private <T> T guarded(SslStep<T> step) throws IOException {
        try {
            return step.run();
        } catch (SSLException e) {
            try {
                engine.closeOutbound();
                wrap(NOTHING);
                send();
            } catch (IOException | RuntimeException ignored) {
                // the client learns of the failure from the closed socket instead
            }
            throw e;
        }
    }

    private static ByteBuffer grown(ByteBuffer b, int atLeast) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(atLeast, b.capacity() * 2));
        b.flip();
        bigger.put(b);
        return bigger;
    }

    /** One step on the engine that may fail with an {@link SSLException}. */
    private interface SslStep<T> {
        T run() throws IOException;
    }
}
