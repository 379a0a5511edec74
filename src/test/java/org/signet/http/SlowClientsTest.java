package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestServer;

/**
 * Clients that send a request head a little at a time and never finish (S13) do not take the server
 * offline: while hundreds of them hold their connections, health checks and API calls are answered.
 */
class SlowClientsTest {
    private static final int SLOW = 300;

    @TempDir
    Path dir;

    @Test
    void manySlowClients_othersStillServed() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            TestServer.Account alice = server.account("alice@example.org", false);
            int port = URI.create(server.app.siteUrl()).getPort();
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < SLOW; i++) {
                    Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
                    OutputStream out = s.getOutputStream();
                    out.write(("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow-" + i + ": a")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    slow.add(s);
                }
                // Each slow client now holds a worker reading its head; the next requests need others.
                long started = System.nanoTime();
                assertEquals(200, server.get("/healthz", null).statusCode());
                assertEquals(200, server.get("documents", alice.full()).statusCode());
                long millis = (System.nanoTime() - started) / 1_000_000;

                assertTrue(millis < 2_000, "two requests took " + millis + " ms beside " + SLOW + " slow clients");
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }
}
