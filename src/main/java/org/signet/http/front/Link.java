package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One client connection through the front: reads and checks each request head, passes it and its
 * body to the server behind on a connection of its own, and passes the answers back untouched. It
 * never blocks; the front's one thread calls it when a socket is ready and on every tick, which is
 * how timeouts and the minimum transfer rate are kept without a thread per slow client. The client's
 * side is a {@link ClientChannel}, plain or TLS; a TLS handshake is bounded as a request head is.
 */
final class Link {
    private static final int BUFFER = 32 * 1024;
    private static final long IDLE_MS = 5 * 60_000;

    private enum Phase { HEAD, BODY, REJECTING, FINISHING, DRAIN, CLOSED }

    private final Front front;
    final ClientChannel client;
    final String address;
    final boolean counted;
    private final long acceptedAt;
    SelectionKey clientKey;
    private SocketChannel backend;
    private SelectionKey backendKey;
    private boolean backendConnected;
    private boolean backendEof;
    private boolean backendShut;
    /** The server behind takes no more of this request (it answered early and closed): the rest is dropped. */
    private boolean backendStopped;
    private boolean clientEof;

    private final ClientInput in = new ClientInput();
    private ByteBuffer toBackend;
    private ByteBuffer toClient;

    private Phase phase = Phase.HEAD;
    private long bodyRemaining;
    private ChunkedBody chunked;
    private byte[] rejection;
    private long headStartedAt;
    private long lastActivity;
    private final Drain drain = new Drain();
    private final TransferRate rate;

    Link(Front front, ClientChannel client, String address, boolean counted, long now) {
        this.front = front;
        this.client = client;
        this.address = address;
        this.counted = counted;
        this.acceptedAt = now;
        this.lastActivity = now;
        this.rate = new TransferRate(front.limits().minBytesPerSecond());
    }

    /** A socket of this link is ready: move what can be moved, then say what to wait for next. */
    void ready(SelectionKey key, long now) throws IOException {
        if (key == clientKey) {
            if (key.isReadable()) {
                readClient(now);
            }
            if (key.isValid() && key.isWritable()) {
                client.flush();
                if (toClient != null && toClient.position() > 0) {
                    writeClient();
                }
            }
        } else {
            if (key.isConnectable()) {
                backendConnected = backend.finishConnect();
            }
            if (key.isValid() && key.isReadable()) {
                readBackend(now);
            }
            if (key.isValid() && key.isWritable()) {
                writeBackend();
            }
        }
        settle(now);
    }

    /** Answers at once with {@code r} and closes; used when the connection is refused as it arrives. */
    void refuse(Rejection r, long now) throws IOException {
        reject(r);
        settle(now);
    }

    /** Called every tick: head deadline, idle and drain deadlines, and the minimum transfer rate. */
    void tick(long now, long elapsedMs) throws IOException {
        FrontLimits limits = front.limits();
        long headerTimeout = limits.headerTimeout().toMillis();
        switch (phase) {
            case HEAD -> {
                if (headStartedAt > 0 && now - headStartedAt > headerTimeout) {
                    reject(Rejection.headTimeout());
                } else if (headStartedAt == 0 && backend == null && now - acceptedAt > headerTimeout) {
                    close();
                } else if (headStartedAt == 0 && now - lastActivity > IDLE_MS) {
                    close();
                }
            }
            case DRAIN -> {
                if (drain.over(now)) {
                    close();
                }
            }
            case REJECTING, FINISHING -> {
                if (now - lastActivity > headerTimeout) {
                    close();
                }
            }
            default -> { }
        }
        if (phase != Phase.CLOSED && waitingOnClient() && rate.tooSlowAfter(elapsedMs)) {
            front.log().slow(address);
            close();
            return;
        }
        if (phase != Phase.CLOSED) {
            settle(now);
        }
    }

    boolean closed() {
        return phase == Phase.CLOSED;
    }

    void close() {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.CLOSED;
        client.close();
        if (backend != null) {
            quietly(backend);
        }
        front.closed(this);
    }

    private boolean waitingOnClient() {
        boolean wantsBody = phase == Phase.BODY && !clientEof && !backendStopped && toBackend.hasRemaining();
        boolean unsentAnswer = toClient != null && toClient.position() > 0;
        return wantsBody || unsentAnswer;
    }

    private void readClient(long now) throws IOException {
        if (phase == Phase.DRAIN) {
            int n = client.read(front.scratch());
            if (n < 0 || drain.dropped(n, now)) {
                close();
            }
            return;
        }
        int n = in.readFrom(client);
        if (n < 0) {
            clientEof = true;
        } else {
            rate.moved(n);
            lastActivity = now;
        }
    }

    private void writeClient() throws IOException {
        toClient.flip();
        rate.moved(client.write(toClient));
        toClient.compact();
    }

    private void readBackend(long now) {
        try {
            if (toClient.hasRemaining() && backend.read(toClient) < 0) {
                backendEof = true;
            }
        } catch (IOException reset) {
            // What arrived before the reset is in toClient and still goes to the client.
            backendEof = true;
            backendStopped = true;
        }
        lastActivity = now;
    }

    /**
     * The server behind closes a connection whose request body it has not read to the end (it answered
     * early: a body over a limit, say), and a write to it then fails. That is no reason to drop the
     * client: the answer it sent before closing is still to be read and passed on.
     */
    private void writeBackend() {
        toBackend.flip();
        try {
            backend.write(toBackend);
            toBackend.compact();
        } catch (IOException e) {
            backendStopped = true;
            toBackend.clear();
        }
    }

    /** Moves bytes as far as they go, writes what is waiting, and sets what each socket waits for. */
    private void settle(long now) throws IOException {
        for (int round = 0; round < 4 && phase != Phase.CLOSED; round++) {
            int before = progressMark();
            if (client.buffered() && wantsInput()) {
                // Bytes TLS decrypted ahead: the socket has nothing more, so the selector would not say so.
                readClient(now);
            }
            advance(now);
            if (phase == Phase.CLOSED) {
                return;
            }
            if (backendConnected && !backendStopped && toBackend.position() > 0) {
                writeBackend();
            }
            if (toClient != null && toClient.position() > 0) {
                writeClient();
            }
            if (progressMark() == before) {
                break;
            }
        }
        if (phase != Phase.CLOSED) {
            interest();
        }
    }

    private int progressMark() {
        int mark = in.length() * 31 + phase.ordinal();
        mark = mark * 31 + (toBackend == null ? 0 : toBackend.position());
        return mark * 31 + (toClient == null ? 0 : toClient.position());
    }

    private void advance(long now) throws IOException {
        boolean more = true;
        while (more && phase != Phase.CLOSED) {
            more = switch (phase) {
                case HEAD -> head(now);
                case BODY -> body(now);
                case REJECTING -> rejecting();
                case FINISHING -> finishing();
                default -> false;
            };
        }
        if ((phase == Phase.HEAD || phase == Phase.BODY) && backendEof && toClient.position() == 0) {
            // The server behind closed (Connection: close, or it gave up on a body): so does the link.
            drain(now);
        }
    }

    /** Reads one head if it is complete; true when it was passed on and the next step may follow. */
    private boolean head(long now) throws IOException {
        if (backendStopped) {
            return dropClientBytes(now);
        }
        if (headStartedAt == 0) {
            in.skipEmptyLines();
            if (in.length() > 0) {
                headStartedAt = now;
            }
        }
        if (in.length() == 0) {
            if (clientEof) {
                phase = Phase.FINISHING;
                return true;
            }
            return false;
        }
        int end = in.headEnd();
        if (end < 0) {
            return incomplete();
        }
        HeadParser.Result result = front.parser().parse(in.bytes(), end);
        if (result.rejection() != null) {
            reject(result.rejection());
            return true;
        }
        byte[] bytes = result.head().toBytes(new RequestHead.Field(PeerField.NAME, front.peerField().valueFor(address)));
        if (!openBackend() || !fits(bytes.length)) {
            return false;
        }
        toBackend.put(bytes);
        in.consume(end);
        headStartedAt = 0;
        RequestHead h = result.head();
        if (h.hasBody()) {
            phase = Phase.BODY;
            chunked = h.chunked() ? new ChunkedBody() : null;
            bodyRemaining = h.contentLength();
        }
        return true;
    }

    private boolean incomplete() {
        Rejection r = front.parser().whileIncomplete(in.bytes(), in.length());
        if (r != null) {
            reject(r);
            return true;
        }
        if (clientEof) {
            close();
            return false;
        }
        in.growIfFull(front.limits().maxHeadBytes());
        return false;
    }

    private boolean body(long now) {
        if (backendStopped) {
            return dropClientBytes(now);
        }
        int n = Math.min(in.length(), toBackend.remaining());
        boolean done;
        if (chunked != null) {
            n = chunked.feed(in.bytes(), 0, n);
            if (chunked.malformed()) {
                front.log().aborted(address, "malformed chunked body");
                close();
                return false;
            }
            done = chunked.done();
        } else {
            n = (int) Math.min(n, bodyRemaining);
            bodyRemaining -= n;
            done = bodyRemaining == 0;
        }
        toBackend.put(in.bytes(), 0, n);
        in.consume(n);
        if (done) {
            phase = Phase.HEAD;
            chunked = null;
            return true;
        }
        if (clientEof && in.length() == 0) {
            // The body ended early: the server behind sees the same early end and answers it.
            phase = Phase.FINISHING;
            return true;
        }
        return false;
    }

    /** While the answer of a stopped server is still being passed on, what the client sends is dropped. */
    private boolean dropClientBytes(long now) {
        int n = in.length();
        in.clear();
        if (drain.dropped(n, now)) {
            close();
        }
        return false;
    }

    private void reject(Rejection r) {
        String requestId = front.requestId();
        front.log().rejected(r, requestId);
        rejection = r.toHttp(requestId, front.secure());
        in.clear();
        phase = Phase.REJECTING;
    }

    /** Earlier answers first: the server behind is told no more is coming, then the rejection follows its last byte. */
    private boolean rejecting() throws IOException {
        if (backend == null || (backendEof && toClient.position() == 0)) {
            if (rejection != null) {
                ensureToClient(rejection.length);
                toClient.put(rejection);
                rejection = null;
            }
            if (toClient.position() == 0) {
                drain(System.currentTimeMillis());
            }
            return false;
        }
        shutBackendWhenSent();
        return false;
    }

    private boolean finishing() throws IOException {
        if (backend == null || (backendEof && toClient.position() == 0 && !client.pending())) {
            close();
            return false;
        }
        shutBackendWhenSent();
        return false;
    }

    private void shutBackendWhenSent() {
        if (backendConnected && !backendShut && !backendStopped && toBackend.position() == 0) {
            try {
                backend.shutdownOutput();
            } catch (IOException e) {
                backendStopped = true;
            }
            backendShut = true;
        }
    }

    /**
     * Ends the link gracefully: our side is shut, and what the client still sends is read and dropped
     * within the bounds of {@link Drain}, so that it finds our answer rather than a reset.
     */
    private void drain(long now) throws IOException {
        if (backend != null) {
            quietly(backend);
            backendKey = null;
        }
        try {
            client.shutdownOutput();
        } catch (IOException e) {
            close();
            return;
        }
        phase = Phase.DRAIN;
        drain.start(now);
    }

    private boolean openBackend() throws IOException {
        if (backend != null) {
            return true;
        }
        backend = front.connectBackend();
        toBackend = ByteBuffer.allocate(BUFFER);
        ensureToClient(0);
        backendConnected = backend.isConnected();
        backendKey = front.register(backend, backendConnected ? 0 : SelectionKey.OP_CONNECT, this);
        return true;
    }

    private boolean fits(int bytes) {
        if (toBackend.remaining() >= bytes) {
            return true;
        }
        if (toBackend.position() == 0) {
            toBackend = ByteBuffer.allocate(bytes + BUFFER);
            return true;
        }
        return false;
    }

    private void ensureToClient(int bytes) {
        if (toClient == null) {
            toClient = ByteBuffer.allocate(Math.max(BUFFER, bytes));
        } else if (toClient.remaining() < bytes) {
            ByteBuffer bigger = ByteBuffer.allocate(toClient.position() + bytes);
            toClient.flip();
            bigger.put(toClient);
            toClient = bigger;
        }
    }

    private boolean wantsInput() {
        return (phase == Phase.HEAD || phase == Phase.BODY) && !clientEof && !in.full() || phase == Phase.DRAIN;
    }

    private void interest() {
        clientKey.interestOps(client.interestOps(wantsInput(), toClient != null && toClient.position() > 0));
        if (backendKey != null && backendKey.isValid()) {
            int backendOps;
            if (!backendConnected) {
                backendOps = SelectionKey.OP_CONNECT;
            } else {
                backendOps = (!backendEof && toClient.hasRemaining() ? SelectionKey.OP_READ : 0)
                        | (toBackend.position() > 0 ? SelectionKey.OP_WRITE : 0);
            }
            backendKey.interestOps(backendOps);
        }
    }

    private static void quietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // closing is best effort; the channel is gone either way
        }
    }
}
