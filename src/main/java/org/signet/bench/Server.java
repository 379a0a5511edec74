package org.signet.bench;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.signet.process.ChildProcess;

/** A server process the bench started (Signet or the baseline) and the loopback address it answers on. */
record Server(ChildProcess process, InetSocketAddress address) implements AutoCloseable {
    Server(ChildProcess process, int port) {
        this(process, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    }

    /** SIGTERM and up to 30 s for a graceful stop, then SIGKILL. */
    @Override
    public void close() {
        process.close();
    }
}
