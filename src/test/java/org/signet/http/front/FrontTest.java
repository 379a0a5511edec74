package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A front on a clock the test moves, before a small JDK server that stands for Signet's (the front is a
 * leaf and knows nothing of Signet; {@code HeaderNamesOnTheWireTest} checks it in front of Signet itself):
 * what the JDK server would answer with an HTML page or a reset now gets the JSON envelope and a request
 * id; good requests, keep-alive, pipelining and chunked bodies pass through unchanged; header deadlines,
 * the minimum transfer rate and the cap on connections per address hold, on the front's clock rather
 * than the wall's.
 */
class FrontTest {
    private static final Pattern STATUS = Pattern.compile("^HTTP/1\\.1 (\\d{3}) ");
    private static final FrontLimits LIMITS = FrontLimits.of(Duration.ofSeconds(1), 1000, 6, 100, a -> false);

    /** One server behind every test's front: the tests only pass requests to it, and each has a front of its own. */
    private static HttpServer inner;

    private final AtomicLong millis = new AtomicLong(1_000_000);
    private Front front;

    @BeforeAll
    static void startInner() throws IOException {
        inner = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        inner.createContext("/", FrontTest::answer);
        inner.start();
    }

    @AfterAll
    static void stopInner() {
        inner.stop(0);
    }

    /**
     * What the server behind answers: {@code /healthz} as Signet does, {@code /list} with the headers of
     * a page of a list (which the JDK server sends as {@code X-wp-total}), {@code /echo} with the body it
     * read and the peer fields it was given, and 404 with Signet's code for anything else.
     */
    private static void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getRawPath();
            String json = switch (path) {
                case "/healthz" -> "{\"status\":\"ok\"}";
                case "/list" -> "[]";
                case "/echo" -> new String(body, StandardCharsets.UTF_8) + " peers="
                        + exchange.getRequestHeaders().get(PeerField.NAME);
                default -> "{\"code\":\"rest_no_route\"}";
            };
            if (path.equals("/list")) {
                exchange.getResponseHeaders().set("X-WP-Total", "0");
                exchange.getResponseHeaders().set("X-WP-TotalPages", "0");
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=UTF-8");
            exchange.getResponseHeaders().set("X-Request-Id", "abcdefABCDEF");
            byte[] out = json.getBytes(StandardCharsets.UTF_8);
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(json.startsWith("{\"code\"") ? 404 : 200, head ? -1 : out.length);
            if (!head) {
                exchange.getResponseBody().write(out);
            }
        }
    }

    @BeforeEach
    void startFront() throws IOException {
        InetSocketAddress behind = new InetSocketAddress(InetAddress.getLoopbackAddress(), inner.getAddress().getPort());
        front = Front.start(LIMITS, Transport.PLAIN, new PeerField(), millis::get,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), behind, 64);
    }

    @AfterEach
    void stopFront() {
        front.close();
    }

    private int port() {
        return front.port();
    }

    /**
     * Moves the front's clock {@code stepMs} at a time until {@code s} is closed by the front; answers
     * what it sent and how far the clock moved. Reads wait a moment between steps, so the front has read
     * what was sent before its deadline passes.
     */
    private Closed advanceUntilClosed(Socket s, long stepMs, long limitMs) throws Exception {
        s.setSoTimeout(20);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] buffer = new byte[8192];
        for (long moved = 0; moved <= limitMs; moved += stepMs) {
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    got.write(buffer, 0, n);
                }
                return new Closed(got.toString(StandardCharsets.ISO_8859_1), moved);
            } catch (java.net.SocketTimeoutException notYet) {
                millis.addAndGet(stepMs);
                front.wakeUp();
            } catch (SocketException reset) {
                return new Closed(got.toString(StandardCharsets.ISO_8859_1), moved);
            }
        }
        throw new AssertionError("still open after the clock moved " + limitMs + " ms: " + got);
    }

    /** What a connection the front closed had received, and how far the front's clock had moved. */
    private record Closed(String answer, long movedMs) {}

    /** Sends {@code request} in one piece, closes our side, and reads every byte the server sends back. */
    private String exchange(byte[] request) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request);
            s.shutdownOutput();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private String exchange(String request) throws Exception {
        return exchange(request.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void assertEnvelope(String answer, int status, String code) {
        Matcher m = STATUS.matcher(answer);
        assertTrue(m.find(), answer);
        assertEquals(status, Integer.parseInt(m.group(1)), answer);
        assertTrue(answer.contains("\"code\":\"" + code + "\""), answer);
        assertTrue(answer.contains("\"data\":{\"status\":" + status + "}"), answer);
        assertTrue(Pattern.compile("X-Request-Id: [A-Za-z0-9]{12}\r\n", Pattern.CASE_INSENSITIVE).matcher(answer).find(), answer);
        assertTrue(answer.contains("application/json"), answer);
        assertFalse(answer.contains("Exception") || answer.contains("java.") || answer.contains("<h1>"), answer);
    }

    @Test
    void malformedRequests_answeredWithTheJsonEnvelope() throws Exception {
        assertEnvelope(exchange("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"), 400, "bad_request");
        assertEnvelope(exchange("GET /a%zz HTTP/1.1\r\nHost: x\r\n\r\n"), 400, "bad_request");
        assertEnvelope(exchange("GARBAGE\r\n\r\n"), 400, "bad_request");
        assertEnvelope(exchange("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"), 501, "not_implemented");
        assertEnvelope(exchange("GET / HTTP/3.0\r\nHost: x\r\n\r\n"), 505, "http_version_not_supported");
    }

    @Test
    void oversizedHeadersAndUrl_431And414_notAReset() throws Exception {
        String bigHeader = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(512 * 1024) + "\r\n\r\n";
        assertEnvelope(exchange(bigHeader), 431, "request_header_fields_too_large");
        String bigUrl = "GET /" + "a".repeat(1024 * 1024) + " HTTP/1.1\r\nHost: x\r\n\r\n";
        assertEnvelope(exchange(bigUrl), 414, "uri_too_long");
        StringBuilder many = new StringBuilder("GET /healthz HTTP/1.1\r\nHost: x\r\n");
        for (int i = 0; i < 200; i++) {
            many.append("X-").append(i).append(": v\r\n");
        }
        assertEnvelope(exchange(many.append("\r\n").toString()), 431, "request_header_fields_too_large");
    }

    @Test
    void keepAliveAndPipelining_everyAnswerInOrderThenTheRejection() throws Exception {
        String two = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n";
        String answer = exchange(two + "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n");
        int ok = answer.indexOf("HTTP/1.1 200");
        int notFound = answer.indexOf("HTTP/1.1 404");
        int bad = answer.indexOf("HTTP/1.1 400");
        assertTrue(ok == 0 && notFound > ok && bad > notFound, answer);
        assertTrue(answer.contains("\"status\":\"ok\"") && answer.contains("rest_no_route"), answer);
    }

    @Test
    void answers_headerNamesInTheirUsualCase() throws Exception {
        String list = "GET /list HTTP/1.1\r\nHost: x\r\n\r\n";
        String answer = exchange("HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + list + list);
        String[] heads = answer.split("HTTP/1\\.1 ");
        assertEquals(4, heads.length, answer);
        for (String head : List.of(heads[2], heads[3])) {
            assertTrue(head.startsWith("200 "), answer);
            for (String name : List.of("X-WP-Total", "X-WP-TotalPages", "Content-Type", "X-Request-Id")) {
                assertTrue(head.contains("\r\n" + name + ": "), name + " in " + head);
            }
        }
        assertTrue(heads[1].contains("\r\nContent-Type: ") && !answer.contains("-type"), answer);
    }

    @Test
    void chunkedBody_passesThroughToTheHandler() throws Exception {
        String json = "{\"title\":\"Chunked\"}";
        String head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
        String body = "5\r\n" + json.substring(0, 5) + "\r\n" + Integer.toHexString(json.length() - 5) + "\r\n"
                + json.substring(5) + "\r\n0\r\n\r\n";
        String answer = exchange(head + body);
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertTrue(answer.contains("\r\n\r\n" + json + " peers="), "the handler read the whole body: " + answer);
    }

    @Test
    void slowHead_408AfterTheHeaderTimeout() throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port())) {
            s.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
            Closed closed = advanceUntilClosed(s, 250, 5_000);
            assertEnvelope(closed.answer(), 408, "request_timeout");
            assertTrue(closed.movedMs() > 1_000 && closed.movedMs() <= 1_750, "after " + closed.movedMs() + " ms");
        }
    }

    @Test
    void idleConnection_closedAfterTheHeaderTimeout() throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port())) {
            Closed closed = advanceUntilClosed(s, 250, 5_000);
            assertEquals("", closed.answer());
            assertTrue(closed.movedMs() > 1_000 && closed.movedMs() <= 1_750, "after " + closed.movedMs() + " ms");
        }
    }

    @Test
    void bodyBelowTheMinimumRate_connectionClosed() throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100000\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // Nothing more is sent: far below 1000 bytes a second, so the front gives up when the window closes.
            Closed closed = advanceUntilClosed(s, 500, 25_000);
            assertTrue(closed.movedMs() >= TransferRate.WINDOW_MS && closed.movedMs() <= TransferRate.WINDOW_MS + 1_000,
                    "closed after " + closed.movedMs() + " ms");
        }
        assertTrue(exchange("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startsWith("HTTP/1.1 200"));
    }

    @Test
    void connectionsPerAddress_capped_othersUnaffected() throws Exception {
        int port = port();
        InetAddress crowded = InetAddress.getByName("127.0.0.7");
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                held.add(connectFrom(crowded, port));
            }
            try (Socket seventh = connectFrom(crowded, port)) {
                seventh.setSoTimeout(5_000);
                assertEnvelope(readAll(seventh.getInputStream()), 429, "too_many_connections");
            }
            assertTrue(exchange("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startsWith("HTTP/1.1 200"));
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
        // Closed connections are given back: the address may connect again.
        pollUntilServed(crowded, port);
    }

    @Test
    void clientAddress_isTheSocketsNotAForgedPeerField() throws Exception {
        String head = "POST /echo HTTP/1.1\r\nHost: x\r\nX-Signet-Peer: forged 203.0.113.9\r\n"
                + "Content-Length: 2\r\nConnection: close\r\n\r\n{}";
        String answer = exchange(head);
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        Matcher peers = Pattern.compile("peers=\\[[A-Za-z0-9]{32} 127\\.0\\.0\\.1\\]").matcher(answer);
        assertTrue(peers.find() && !answer.contains("forged") && !answer.contains("203.0.113.9"),
                "one peer field, the front's, with the socket's address: " + answer);
    }

    private void pollUntilServed(InetAddress from, int port) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        String last = "";
        while (System.nanoTime() < deadline) {
            try (Socket s = connectFrom(from, port)) {
                s.setSoTimeout(5_000);
                s.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                last = readAll(s.getInputStream());
                if (last.startsWith("HTTP/1.1 200")) {
                    return;
                }
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("never served again: " + last);
    }

    private static Socket connectFrom(InetAddress from, int port) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
        return s;
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            // what arrived before a reset still counts
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }
}
