package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.http.Dispatcher;
import org.signet.support.Multipart;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * A body over a limit is refused before it is read to the end, and the client hears why: the answer
 * is passed on although the server behind closed early, the client's remaining bytes are drained
 * within bounds, and the answer says {@code Connection: close}. Real clients: the JDK's HttpClient
 * (which sends its whole body before it reads), curl, and a raw socket, with Content-Length and chunked.
 */
// Alone: whether a client reads the 413 before the close is a race that a loaded machine can lose.
@Tag("alone")
class OversizedBodyTest {
    /** The upload limit of this server; the bodies sent are several times over it. */
    private static final int MAX_UPLOAD = 1024 * 1024;
    private static final int OVERSIZED = 5_700_000;

    @TempDir
    Path dir;

    private TestServer server;
    private TestServer.Account alice;
    private String documentId;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir, "upload.max_bytes=" + MAX_UPLOAD);
        alice = server.account("alice@example.org", false);
        documentId = server.uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A JSON object padded with spaces to {@code size} bytes: valid, only too large. */
    private static byte[] paddedJson(int size) {
        byte[] json = new byte[size];
        Arrays.fill(json, (byte) ' ');
        json[0] = '{';
        json[size - 1] = '}';
        return json;
    }

    private static byte[] oversizedUpload() {
        return new Multipart().file("file", "big.pdf", "application/pdf", new byte[OVERSIZED]).bytes();
    }

    private HttpRequest.Builder fields() {
        return server.request("documents/" + documentId + "/fields", alice.full()).header("Content-Type",
                "application/json");
    }

    @Test
    void jsonOverLimit_httpClientWithLength_readsTheAnswerEveryTime() {
        byte[] json = paddedJson(OVERSIZED);
        // The connection is closed after each answer; a client told so never reuses it for the next.
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> r = server.send(fields().POST(HttpRequest.BodyPublishers.ofByteArray(json)).build());
            assertEquals(413, r.statusCode(), r.body());
            assertEquals("body_too_large", code(r));
            assertTrue(r.body().contains("limit of 1048576 bytes"), r.body());
            assertEquals(List.of("close"), r.headers().allValues("Connection"));
        }
        HttpResponse<String> within = server.send(fields().POST(HttpRequest.BodyPublishers.ofString("{\"fields\":[]}"))
                .build());
        assertEquals(200, within.statusCode(), within.body());
        assertEquals(List.of(), within.headers().allValues("Connection"), "a body read to its end keeps the connection");
    }

    @Test
    void jsonOverLimit_httpClientChunked_readsTheAnswer() {
        byte[] json = paddedJson(OVERSIZED);
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = server.send(fields()
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(json))).build());
            assertEquals(413, r.statusCode(), r.body());
            assertEquals("body_too_large", code(r));
        }
    }

    @Test
    void uploadOverLimit_httpClientWithLengthAndChunked_413FileTooLarge() {
        byte[] body = oversizedUpload();
        Multipart m = new Multipart();
        List<HttpRequest.BodyPublisher> publishers = List.of(HttpRequest.BodyPublishers.ofByteArray(body),
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)));
        for (HttpRequest.BodyPublisher p : publishers) {
            HttpResponse<String> r = server.send(server.request("documents/upload", alice.full())
                    .header("Content-Type", m.contentType()).POST(p).build());
            assertEquals(413, r.statusCode(), r.body());
            assertEquals("file_too_large", code(r));
            assertEquals(MAX_UPLOAD, ((Number) TestServer.data(r).get("max_bytes")).intValue());
        }
    }

    @Test
    void uploadOverLimit_socketThatWritesAllBeforeReading_readsThe413() throws IOException {
        byte[] body = oversizedUpload();
        String head = "POST " + uploadPath() + " HTTP/1.1\r\nHost: x\r\n" + credentials() + "Content-Type: "
                + new Multipart().contentType() + "\r\n";
        assertAnswer413(writeAllThenRead(head + "Content-Length: " + body.length + "\r\n\r\n", body));
        assertAnswer413(writeAllThenRead(head + "Transfer-Encoding: chunked\r\n\r\n", chunked(body)));
    }

    @Test
    void oversized_curl_printsTheAnswerNotABrokenPipe() throws Exception {
        Path json = Files.write(dir.resolve("big.json"), paddedJson(OVERSIZED));
        Path upload = Files.write(dir.resolve("big.multipart"), oversizedUpload());
        String fieldsUrl = server.base() + "/documents/" + documentId + "/fields";
        for (String framing : List.of("X-Framing: length", "Transfer-Encoding: chunked")) {
            String answer = curl(json, "Content-Type: application/json", framing, fieldsUrl);
            assertTrue(answer.startsWith("413 {\"code\":\"body_too_large\""), answer);
            answer = curl(upload, "Content-Type: " + new Multipart().contentType(), framing,
                    server.base() + "/documents/upload");
            assertTrue(answer.startsWith("413 {\"code\":\"file_too_large\""), answer);
        }
    }

    @Test
    void declaredHugeUpload_clientThatNeverStops_cutOffAfterTheDrainCap() throws Exception {
        String head = "POST " + uploadPath() + " HTTP/1.1\r\nHost: x\r\n" + credentials() + "Content-Type: "
                + new Multipart().contentType() + "\r\nContent-Length: 5000000000\r\n\r\n";
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.app.port())) {
            s.setSoTimeout(30_000);
            CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> readAll(s));
            long started = System.nanoTime();
            long sent = sendUntilCutOff(s, head, Long.MAX_VALUE, 0);
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertAnswer413(answer.get(30, TimeUnit.SECONDS));
            assertTrue(sent < Drain.MAX_BYTES + 16L * 1024 * 1024, sent + " bytes taken before the cut");
            assertTrue(millis < Drain.MAX_MS + 5_000, "cut off after " + millis + " ms");
        }
    }

    @Test
    void declaredHugeUpload_clientThatTrickles_holdsNoWorkerAndIsCutOffAfterTheDrainTime() throws Exception {
        String head = "POST " + uploadPath() + " HTTP/1.1\r\nHost: x\r\n" + credentials() + "Content-Type: "
                + new Multipart().contentType() + "\r\nContent-Length: 5000000000\r\n\r\n";
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.app.port())) {
            s.setSoTimeout(30_000);
            long started = System.nanoTime();
            // A few bytes every half second: never idle for the drain's idle limit, never near its byte cap.
            CompletableFuture<Long> sending = CompletableFuture.supplyAsync(() -> {
                try {
                    return sendUntilCutOff(s, head, 100, 500);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertAnswer413(readAll(s));
            Waits.awaitUntil(() -> !sending.isDone() && workersHandling() == 0,
                    "every worker free while the client still sends", Duration.ofSeconds(5));
            sending.get(30, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertTrue(millis >= Drain.MAX_MS - 1_000 && millis < Drain.MAX_MS + 5_000, "cut off after " + millis + " ms");
            assertEquals(200, server.get("/healthz", null).statusCode());
        }
    }

    /** Worker threads of the server inside a request's handling now. */
    private static long workersHandling() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().getName().startsWith("signet-http-"))
                .filter(e -> Arrays.stream(e.getValue()).anyMatch(f -> f.getClassName().equals(Dispatcher.class.getName())))
                .count();
    }

    private String uploadPath() {
        return server.base().replaceFirst("^https?://[^/]+", "") + "/documents/upload";
    }

    private String credentials() {
        return "X-WPS-API-Key: " + alice.full().key() + "\r\nX-WPS-API-Secret: " + alice.full().secret() + "\r\n";
    }

    private static void assertAnswer413(String answer) {
        assertTrue(answer.startsWith("HTTP/1.1 413 "), answer);
        assertTrue(answer.contains("\"code\":\"file_too_large\""), answer);
        assertTrue(answer.toLowerCase().contains("connection: close"), answer);
    }

    /** Writes the whole request, as a client that reads only afterwards, then reads every byte of the answer. */
    private String writeAllThenRead(String head, byte[] body) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.app.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            return readAll(s);
        }
    }

    /**
     * Sends the head, then {@code chunk} bytes at a time, every {@code pauseMillis} (a slow client, paced
     * by a timer) or back to back, until the server cuts the connection; returns how many body bytes it took.
     */
    private static long sendUntilCutOff(Socket s, String head, long chunk, long pauseMillis) throws Exception {
        OutputStream out = s.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        byte[] block = new byte[(int) Math.min(chunk, 256 * 1024)];
        AtomicLong sent = new AtomicLong();
        CompletableFuture<Long> cut = new CompletableFuture<>();
        Runnable writeOne = () -> {
            try {
                out.write(block);
                out.flush();
                sent.addAndGet(block.length);
            } catch (IOException e) {
                cut.complete(sent.get());
            }
        };
        ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor();
        try {
            if (pauseMillis > 0) {
                pacer.scheduleWithFixedDelay(writeOne, 0, pauseMillis, TimeUnit.MILLISECONDS);
            } else {
                pacer.execute(() -> {
                    while (!cut.isDone() && !Thread.currentThread().isInterrupted()) {
                        writeOne.run();
                    }
                });
            }
            return cut.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("still taking bytes after a minute: " + sent.get());
        } finally {
            pacer.shutdownNow();
        }
    }

    private static byte[] chunked(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int at = 0; at < body.length; at += 64 * 1024) {
            int n = Math.min(64 * 1024, body.length - at);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, at, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** Every byte the server sends until it closes; what came before a reset still counts. */
    private static String readAll(Socket s) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            InputStream in = s.getInputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                got.write(buffer, 0, n);
            }
        } catch (IOException reset) {
            // the answer read so far is what the client has
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }

    /** Posts {@code file} with curl as a user would; answers the status, a space, and the body curl printed. */
    private String curl(Path file, String contentType, String framing, String url) throws Exception {
        Process p = new ProcessBuilder("curl", "-sS", "--max-time", "30", "-o", "-", "-w", "\n%{http_code}",
                "-H", "X-WPS-API-Key: " + alice.full().key(), "-H", "X-WPS-API-Secret: " + alice.full().secret(),
                "-H", contentType, "-H", framing, "--data-binary", "@" + file, url).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(40, TimeUnit.SECONDS), "curl did not finish");
        assertEquals(0, p.exitValue(), out);
        int lastLine = out.lastIndexOf('\n');
        return out.substring(lastLine + 1) + " " + out.substring(0, lastLine);
    }
}
