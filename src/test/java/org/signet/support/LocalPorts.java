package org.signet.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Whether something listens on a port of this machine's loopback interface. */
public final class LocalPorts {
    private LocalPorts() {}

    /** True when a connection to {@code port} on 127.0.0.1 is accepted within a second. */
    public static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
