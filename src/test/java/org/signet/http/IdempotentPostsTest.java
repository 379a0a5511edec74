package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.ApiKey.Permission;
import org.signet.store.ApiKeyStore;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;
import org.signet.support.TestServer.Credentials;
import org.signet.support.Waits;

/** Idempotency keys on a real Signet: replays, reuse, a request still running, scoping, and many copies at once. */
class IdempotentPostsTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("db.readers=16", "webhooks.allow_private=true").onSystemClock();

    private static final String KEY = "7f9c2ba4-e88f-4d2a-9d4c-0a1b2c3d4e5f";
    private static final String WEBHOOK = "{\"url\":\"http://127.0.0.1:9/h\",\"events\":[\"*\"]}";

    Account alice;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
    }

    private HttpResponse<String> upload(Credentials c, String key, Multipart body) {
        HttpRequest.Builder b = body.post(signet.server().request("documents/upload", c));
        return signet.server().send((key == null ? b : b.header(IdempotentPosts.HEADER, key)).build());
    }

    private HttpResponse<String> postJson(String path, Credentials c, String key, String json) {
        return signet.server().send(signet.server().request(path, c).header(IdempotentPosts.HEADER, key)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /** The same bytes every time for one label: a PDF made twice differs in its id and dates. */
    private final Map<String, Multipart> uploads = new HashMap<>();

    private Multipart pdf(String label) {
        return uploads.computeIfAbsent(label, l -> new Multipart().text("title", "Contract " + l)
                .file("file", l + ".pdf", "application/pdf", TestFiles.pdf(1, l)));
    }

    private int documents(Credentials c) {
        return Integer.parseInt(expect(200, signet.server().get("documents", c)).headers().firstValue("X-WP-Total").orElseThrow());
    }

    private static boolean replayed(HttpResponse<?> r) {
        return r.headers().firstValue(IdempotentPosts.REPLAYED).filter("true"::equals).isPresent();
    }

    @Test
    void post_sameKeyAndRequest_answeredAgainWithoutRunning() {
        HttpResponse<String> first = expect(201, upload(alice.full(), KEY, pdf("a")));
        HttpResponse<String> again = expect(201, upload(alice.full(), KEY, pdf("a")));
        assertFalse(first.headers().firstValue(IdempotentPosts.REPLAYED).isPresent(), "the first answer ran");
        assertTrue(replayed(again));
        assertEquals(first.body(), again.body(), "the same answer, byte for byte");
        assertEquals(1, documents(alice.full()));
        expect(201, upload(alice.full(), null, pdf("a")));
        assertEquals(2, documents(alice.full()), "without a key every upload runs");
    }

    @Test
    void post_sameKeyWithAnotherBodyOrPath_isKeyReusedAndChangesNothing() {
        expect(201, upload(alice.full(), KEY, pdf("a")));
        HttpResponse<String> otherBody = upload(alice.full(), KEY, pdf("b"));
        assertEquals(422, otherBody.statusCode(), otherBody.body());
        assertEquals("idempotency_key_reused", code(otherBody));
        HttpResponse<String> otherPath = signet.server().send(pdf("a").post(signet.server().request("files", alice.full()))
                .header(IdempotentPosts.HEADER, KEY).build());
        assertEquals(422, otherPath.statusCode(), otherPath.body());
        assertEquals("idempotency_key_reused", code(otherPath));
        HttpResponse<String> json = postJson("webhooks", alice.full(), KEY, "{\"url\":\"https://example.org/h\"}");
        assertEquals("idempotency_key_reused", code(expect(422, json)));
        assertEquals(1, documents(alice.full()));
        assertTrue(expect(200, signet.server().get("webhooks", alice.full())).body().equals("[]"), "no webhook was made");
    }

    @Test
    void post_refusedFirstAnswer_isNotKept_andTheCorrectedRequestRunsUnderTheSameKey() {
        String noUrl = "{\"events\":[\"*\"]}";
        expect(400, postJson("webhooks", alice.full(), KEY, noUrl));
        HttpResponse<String> again = expect(400, postJson("webhooks", alice.full(), KEY, noUrl));
        assertFalse(replayed(again), "a refusal changed nothing and is not kept: the retry ran");
        assertEquals(0, kept(), "nothing is kept for a refusal");
        HttpResponse<String> corrected = expect(201, postJson("webhooks", alice.full(), KEY, WEBHOOK));
        assertFalse(replayed(corrected));
        assertTrue(replayed(expect(201, postJson("webhooks", alice.full(), KEY, WEBHOOK))));
    }

    @Test
    void post_bodyOverTheLimit_413IsNotKept_andTheSmallerBodyRunsUnderTheSameKey() {
        String tooLarge = "{\"url\":\"https://example.org/h\",\"padding\":\"" + "x".repeat((1 << 20) + 100) + "\"}";
        HttpResponse<String> refused = postJson("webhooks", alice.full(), KEY, tooLarge);
        assertEquals(413, refused.statusCode(), refused.body());
        assertEquals(0, kept());
        HttpResponse<String> corrected = expect(201, postJson("webhooks", alice.full(), KEY, WEBHOOK));
        assertFalse(replayed(corrected), "the corrected body ran, not refused as another request under a used key");
    }

    /** The answers kept under idempotency keys now. */
    private long kept() {
        return signet.server().app.database().queryLong("SELECT COUNT(*) FROM idempotency_keys");
    }

    @Test
    void post_invalidKey_isRestInvalidParamAndRunsNothing() throws Exception {
        for (String bad : List.of("", "a".repeat(256), "two words", "tab\tbed")) {
            HttpResponse<String> r = upload(alice.full(), bad, pdf("a"));
            assertEquals(400, r.statusCode(), bad + ": " + r.body());
            assertEquals("rest_invalid_param", code(r));
        }
        HttpResponse<String> twice = signet.server().send(pdf("a").post(signet.server().request("documents/upload", alice.full()))
                .header(IdempotentPosts.HEADER, "k1").header(IdempotentPosts.HEADER, "k2").build());
        assertEquals("rest_invalid_param", code(expect(400, twice)));
        String nonAscii = rawExchange(head(pdf("a").bytes().length, "caf\u00e9").getBytes(StandardCharsets.ISO_8859_1),
                pdf("a").bytes());
        assertTrue(nonAscii.startsWith("HTTP/1.1 400") && nonAscii.contains("\"rest_invalid_param\""), nonAscii);
        assertEquals(0, documents(alice.full()));
        expect(201, upload(alice.full(), "!" + "~".repeat(254), pdf("a")));
    }

    @Test
    void post_sameKeyFromAnotherApiKey_runsOnItsOwn() {
        ApiKeyStore.Created second = signet.server().app.keys().create(alice.user().id(), "second", "", Permission.FULL, 1000);
        Credentials other = new Credentials(second.key().key(), second.secret());
        HttpResponse<String> mine = expect(201, upload(alice.full(), KEY, pdf("a")));
        HttpResponse<String> theirs = expect(201, upload(other, KEY, pdf("a")));
        assertFalse(replayed(theirs));
        assertFalse(mine.body().equals(theirs.body()), "two documents");
        assertEquals(2, documents(alice.full()));
        assertTrue(replayed(upload(other, KEY, pdf("a"))));
    }

    @Test
    void post_whileTheFirstIsStillReadingItsBody_isInProgress() throws Exception {
        byte[] body = pdf("slow").bytes();
        int half = body.length / 2;
        try (Socket socket = new Socket("127.0.0.1", signet.server().app.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(head(body.length, KEY).getBytes(StandardCharsets.US_ASCII));
            out.write(body, 0, half);
            out.flush();
            Waits.awaitUntil(() -> claimed(KEY), "the first request holds the key");
            HttpResponse<String> meanwhile = upload(alice.full(), KEY, pdf("slow"));
            assertEquals(409, meanwhile.statusCode(), meanwhile.body());
            assertEquals("idempotency_in_progress", code(meanwhile));
            assertEquals("idempotency_in_progress", code(upload(alice.full(), KEY, pdf("other"))));
            out.write(body, half, body.length - half);
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 201"), answer);
            String firstBody = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            HttpResponse<String> retry = expect(201, upload(alice.full(), KEY, pdf("slow")));
            assertTrue(replayed(retry));
            assertEquals(firstBody, retry.body(), "the streamed upload was fingerprinted whole");
        }
        assertEquals(1, documents(alice.full()));
    }

    /** The head of an upload as a client writes it, sent by hand to hold the body back or send raw bytes. */
    private String head(int length, String key) {
        URI base = URI.create(signet.server().base());
        return "POST " + base.getPath() + "/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "X-WPS-API-Key: " + alice.full().key() + "\r\nX-WPS-API-Secret: " + alice.full().secret() + "\r\n"
                + IdempotentPosts.HEADER + ": " + key + "\r\nContent-Type: " + pdf("slow").contentType() + "\r\n"
                + "Content-Length: " + length + "\r\nConnection: close\r\n\r\n";
    }

    private String rawExchange(byte[] head, byte[] body) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", signet.server().app.port())) {
            socket.getOutputStream().write(head);
            socket.getOutputStream().write(body);
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private boolean claimed(String key) {
        return signet.server().app.database().queryLong("SELECT COUNT(*) FROM idempotency_keys WHERE idempotency_key = ? "
                + "AND state = 'in_progress'", key) == 1;
    }

    @Test
    void post_twentyParallelIdenticalUploads_createExactlyOneDocument() throws Exception {
        int copies = 20;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(copies);
        List<HttpResponse<String>> answers = new ArrayList<>();
        try {
            List<Future<HttpResponse<String>>> futures = new ArrayList<>();
            Multipart contract = pdf("contract"); // made once: the cache is not for many threads
            for (int i = 0; i < copies; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    return upload(alice.full(), KEY, contract);
                }));
            }
            go.countDown();
            for (Future<HttpResponse<String>> f : futures) {
                answers.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        Set<String> created = new HashSet<>();
        for (HttpResponse<String> r : answers) {
            assertTrue(r.statusCode() == 201 || r.statusCode() == 409, r.statusCode() + " " + r.body());
            if (r.statusCode() == 201) {
                created.add(r.body());
            } else {
                assertEquals("idempotency_in_progress", code(r));
            }
        }
        assertEquals(1, created.size(), "every 201 is the one answer: " + created);
        assertEquals(1, documents(alice.full()));
        Map<String, Object> retried = expectObject(201, upload(alice.full(), KEY, pdf("contract")));
        assertEquals(expectObject(201, answers.stream().filter(r -> r.statusCode() == 201).findFirst().orElseThrow())
                .get("id"), retried.get("id"));
        assertTrue(Arrays.asList(201, 409).containsAll(answers.stream().map(HttpResponse::statusCode).toList()));
    }
}
