package org.signet.evidence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The bounds of every exchange with an authority or responder, against a real server on loopback. */
class HttpTest {
    private HttpServer server;
    private final CountDownLatch release = new CountDownLatch(1);
    private final Http http = new Http(HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build(),
            Duration.ofMillis(500));

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/echo", e -> {
            try (e) {
                byte[] body = e.getRequestBody().readAllBytes();
                e.sendResponseHeaders(200, body.length);
                e.getResponseBody().write(body);
            }
        });
        server.createContext("/big", e -> {
            try (e) {
                e.sendResponseHeaders(200, 0);
                e.getResponseBody().write(new byte[64 * 1024]);
            }
        });
        server.createContext("/stalls", e -> {
            try (e) {
                release.await(10, TimeUnit.SECONDS);
                e.sendResponseHeaders(200, -1);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        });
        server.createContext("/missing", e -> {
            try (e) {
                e.sendResponseHeaders(404, -1);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        release.countDown();
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void post_answer_itsBody() throws Exception {
        assertArrayEquals(new byte[] {1, 2, 3}, http.post(uri("/echo"), "application/octet-stream", new byte[] {1, 2, 3},
                10));
    }

    @Test
    void get_answerLargerThanTheBound_refused() {
        IOException e = assertThrows(IOException.class, () -> http.get(uri("/big"), 1024));

        assertTrue(e.getMessage().contains("larger than 1024 bytes"), e.getMessage());
    }

    @Test
    void get_noAnswerInTime_refusedAfterTheTimeout() {
        long started = System.nanoTime();

        IOException e = assertThrows(IOException.class, () -> http.get(uri("/stalls"), 1024));

        assertTrue(e.getMessage().contains("did not answer within"), e.getMessage());
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(5).toNanos());
    }

    @Test
    void get_notOk_refusedWithTheStatus() {
        IOException e = assertThrows(IOException.class, () -> http.get(uri("/missing"), 1024));

        assertEquals(uri("/missing") + " answered HTTP 404", e.getMessage());
    }

    @Test
    void get_notHttp_refusedWithoutConnecting() {
        IOException e = assertThrows(IOException.class, () -> http.get(URI.create("ldap://u:pw@ldap.example.org/"), 10));

        assertTrue(e.getMessage().startsWith("not an http(s) address"), e.getMessage());
        assertFalse(e.getMessage().contains("pw"), e.getMessage());
    }

    @Test
    void redacted_userInformation_leftOut() {
        assertEquals("https://tsa.example.org:8443/tsr?x=1",
                Http.redacted(URI.create("https://user:pass@tsa.example.org:8443/tsr?x=1")));
        assertEquals("http://tsa.example.org", Http.redacted(URI.create("http://tsa.example.org")));
    }
}
