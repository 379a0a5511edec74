package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestServer;

/**
 * Clients that send a request head a little at a time and never finish do not take the server
 * offline: while a thousand of them, from ten other addresses, hold their connections, health checks
 * and API calls are answered as fast as ever, and no worker thread is spent on them. It times answers
 * in milliseconds, so it runs alone, after the test classes that run side by side (pom.xml, alone-tests).
 */
@Tag("alone")
class SlowClientsTest {
    private static final int SLOW = 1_000;
    private static final int ADDRESSES = 10;

    @TempDir
    Path dir;

    @Test
    void thousandSlowClients_othersStillServedWithin100ms() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            TestServer.Account alice = server.account("alice@example.org", false);
            int port = URI.create(server.app.siteUrl()).getPort();
            assertEquals(200, server.get("documents", alice.full()).statusCode()); // warm: first use loads classes
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < SLOW; i++) {
                    Socket s = new Socket();
                    s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0." + (2 + i % ADDRESSES)), 0));
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
                    OutputStream out = s.getOutputStream();
                    out.write(("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow-" + i + ": a")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    slow.add(s);
                }
                long[] millis = new long[10];
                for (int i = 0; i < millis.length; i++) {
                    long started = System.nanoTime();
                    int status = i % 2 == 0 ? server.get("/healthz", null).statusCode()
                            : server.get("documents", alice.full()).statusCode();
                    millis[i] = (System.nanoTime() - started) / 1_000_000;
                    assertEquals(200, status);
                }
                Arrays.sort(millis);
                assertTrue(millis[millis.length / 2] < 100, "median " + Arrays.toString(millis) + " ms beside " + SLOW);
                assertTrue(millis[millis.length - 1] < 1_000, "slowest " + Arrays.toString(millis) + " ms");
                assertTrue(server.app.openConnections() >= SLOW, "the slow clients are all still connected");
                long workers = Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> t.getName().startsWith("signet-http-")).count();
                assertTrue(workers < 50, workers + " worker threads for " + SLOW + " unfinished heads");
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }
}
