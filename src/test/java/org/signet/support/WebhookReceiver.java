package org.signet.support;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.signet.crypto.Tokens;
import org.signet.json.Json;

/**
 * A real webhook receiver: a JDK {@code HttpServer} on a loopback port that records every request
 * and answers with the statuses it is told to (200 once they run out).
 */
public final class WebhookReceiver implements AutoCloseable {
    /** One request as it arrived: its headers and the exact body bytes. */
    public record Received(String event, String delivery, String signature, String timestamp, String userAgent,
            byte[] body, String host) {
        public Map<String, Object> json() {
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> m = (Map<String, Object>) Json.parse(new String(body, StandardCharsets.UTF_8));
                return m;
            } catch (Exception e) {
                throw new AssertionError("body is not JSON", e);
            }
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> data() {
            return (Map<String, Object>) json().get("data");
        }

        /** Whether the signature header is right for this body under {@code secret}. */
        public boolean signedWith(String secret) {
            return ("sha256=" + Tokens.hmacSha256Hex(secret, body)).equals(signature);
        }
    }

    private final HttpServer server;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Integer> statuses = new ConcurrentLinkedQueue<>();
    private volatile String redirectTo;

    private WebhookReceiver(HttpServer server) {
        this.server = server;
    }

    public static WebhookReceiver start() throws IOException {
        return startOn(0);
    }

    /**
     * Holds a port of the loopback interface ({@code 0}: any free one) without listening on it: a
     * connection to it is refused, as to a receiver that is down, and no other process can take the
     * port before the receiver comes back on it with {@link #startOn(Socket)}.
     */
    public static Socket holdPort(int port) throws IOException {
        Socket held = new Socket();
        held.setReuseAddress(true);
        held.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return held;
    }

    /** Stops answering, keeping the port as {@link #holdPort} does, to come back on it later. */
    public Socket closeHoldingPort() throws IOException {
        int port = port();
        close();
        return holdPort(port);
    }

    /** Back on the port {@code held} kept: "the same receiver" again. */
    public static WebhookReceiver startOn(Socket held) throws IOException {
        int port = held.getLocalPort();
        held.close();
        return startOn(port);
    }

    /** On a given port, e.g. the one an earlier receiver had, to bring "the same receiver" back. */
    public static WebhookReceiver startOn(int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        WebhookReceiver r = new WebhookReceiver(server);
        server.createContext("/", exchange -> {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                var h = exchange.getRequestHeaders();
                r.received.add(new Received(h.getFirst("X-WPS-Event"), h.getFirst("X-WPS-Delivery"),
                        h.getFirst("X-WPS-Signature"), h.getFirst("X-WPS-Timestamp"), h.getFirst("User-Agent"), body,
                        h.getFirst("Host")));
                if (r.redirectTo != null) {
                    exchange.getResponseHeaders().add("Location", r.redirectTo);
                    exchange.sendResponseHeaders(302, -1);
                    return;
                }
                Integer status = r.statuses.poll();
                byte[] answer = ("received " + (status == null ? 200 : status)).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status == null ? 200 : status, answer.length);
                exchange.getResponseBody().write(answer);
            }
        });
        server.start();
        return r;
    }

    public String url() {
        return "http://127.0.0.1:" + port() + "/hook";
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The next requests are answered with these statuses, in order. */
    public void answer(Integer... statuses) {
        this.statuses.addAll(List.of(statuses));
    }

    /** Every request is answered with a redirect to {@code location}. */
    public void redirectTo(String location) {
        this.redirectTo = location;
    }

    /** The next request, waiting up to {@code timeout}; fails when none comes. */
    public Received next(Duration timeout) {
        try {
            Received r = received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (r == null) {
                throw new AssertionError("no webhook request within " + timeout);
            }
            return r;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Everything received so far, without waiting. */
    public List<Received> drain() {
        List<Received> out = new ArrayList<>();
        received.drainTo(out);
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
