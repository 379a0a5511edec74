package org.signet.http.front;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * The loopback connection one {@link Relay} holds to the server behind the front: the requests
 * waiting to go to it, in a direct buffer the socket writes from without a copy, and what is known of
 * the connection's state. Never blocks.
 */
final class InnerConnection {
    private static final int BUFFER = 32 * 1024;

    private final SocketChannel socket;
    private final SelectionKey key;
    private ByteBuffer requests = ByteBuffer.allocateDirect(BUFFER);
    private boolean connected;
    /** The server behind sent its last byte. */
    private boolean ended;
    /** Our direction is shut: the client sends nothing more. */
    private boolean shut;
    /** The server behind takes no more of this request (it answered early and closed): the rest is dropped. */
    private boolean stopped;
    private boolean closed;

    private InnerConnection(SocketChannel socket, SelectionKey key) {
        this.socket = socket;
        this.key = key;
        this.connected = socket.isConnected();
    }

    /** Starts connecting to {@code address}, its readiness reported to {@code relay} by {@code selector}. */
    static InnerConnection open(InetSocketAddress address, Selector selector, Relay relay) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.connect(address);
            SelectionKey key = channel.register(selector, channel.isConnected() ? 0 : SelectionKey.OP_CONNECT, relay);
            return new InnerConnection(channel, key);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    boolean owns(SelectionKey k) {
        return k == key;
    }

    /** The socket is ready: connects, reads answers into {@code answers}, sends requests; true when answers came. */
    boolean ready(SelectionKey k, Answers answers) throws IOException {
        if (k.isConnectable()) {
            connected = socket.finishConnect();
        }
        boolean read = k.isValid() && k.isReadable() && receive(answers);
        if (k.isValid() && k.isWritable()) {
            send();
        }
        return read;
    }

    /** Reads what the server behind has answered; true when anything came, its end included. */
    private boolean receive(Answers answers) {
        if (!answers.room() || ended) {
            return false;
        }
        try {
            int n = answers.readFrom(socket);
            if (n < 0) {
                end(answers);
            }
            return n != 0;
        } catch (IOException reset) {
            // What arrived before the reset is in the answers and still goes to the client.
            stopped = true;
            end(answers);
            return true;
        }
    }

    private void end(Answers answers) {
        ended = true;
        answers.innerEnded();
    }

    /**
     * Sends what requests are waiting: the bytes sent. The server behind closes a connection whose
     * request body it has not read to the end (it answered early: a body over a limit, say), and a
     * write to it then fails. That is no reason to drop the client: the answer it sent before closing
     * is still to be read and passed on.
     */
    int send() {
        if (!connected || stopped || requests.position() == 0) {
            return 0;
        }
        requests.flip();
        try {
            int n = socket.write(requests);
            requests.compact();
            return n;
        } catch (IOException e) {
            stopped = true;
            requests.clear();
            return 0;
        }
    }

    /** Room for {@code bytes} more to send, made by growing the buffer when it is empty and too small. */
    boolean fits(int bytes) {
        if (requests.remaining() >= bytes) {
            return true;
        }
        if (requests.position() == 0) {
            requests = ByteBuffer.allocateDirect(bytes + BUFFER);
            return true;
        }
        return false;
    }

    /** How many bytes more fit. */
    int room() {
        return requests.remaining();
    }

    /** Adds {@code b[offset..offset+length)} to what is sent; the caller has made sure it {@link #fits}. */
    void add(byte[] b, int offset, int length) {
        requests.put(b, offset, length);
    }

    /** Ends our direction once every request is sent; true when that happened now. */
    boolean shutWhenSent() {
        if (!connected || shut || stopped || requests.position() > 0) {
            return false;
        }
        try {
            socket.shutdownOutput();
        } catch (IOException e) {
            stopped = true;
        }
        shut = true;
        return true;
    }

    boolean ended() {
        return ended;
    }

    boolean stopped() {
        return stopped;
    }

    /** Sets what the socket waits for, given whether the answers have room. */
    void interest(boolean roomForAnswers) {
        if (closed || !key.isValid()) {
            return;
        }
        int ops = !connected ? SelectionKey.OP_CONNECT
                : (!ended && roomForAnswers ? SelectionKey.OP_READ : 0)
                        | (!stopped && requests.position() > 0 ? SelectionKey.OP_WRITE : 0);
        key.interestOps(ops);
    }

    void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            // closing is best effort; the channel is gone either way
        }
    }
}
