package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/** A client speaking plain HTTP: reads and writes go straight to the socket. */
final class PlainChannel implements ClientChannel {
    private final SocketChannel socket;

    PlainChannel(SocketChannel socket) {
        this.socket = socket;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return socket.read(dst);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return socket.write(src);
    }

    @Override
    public void flush() {
        // nothing is held back
    }

    @Override
    public boolean buffered() {
        return false;
    }

    @Override
    public boolean pending() {
        return false;
    }

    @Override
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    public int interestOps(boolean reading, boolean writing) {
        return (reading ? SelectionKey.OP_READ : 0) | (writing ? SelectionKey.OP_WRITE : 0);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing is best effort; the socket is gone either way
        }
    }
}
