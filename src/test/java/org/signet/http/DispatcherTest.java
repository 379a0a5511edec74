package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.store.ApiKeyStore;
import org.signet.support.RoutesOnHttp;
import org.signet.support.TestServer;

/** The HTTP core on its own: a real server with test routes, a real database for keys. */
class DispatcherTest {
    @TempDir
    Path dir;
    RoutesOnHttp http;
    ApiKeyStore.Created key;
    final CountDownLatch slowEntered = new CountDownLatch(1);
    final CountDownLatch slowRelease = new CountDownLatch(1);
    final HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

    @BeforeEach
    void start() throws Exception {
        Router rest = new Router();
        rest.post("/echo", req -> {
            Body b = req.json();
            String name = b.requireString("name");
            long count = b.optLong("count", 1, 10).orElse(1L);
            b.check();
            return Response.ok(Map.of("name", name, "count", count));
        });
        rest.get("/boom", req -> {
            throw new IllegalStateException("secret detail /var/lib/thing");
        });
        rest.get("/slow", req -> {
            slowEntered.countDown();
            slowRelease.await(10, TimeUnit.SECONDS);
            return Response.ok(Map.of("done", true));
        });
        http = RoutesOnHttp.start(dir, rest);
        key = http.key();
    }

    @AfterEach
    void stop() {
        slowRelease.countDown();
        http.close();
    }

    private HttpResponse<String> call(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path)))
                .header("X-WPS-API-Key", key.key().key()).header("X-WPS-API-Secret", key.secret());
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String url(String path) {
        return "http://127.0.0.1:" + http.port() + "/wp-json/wpsigner/v1" + path;
    }

    @Test
    void handle_unknownRouteAndWrongMethodAreRestNoRoute() throws Exception {
        for (HttpResponse<String> r : List.of(call("GET", "/nope", null), call("GET", "/echo", null),
                call("DELETE", "/echo", null))) {
            assertEquals(404, r.statusCode());
            assertEquals("rest_no_route", TestServer.code(r));
            assertEquals(404, ((Number) TestServer.data(r).get("status")).intValue());
        }
    }

    @Test
    void handle_everyResponseCarriesARequestId() throws Exception {
        HttpResponse<String> a = call("POST", "/echo", "{\"name\":\"x\"}");
        HttpResponse<String> b = call("GET", "/nope", null);
        assertTrue(a.headers().firstValue("X-Request-Id").orElseThrow().length() >= 8);
        assertFalse(a.headers().firstValue("X-Request-Id").equals(b.headers().firstValue("X-Request-Id")));
    }

    @Test
    void json_badBodiesAreRestInvalidJson() throws Exception {
        String deep = "[".repeat(10_000) + "]".repeat(10_000);
        for (String body : List.of("{not json", "[1,2]", "\"text\"", deep, "{\"name\": \"x\"} trailing")) {
            HttpResponse<String> r = call("POST", "/echo", body);
            assertEquals(400, r.statusCode(), body.length() > 50 ? "deep" : body);
            assertEquals("rest_invalid_json", TestServer.code(r));
        }
    }

    @Test
    void json_invalidUtf8IsRestInvalidJson() throws Exception {
        byte[] bytes = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        HttpRequest r = HttpRequest.newBuilder(URI.create(url("/echo")))
                .header("X-WPS-API-Key", key.key().key()).header("X-WPS-API-Secret", key.secret())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build();
        HttpResponse<String> resp = client.send(r, HttpResponse.BodyHandlers.ofString());
        assertEquals(400, resp.statusCode());
        assertEquals("rest_invalid_json", TestServer.code(resp));
    }

    @Test
    void body_missingAndInvalidParametersAreReportedByName() throws Exception {
        HttpResponse<String> missing = call("POST", "/echo", "{}");
        assertEquals("rest_missing_callback_param", TestServer.code(missing));
        assertEquals(List.of("name"), TestServer.data(missing).get("params"));
        HttpResponse<String> invalid = call("POST", "/echo", "{\"name\":\"x\",\"count\":\"many\"}");
        assertEquals("rest_invalid_param", TestServer.code(invalid));
        assertTrue(((Map<?, ?>) TestServer.data(invalid).get("params")).containsKey("count"));
        HttpResponse<String> range = call("POST", "/echo", "{\"name\":\"x\",\"count\":1e400}");
        assertEquals("rest_invalid_param", TestServer.code(range));
        HttpResponse<String> ok = call("POST", "/echo", "{\"name\":\"x\",\"count\":3,\"extra\":true}");
        assertEquals(200, ok.statusCode());
        assertEquals("x", TestServer.object(ok).get("name"));
        assertEquals(3, ((Number) TestServer.object(ok).get("count")).intValue());
    }

    @Test
    void handle_unexpectedFailureIsAGeneric500WithOnlyTheRequestId() throws Exception {
        HttpResponse<String> r = call("GET", "/boom", null);
        assertEquals(500, r.statusCode());
        assertEquals("internal_server_error", TestServer.code(r));
        assertFalse(r.body().contains("secret detail"));
        assertFalse(r.body().contains("Exception"));
        assertTrue(r.body().contains(r.headers().firstValue("X-Request-Id").orElseThrow()));
    }

    @Test
    void stop_letsAnInFlightRequestFinish() throws Exception {
        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(HttpRequest.newBuilder(URI.create(url("/slow")))
                .header("X-WPS-API-Key", key.key().key()).header("X-WPS-API-Secret", key.secret()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(slowEntered.await(10, TimeUnit.SECONDS));
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> http.service().stop(Duration.ofSeconds(10)));
        slowRelease.countDown();
        assertEquals(200, inFlight.get(10, TimeUnit.SECONDS).statusCode());
        stopping.get(15, TimeUnit.SECONDS);
    }

    @Test
    void handle_malformedRequestLineGetsA4xxNotAHang() throws Exception {
        try (Socket s = new Socket("127.0.0.1", http.port())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write(("GET /wp-json/wpsigner/v1/%zz HTTP/1.1\r\nHost: x\r\n" + "X-Big: " + "a".repeat(200)
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String status = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            assertTrue(status.startsWith("HTTP/1.1 4"), status);
        }
    }
}
