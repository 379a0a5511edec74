package org.signet.http.front;

import java.io.IOException;
import java.nio.channels.SelectionKey;

/**
 * One client connection through the front: reads and checks each request head, passes it and its
 * body to the server behind on an {@link InnerConnection}, and passes the answers back with their
 * header names in their usual case. It never blocks; the front's one thread calls it when a socket
 * is ready and on every tick, which is how timeouts and the minimum transfer rate are kept without a
 * thread per slow client. The client's side is a {@link ClientChannel}, plain or TLS; a TLS
 * handshake is bounded as a request head is. Its {@link Phase} changes only through the methods
 * named after each change ({@link #startBody}, {@link #endBody}, {@link #reject}, {@link #finish},
 * {@link #drain}, {@link #close}).
 */
final class Relay {
    private static final long IDLE_MS = 5 * 60_000;

    /** Where a relay stands. */
    enum Phase {
        /** Waiting for a request head, or reading one. */
        HEAD,
        /** Passing a request's body on. */
        BODY,
        /** A request was refused: earlier answers go first, then the rejection. */
        REJECTING,
        /** The client has ended its side: the last answers are passed on, then the relay closes. */
        FINISHING,
        /** Our side is shut: what the client still sends is read and dropped, within {@link Drain}'s bounds. */
        DRAIN,
        CLOSED
    }

    private final RelayContext context;
    private final ClientChannel client;
    private final SelectionKey clientKey;
    private final String address;
    /** The field that tells the server behind who this client is, the same for every request of the connection. */
    private final RequestHead.Field peer;
    private final boolean counted;
    private final long acceptedAt;
    private final ClientInput input = new ClientInput();
    private final Answers answers = new Answers();
    private final Drain drain = new Drain();
    private final TransferRate rate;
    /** Opened for the first request that passes; null before. */
    private InnerConnection inner;
    private Phase phase = Phase.HEAD;
    private boolean clientEnded;
    private boolean headStarted;
    private long headStartedAt;
    private long lastActivity;
    private RequestBody body;
    private byte[] rejection;

    Relay(RelayContext context, ClientChannel client, SelectionKey clientKey, String address, boolean counted,
            long now) {
        this.context = context;
        this.client = client;
        this.clientKey = clientKey;
        this.address = address;
        this.peer = new RequestHead.Field(PeerField.NAME, context.peerValue(address));
        this.counted = counted;
        this.acceptedAt = now;
        this.lastActivity = now;
        this.rate = new TransferRate(context.limits().minBytesPerSecond());
    }

    String address() {
        return address;
    }

    /** Whether this connection counts against its address's cap (it was not refused as it arrived). */
    boolean counted() {
        return counted;
    }

    /** A socket of this relay is ready: move what can be moved, then say what to wait for next. */
    void ready(SelectionKey key, long now) throws IOException {
        if (key == clientKey) {
            if (key.isReadable()) {
                readClient(now);
            }
            if (key.isValid() && key.isWritable()) {
                client.flush();
                sendAnswers();
            }
        } else if (inner != null && inner.owns(key) && inner.ready(key, answers)) {
            lastActivity = now;
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
        long headerTimeout = context.limits().headerTimeout().toMillis();
        switch (phase) {
            case HEAD -> headDeadlines(now, headerTimeout);
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
            context.log().slow(address);
            close();
        }
        if (phase != Phase.CLOSED) {
            settle(now);
        }
    }

    private void headDeadlines(long now, long headerTimeout) {
        if (headStarted && now - headStartedAt > headerTimeout) {
            reject(Rejection.headTimeout());
        } else if (!headStarted && inner == null && now - acceptedAt > headerTimeout) {
            close(); // never sent a request (or never finished its TLS handshake)
        } else if (!headStarted && now - lastActivity > IDLE_MS) {
            close();
        }
    }

    /** Moves bytes and takes steps until nothing more moves, then sets what each socket waits for. */
    private void settle(long now) throws IOException {
        while (phase != Phase.CLOSED && moveOnce(now)) {
            // each round moved bytes or changed the phase; the next may move more
        }
        if (phase != Phase.CLOSED) {
            clientKey.interestOps(client.interestOps(wantsInput(), answers.sendable()));
            if (inner != null) {
                inner.interest(answers.room());
            }
        }
    }

    /** One round: what TLS decrypted ahead, one step of the phase, then both writes; true when anything moved. */
    private boolean moveOnce(long now) throws IOException {
        // Bytes TLS decrypted ahead: the socket has nothing more, so the selector would not say so.
        boolean moved = client.buffered() && wantsInput() && readClient(now);
        moved |= step(now);
        if (phase == Phase.CLOSED) {
            return false;
        }
        if (inner != null) {
            moved |= inner.send() > 0;
        }
        return sendAnswers() > 0 || moved;
    }

    private boolean step(long now) throws IOException {
        return switch (phase) {
            case HEAD -> innerEnded(now) || passHead(now);
            case BODY -> innerEnded(now) || passBody(now);
            case REJECTING -> sendRejection(now);
            case FINISHING -> closeWhenAnswered();
            default -> false;
        };
    }

    /** Reads from the client; true when that changed anything. */
    private boolean readClient(long now) throws IOException {
        if (phase == Phase.DRAIN) {
            int n = client.read(context.scratch());
            if (n < 0 || drain.dropped(n, now)) {
                close();
                return true;
            }
            return n > 0;
        }
        int n = input.readFrom(client);
        if (n < 0) {
            boolean news = !clientEnded;
            clientEnded = true;
            return news;
        }
        rate.moved(n);
        lastActivity = now;
        return n > 0;
    }

    private int sendAnswers() throws IOException {
        int n = answers.writeTo(client);
        rate.moved(n);
        return n;
    }

    /** The server behind closed (Connection: close, or it gave up on a body) and all it said is sent: so does the relay. */
    private boolean innerEnded(long now) throws IOException {
        if (inner != null && inner.ended() && !answers.waiting()) {
            drain(now);
            return true;
        }
        return false;
    }

    /** Passes on one head if it is complete; true when that, or a rejection, happened. */
    private boolean passHead(long now) throws IOException {
        if (inner != null && inner.stopped()) {
            return dropInput(now);
        }
        noteHeadStart(now);
        if (input.length() == 0) {
            if (clientEnded) {
                finish();
                return true;
            }
            return false;
        }
        int end = input.headEnd();
        if (end < 0) {
            return incompleteHead();
        }
        HeadParser.Result result = context.parser().parse(input.bytes(), end);
        if (result.rejection() != null) {
            reject(result.rejection());
            return true;
        }
        return forward(result.head(), end);
    }

    /** The header deadline runs from the first byte of a head, empty lines before it not counted. */
    private void noteHeadStart(long now) {
        if (!headStarted) {
            input.skipEmptyLines();
            if (input.length() > 0) {
                headStarted = true;
                headStartedAt = now;
            }
        }
    }

    private boolean incompleteHead() {
        Rejection r = context.parser().whileIncomplete(input.bytes(), input.length());
        if (r != null) {
            reject(r);
            return true;
        }
        if (clientEnded) {
            close();
            return true;
        }
        input.growIfFull(context.limits().maxHeadBytes());
        return false;
    }

    /** Queues the checked head for the server behind; false while there is no room for it yet. */
    private boolean forward(RequestHead head, int end) throws IOException {
        byte[] bytes = head.toBytes(peer);
        if (inner == null) {
            inner = context.connect(this);
        }
        if (!inner.fits(bytes.length)) {
            return false;
        }
        inner.add(bytes, 0, bytes.length);
        answers.asked(head.method());
        input.consume(end);
        headStarted = false;
        if (head.hasBody()) {
            startBody(head);
        }
        return true;
    }

    private boolean passBody(long now) {
        if (inner.stopped()) {
            return dropInput(now);
        }
        int n = body.take(input.buffer(), Math.min(input.length(), inner.room()));
        if (body.malformed()) {
            context.log().aborted(address, "malformed chunked body");
            close();
            return true;
        }
        inner.add(input.bytes(), 0, n);
        input.consume(n);
        if (body.done()) {
            endBody();
            return true;
        }
        if (clientEnded && input.length() == 0) {
            // The body ended early: the server behind sees the same early end and answers it.
            finish();
            return true;
        }
        return n > 0;
    }

    /** While the answer of a stopped server is still being passed on, what the client sends is dropped. */
    private boolean dropInput(long now) {
        int n = input.length();
        input.clear();
        if (drain.dropped(n, now)) {
            close();
            return true;
        }
        return false;
    }

    /** Earlier answers first: the server behind is told no more is coming, then the rejection follows its last byte. */
    private boolean sendRejection(long now) throws IOException {
        if (inner != null && !(inner.ended() && !answers.waiting())) {
            return inner.shutWhenSent();
        }
        if (rejection != null) {
            answers.add(rejection);
            rejection = null;
            return true;
        }
        if (!answers.waiting()) {
            drain(now);
            return true;
        }
        return false;
    }

    private boolean closeWhenAnswered() {
        if (inner == null || (inner.ended() && !answers.waiting() && !client.pending())) {
            close();
            return true;
        }
        return inner.shutWhenSent();
    }

    // The transitions: each is the one place its phase is entered.

    private void startBody(RequestHead head) {
        body = RequestBody.of(head);
        phase = Phase.BODY;
    }

    private void endBody() {
        body = null;
        phase = Phase.HEAD;
    }

    private void reject(Rejection r) {
        String requestId = context.requestId();
        context.log().rejected(r, requestId);
        rejection = r.toHttp(requestId, context.secure());
        input.clear();
        phase = Phase.REJECTING;
    }

    private void finish() {
        phase = Phase.FINISHING;
    }

    /**
     * Ends the relay gracefully: our side is shut, and what the client still sends is read and dropped
     * within the bounds of {@link Drain}, so that it finds our answer rather than a reset.
     */
    private void drain(long now) throws IOException {
        if (inner != null) {
            inner.close();
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

    void close() {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.CLOSED;
        client.close();
        if (inner != null) {
            inner.close();
        }
        context.closed(this);
    }

    private boolean waitingOnClient() {
        boolean wantsBody = phase == Phase.BODY && !clientEnded && !inner.stopped() && inner.room() > 0;
        // Answers held back wait on the server behind, not on the client.
        return wantsBody || answers.sendable();
    }

    private boolean wantsInput() {
        return (phase == Phase.HEAD || phase == Phase.BODY) && !clientEnded && !input.full() || phase == Phase.DRAIN;
    }
}
