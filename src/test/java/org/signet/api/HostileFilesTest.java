package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.signet.json.Json;
import org.signet.support.DocumentedRefusals;
import org.signet.support.HostileFiles;
import org.signet.support.Multipart;
import org.signet.support.SignetJvm;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * The hostile-file corpus (see docs/api/limits.md, Bad input), uploaded to a real Signet run as operators are told to run it on a
 * small server, {@code -Xmx256m}, and made to exit at its first OutOfMemoryError, so that a file
 * needing more memory than that cannot go unnoticed. Each file is answered within 10 s, refused with
 * a documented 4xx (or, where it is a file Signet must take, accepted for the reason given), and the
 * server stays healthy after every one and still accepts a normal PDF at the end.
 */
class HostileFilesTest {
    private static final String HEAP = "256m";
    private static final long TIME_LIMIT_MILLIS = 10_000;
    private static final String BASE = "/wp-json/wpsigner/v1/";
    private static final String ACCEPTED = "accepted";
    /** invalid_file, for the reason that the PDF expands too far. */
    private static final String BOMB = "bomb";

    @TempDir
    static Path dir;

    private static SignetJvm server;
    private static TestServer.Credentials key;

    @BeforeAll
    static void start() throws Exception {
        Path data = dir.resolve("data");
        try (TestServer setup = TestServer.start(data)) {
            key = setup.account("owner@example.org", false, 100_000).full();
        }
        server = SignetJvm.start(data, HEAP, Map.of("SIGNET_RATELIMIT_IP_PER_MINUTE", "100000"));
    }

    @AfterAll
    static void stop() {
        if (server == null) {
            return;
        }
        try {
            assertTrue(server.healthy(), "the server after the corpus; its log ends:\n" + server.process().tail());
            HttpResponse<String> r = upload("documents/upload", TestFiles.pdf(2));
            assertEquals(201, r.statusCode(), "a normal PDF after the corpus: " + r.body());
        } finally {
            server.close();
        }
    }

    static Stream<Arguments> corpus() {
        long twoGib = 2 * HostileFiles.GIB;
        return Stream.of(
                file("PDF content stream inflating to 2 GiB", () -> HostileFiles.pdfContentBomb(twoGib), BOMB),
                file("PDF object stream inflating to 2 GiB", () -> HostileFiles.pdfObjectStreamBomb(twoGib), BOMB),
                file("PNG declaring 100000x100000, 64 MiB of pixels",
                        () -> HostileFiles.png(100_000, 100_000, HostileFiles.zlibZeros(64L << 20)), "invalid_file"),
                // Within the 10,000-pixel limit on images (docs/api/documents.md, Upload) this is an image a scanner could make. The PNG
                // decoder inflates only what the declared rows need (400 MB here, subsampled as it
                // goes) and never the rest of the 2 GiB, so it costs what the largest allowed image does.
                file("PNG 10000x10000 whose IDAT inflates to 2 GiB",
                        () -> HostileFiles.png(10_000, 10_000, HostileFiles.zlibZeros(twoGib)), ACCEPTED),
                file("PDF with arrays nested 100000 deep", () -> HostileFiles.pdfNested("[", "]", 100_000),
                        "invalid_file"),
                file("PDF with dictionaries nested 100000 deep", () -> HostileFiles.pdfNested("<< /A ", ">>", 100_000),
                        "invalid_file"),
                file("PDF page tree with a cycle", HostileFiles::pdfPageTreeCycle, "invalid_file"),
                file("PDF declaring a million pages", HostileFiles::pdfDeclaringMillionPages, "invalid_file"),
                file("PNG signature on a JPEG body", HostileFiles::pngSignatureOnJpeg, "invalid_file"),
                file("PNG cut in half", () -> HostileFiles.truncated(TestFiles.png(400, 300), 1, 2), "invalid_file"),
                file("JPEG cut in half", () -> HostileFiles.truncated(TestFiles.jpeg(400, 300), 1, 2), "invalid_file"),
                file("PDF cut in half", () -> HostileFiles.truncated(TestFiles.pdf(3), 1, 2), "invalid_file"),
                // What PDFBox repairs on a lenient load is accepted. Signet shows, fills and seals the
                // document as PDFBox reads it, and the finished PDF is PDFBox's full rewrite of that, so
                // no reader finds the other document in what the parties receive.
                file("two PDFs one after the other", () -> HostileFiles.concatenated(TestFiles.pdf(1), TestFiles.pdf(2)),
                        ACCEPTED),
                // Sniffed as the PNG it starts with; the decoder stops at IEND, and the document is the
                // one-page PDF Signet makes of the image, so the PDF behind it goes nowhere.
                file("a PDF after a PNG", () -> HostileFiles.concatenated(TestFiles.png(40, 30), TestFiles.pdf(1)),
                        ACCEPTED),
                file("text", () -> "not a document".getBytes(StandardCharsets.US_ASCII), "invalid_file_type"));
    }

    private static Arguments file(String name, Supplier<byte[]> bytes, String outcome) {
        return Arguments.of(name, bytes, outcome);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void upload_hostileFile_answeredInTimeAndServerUnharmed(String name, Supplier<byte[]> bytes, String outcome) {
        byte[] file = bytes.get();
        for (String endpoint : List.of("documents/upload", "files")) {
            long started = System.nanoTime();
            HttpResponse<String> r = upload(endpoint, file);
            long millis = (System.nanoTime() - started) / 1_000_000;
            String context = name + " to " + endpoint + " (" + file.length + " bytes, " + millis + " ms)";
            System.out.println(context + ": " + r.statusCode() + " " + r.body());

            assertTrue(server.process().alive(), context + ": the server died; its log ends:\n" + server.process().tail());
            if (outcome.equals(ACCEPTED)) {
                assertEquals(201, r.statusCode(), context + ": " + r.body());
            } else if (outcome.equals(BOMB)) {
                assertEquals("invalid_file", DocumentedRefusals.assertClientError(r, context));
                assertTrue(r.body().contains("decompression bomb"), context + ": " + r.body());
            } else {
                assertEquals(outcome, DocumentedRefusals.assertClientError(r, context), context + ": " + r.body());
            }
            assertTrue(millis < TIME_LIMIT_MILLIS, context);
            assertTrue(server.healthy(), context + ": /healthz");
        }
    }

    /**
     * Checking a file meets the same corpus within the same bounds: answered within the time limit
     * with a result or a documented refusal, and the server unharmed. Nothing is stored, so a file
     * intake must refuse may still be checked (it carries no seal).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void verify_hostileFile_answeredInTimeAndServerUnharmed(String name, Supplier<byte[]> bytes, String outcome) {
        firstVerify();
        byte[] file = bytes.get();
        long started = System.nanoTime();
        HttpResponse<String> r = upload("verify", file);
        long millis = (System.nanoTime() - started) / 1_000_000;
        String context = name + " to verify (" + file.length + " bytes, " + millis + " ms)";
        System.out.println(context + ": " + r.statusCode() + " " + r.body());

        assertTrue(server.process().alive(), context + ": the server died; its log ends:\n" + server.process().tail());
        DocumentedRefusals.assertNoServerError(r, context);
        if (r.statusCode() == 200) {
            assertEquals(false, TestServer.object(r).get("sealed_here"), context);
        }
        assertTrue(millis < TIME_LIMIT_MILLIS, context);
        assertTrue(server.healthy(), context + ": /healthz");
    }

    private static boolean verifiedOnce;

    /** The first check makes the site's sealing certificate (an RSA key): not what the time limit is about. */
    private static synchronized void firstVerify() {
        if (!verifiedOnce) {
            assertEquals(200, upload("verify", TestFiles.pdf(1)).statusCode());
            verifiedOnce = true;
        }
    }

    /** Intake works on two uploads at once (so that other clients keep being served while one is checked): two bombs must fit the heap. */
    @Test
    void upload_bombsTwoAtATime_refusedAndServerUnharmed() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(2);
        try {
            for (byte[] bomb : List.of(HostileFiles.pdfContentBomb(2 * HostileFiles.GIB),
                    HostileFiles.pdfObjectStreamBomb(2 * HostileFiles.GIB))) {
                Future<HttpResponse<String>> first = clients.submit(() -> upload("documents/upload", bomb));
                Future<HttpResponse<String>> second = clients.submit(() -> upload("files", bomb));
                for (Future<HttpResponse<String>> answer : List.of(first, second)) {
                    HttpResponse<String> r = answer.get();
                    assertTrue(server.process().alive(), "the server died; its log ends:\n" + server.process().tail());
                    assertEquals("invalid_file", DocumentedRefusals.assertClientError(r, "two bombs"), r.body());
                }
            }
        } finally {
            clients.shutdown();
        }
        assertTrue(server.healthy());
    }

    @Test
    void createDocument_objectsNested10000Deep_invalidJson() {
        String body = "{\"title\":" + "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_001);

        HttpResponse<String> r = post(BASE + "documents", body, key);

        assertEquals("rest_invalid_json", DocumentedRefusals.assertClientError(r, "objects nested 10000 deep"));
        assertTrue(server.healthy());
    }

    @Test
    void submit_hostileSignatureImages_invalidParamAndLinkStillUsable() {
        String token = sentDocumentLink(upload("documents/upload", TestFiles.pdf(1)));
        byte[] declaresHuge = HostileFiles.png(100_000, 100_000, HostileFiles.zlibZeros(512L << 20));
        for (byte[] image : List.of(declaresHuge, HostileFiles.pngSignatureOnJpeg())) {
            String dataUrl = "data:image/png;base64," + Base64.getEncoder().encodeToString(image);
            long started = System.nanoTime();
            HttpResponse<String> r = post("/sign/" + token + "/submit", Json.write(Map.of("consent", true,
                    "signature", Map.of("method", "upload", "image", dataUrl))), null);
            long millis = (System.nanoTime() - started) / 1_000_000;

            assertEquals("rest_invalid_param", DocumentedRefusals.assertClientError(r, "signature image"), r.body());
            assertTrue(millis < TIME_LIMIT_MILLIS, millis + " ms");
        }
        assertEquals(200, server.send(server.request("/sign/" + token + "/session", null).build()).statusCode());
    }

    /**
     * A polyglot that is a valid PDF is accepted (intake sniffs the bytes, and readers take a header within
     * the first kilobyte and stop at the end marker), on three conditions checked here: its active
     * content is removed and the removal audited, its pages render, and what the parties receive
     * is PDFBox's full rewrite, which carries neither the page nor the archive. The original is only
     * ever served as a PDF download that browsers may not sniff.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("polyglots")
    void upload_polyglotPdf_acceptedCleanedRenderedAndSealedWithoutTheOtherFile(String name, byte[] file,
            boolean hadActiveContent) {
        HttpResponse<String> created = upload("documents/upload", file);
        assertEquals(201, created.statusCode(), name + ": " + created.body());
        String id = (String) TestServer.object(created).get("id");
        assertEquals(hadActiveContent, String.valueOf(get(BASE + "documents/" + id + "/audit").body())
                .contains("active content removed"), name);
        HttpResponse<byte[]> original = server.send(server.request(BASE + "documents/" + id + "/file", key)
                .header("Accept", "application/pdf").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("application/pdf", original.headers().firstValue("Content-Type").orElse(""));
        assertEquals("nosniff", original.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertTrue(original.headers().firstValue("Content-Disposition").orElse("").startsWith("attachment"));

        String token = sentDocumentLink(created);
        HttpResponse<byte[]> page = server.send(server.request("/sign/" + token + "/pages/1.png", null).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, page.statusCode(), name + ": page 1 renders");
        assertEquals("image/png", page.headers().firstValue("Content-Type").orElse(""));

        String sealed = new String(signAndDownload(token, id), StandardCharsets.ISO_8859_1);
        assertFalse(sealed.contains("<script") || sealed.contains("PK\u0003\u0004"), name + ": the other file survived");
        assertFalse(sealed.contains("/JavaScript") || sealed.contains("/Launch"), name + ": active content survived");
    }

    static Stream<Arguments> polyglots() {
        return Stream.of(Arguments.of("PDF that is also a web page", HostileFiles.pdfHtmlPolyglot(), true),
                Arguments.of("PDF that is also a ZIP", HostileFiles.pdfZipPolyglot(), false));
    }

    /** Adds a signer with a signature field to the uploaded draft and sends it; answers the signer's token. */
    private static String sentDocumentLink(HttpResponse<String> uploaded) {
        String id = (String) TestServer.object(uploaded).get("id");
        Map<String, Object> signer = TestServer.expectObject(201, post(BASE + "documents/" + id + "/signers",
                Json.write(Map.of("name", "Sam Signer", "email", "sam@example.org")), key));
        Map<String, Object> field = Map.of("signer_id", signer.get("id"), "field_type", "signature", "page_number", 1,
                "position_x", 72, "position_y", 100);
        TestServer.expect(200, post(BASE + "documents/" + id + "/fields",
                Json.write(Map.of("fields", List.of(field))), key));
        TestServer.expect(200, post(BASE + "documents/" + id + "/send", "{}", key));
        String url = (String) signer.get("signing_url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** Signs with a typed signature, waits for the seal and answers the finished PDF. */
    private static byte[] signAndDownload(String token, String id) {
        TestServer.expect(200, post("/sign/" + token + "/submit", Json.write(Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Sam Signer"))), null));
        HttpRequest download = server.request(BASE + "documents/" + id + "/file", key)
                .header("Accept", "application/pdf").build();
        Waits.awaitUntil(() -> server.send(download).statusCode() == 200, "the sealed PDF", Duration.ofSeconds(60));
        return server.send(download, HttpResponse.BodyHandlers.ofByteArray()).body();
    }

    private static HttpResponse<String> upload(String endpoint, byte[] file) {
        Multipart body = new Multipart().file("file", "upload.pdf", "application/pdf", file);
        return server.send(body.post(server.request(BASE + endpoint, key)).build());
    }

    private static HttpResponse<String> post(String path, String json, TestServer.Credentials c) {
        return server.send(server.request(path, c).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    private static HttpResponse<String> get(String path) {
        return server.send(server.request(path, key).build());
    }
}
