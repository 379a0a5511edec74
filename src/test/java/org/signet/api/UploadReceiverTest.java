package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** Bad uploads: each gets its 4xx and leaves nothing behind; none hangs or answers 500. */
class UploadReceiverTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("upload.max_bytes=" + MAX_BYTES).onSystemClock();

    private static final int MAX_BYTES = 64 * 1024;

    Account alice;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
    }

    private HttpResponse<String> upload(String filename, String type, byte[] content) {
        return signet.server().upload(alice.full(), new Multipart().file("file", filename, type, content));
    }

    private void assertRefused(HttpResponse<String> r, int status, String code) {
        assertEquals(status, r.statusCode(), r.body());
        assertEquals(code, code(r), r.body());
        assertEquals(List.of(), array(signet.server().get("documents", alice.full())), "no document was created");
        assertEquals(List.of(), signet.server().vaultFiles(), "no file was kept");
    }

    @Test
    void receive_textNamedPdf_invalidFileType() {
        assertRefused(upload("x.pdf", "application/pdf", "just some text, not a PDF".getBytes(StandardCharsets.UTF_8)),
                400, "invalid_file_type");
    }

    @Test
    void receive_pdfBytesNamedTxt_acceptedByContent() {
        Map<String, Object> d = expectObject(201, upload("notes.txt", "text/plain", TestFiles.pdf(1)));
        assertEquals("notes", d.get("title"));
        assertEquals("1", d.get("total_pages"));
    }

    @Test
    void receive_truncatedPdf_invalidFileWithReason() {
        byte[] pdf = TestFiles.pdf(2);
        HttpResponse<String> r = upload("cut.pdf", "application/pdf", TestFiles.truncated(pdf, 400));
        assertRefused(r, 400, "invalid_file");
        assertTrue(TestServer.object(r).get("message").toString().length() > "The file cannot be used: .".length());
    }

    @Test
    void receive_encryptedPdf_invalidFile() {
        HttpResponse<String> r = upload("locked.pdf", "application/pdf", TestFiles.encryptedPdf());
        assertRefused(r, 400, "invalid_file");
        assertTrue(TestServer.object(r).get("message").toString().toLowerCase().contains("password")
                || TestServer.object(r).get("message").toString().toLowerCase().contains("encrypt"), r.body());
    }

    @Test
    void receive_overThousandPages_invalidFile() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (PDDocument doc = new PDDocument()) {
            for (int i = 0; i < 1001; i++) {
                doc.addPage(new PDPage());
            }
            doc.save(out);
        }
        signet.start("upload.max_bytes=4194304");
        alice = signet.server().account("alice2@example.com", false);
        assertRefused(upload("long.pdf", "application/pdf", out.toByteArray()), 400, "invalid_file");
    }

    @Test
    void receive_imageWiderThanTenThousandPixels_invalidFile() {
        assertRefused(upload("wide.png", "image/png", TestFiles.png(10_001, 1)), 400, "invalid_file");
    }

    @Test
    void receive_overLimit_fileTooLarge() {
        HttpResponse<String> r = upload("big.pdf", "application/pdf", new byte[MAX_BYTES + 1]);
        assertRefused(r, 413, "file_too_large");
        assertEquals(MAX_BYTES, ((Number) data(r).get("max_bytes")).intValue());
    }

    @Test
    void receive_exactlyAtLimit_notRefusedForSize() {
        // Bytes after a PNG's IEND chunk are ignored by decoders: the file stays valid at any size.
        byte[] padded = java.util.Arrays.copyOf(TestFiles.png(50, 50), MAX_BYTES);
        Map<String, Object> d = expectObject(201, upload("full.png", "image/png", padded));
        assertEquals(TestFiles.sha256(padded), expectObject(200, signet.server().get("documents/" + d.get("id"), alice.full()))
                .get("file_hash"));
    }

    @Test
    void receive_declaredLengthOverLimit_refusedBeforeReading() throws IOException {
        Multipart m = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        String head = "POST " + path() + " HTTP/1.1\r\nHost: localhost\r\n" + credentials()
                + "Content-Type: " + m.contentType() + "\r\nContent-Length: 5000000000\r\n\r\n";
        String answer = rawExchange(signet.server().app.port(), head, m.bytes(), 10_000);
        assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
        assertTrue(answer.contains("file_too_large"), answer);
    }

    @Test
    void receive_lyingContentLength_clientErrorWithoutHanging() throws IOException {
        Multipart m = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        byte[] body = m.bytes();
        String head = "POST " + path() + " HTTP/1.1\r\nHost: localhost\r\n" + credentials()
                + "Content-Type: " + m.contentType() + "\r\nContent-Length: " + (body.length + 5000) + "\r\n\r\n";
        String answer = rawExchange(signet.server().app.port(), head, body, 10_000);
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
        assertEquals(List.of(), array(signet.server().get("documents", alice.full())));
    }

    @Test
    void receive_lyingContentLengthMidFile_clientErrorWithoutHanging() throws IOException {
        Multipart m = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        byte[] body = m.unterminated();
        String head = "POST " + path() + " HTTP/1.1\r\nHost: localhost\r\n" + credentials()
                + "Content-Type: " + m.contentType() + "\r\nContent-Length: " + (body.length * 2) + "\r\n\r\n";
        String answer = rawExchange(signet.server().app.port(), head, body, 10_000);
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
        assertTrue(answer.contains("rest_invalid_param"), answer);
        assertEquals(List.of(), array(signet.server().get("documents", alice.full())));
    }

    @Test
    void receive_unterminatedBody_rejected() {
        Multipart m = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        HttpResponse<String> r = signet.server().send(signet.server().request("documents/upload", alice.full())
                .header("Content-Type", m.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(m.unterminated())).build());
        assertRefused(r, 400, "rest_invalid_param");
    }

    @Test
    void receive_missingBoundary_rejected() {
        Multipart m = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        HttpResponse<String> r = signet.server().send(signet.server().request("documents/upload", alice.full())
                .header("Content-Type", "multipart/form-data")
                .POST(HttpRequest.BodyPublishers.ofByteArray(m.bytes())).build());
        assertRefused(r, 400, "rest_invalid_param");
    }

    @Test
    void receive_wrongBoundary_rejected() {
        Multipart m = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        HttpResponse<String> r = signet.server().send(signet.server().request("documents/upload", alice.full())
                .header("Content-Type", "multipart/form-data; boundary=not-the-one")
                .POST(HttpRequest.BodyPublishers.ofByteArray(m.bytes())).build());
        assertRefused(r, 400, "rest_invalid_param");
    }

    @Test
    void receive_noFilePart_missingParamFile() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart().text("title", "No file"));
        assertRefused(r, 400, "rest_missing_callback_param");
        assertEquals(List.of("file"), data(r).get("params"));
        HttpResponse<String> json = signet.server().send("POST", "documents/upload", alice.full(), "{\"title\":\"x\"}");
        assertRefused(json, 400, "rest_missing_callback_param");
        assertEquals(List.of("file"), data(json).get("params"));
    }

    @Test
    void receive_badTextPart_refusedBeforeStoring() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart()
                .text("expires_at", "2001-01-01 00:00:00").file("file", "a.pdf", "application/pdf", TestFiles.pdf(1)));
        assertRefused(r, 400, "rest_invalid_param");
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("expires_at"));
    }

    @Test
    void receive_twoFileParts_refusedNamingFileAndNothingKept() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart()
                .file("file", "first.pdf", "application/pdf", TestFiles.pdf(1))
                .file("file", "second.pdf", "application/pdf", TestFiles.pdf(2)));

        assertRefused(r, 400, "rest_invalid_param");
        assertEquals(List.of("file"), List.copyOf(((Map<?, ?>) data(r).get("params")).keySet()));
    }

    @Test
    void receive_twoTitleParts_refusedNamingTitle() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart().text("title", "First")
                .file("file", "a.pdf", "application/pdf", TestFiles.pdf(1)).text("title", "Second"));

        assertRefused(r, 400, "rest_invalid_param");
        assertEquals(List.of("title"), List.copyOf(((Map<?, ?>) data(r).get("params")).keySet()));
    }

    @Test
    void receive_fileAndDocumentParts_refusedAsTwoFiles() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart()
                .file("file", "a.pdf", "application/pdf", TestFiles.pdf(1))
                .file("document", "b.pdf", "application/pdf", TestFiles.pdf(1)));

        assertRefused(r, 400, "rest_invalid_param");
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("document"), r.body());
    }

    @Test
    void receive_repeatedPartOnStagingAndTemplateUploads_refusedNamingIt() {
        Multipart twoFiles = new Multipart().file("file", "a.pdf", "application/pdf", TestFiles.pdf(1))
                .file("file", "b.pdf", "application/pdf", TestFiles.pdf(1));
        Multipart twoNames = new Multipart().text("name", "One").text("name", "Two")
                .file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));
        Multipart unknownTwice = new Multipart().text("colour", "red").text("colour", "blue")
                .file("file", "a.pdf", "application/pdf", TestFiles.pdf(1));

        Map<String, String> named = Map.of("files", "file", "templates/upload", "name", "documents/upload", "colour");
        Map<String, Multipart> bodies = Map.of("files", twoFiles, "templates/upload", twoNames, "documents/upload",
                unknownTwice);
        named.forEach((path, param) -> {
            HttpResponse<String> r = signet.server().postMultipart(path, alice.full(), bodies.get(path));
            assertEquals(400, r.statusCode(), path + ": " + r.body());
            assertEquals("rest_invalid_param", code(r), path);
            assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), path + ": " + r.body());
        });
        assertEquals(List.of(), array(signet.server().get("templates", alice.full())));
        assertEquals(List.of(), signet.server().vaultFiles(), "no file was kept");
    }

    @Test
    void receive_textPartsBreakingTheTextRule_refusedNamingThem() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart().text("title", "Lease\u202e.exe")
                .file("file", "a.pdf", "application/pdf", TestFiles.pdf(1)));
        HttpResponse<String> t = signet.server().postMultipart("templates/upload", alice.full(), new Multipart()
                .text("name", "NDA").text("description", "Two\r\nlines\u0000")
                .file("file", "a.pdf", "application/pdf", TestFiles.pdf(1)));

        assertRefused(r, 400, "rest_invalid_param");
        assertTrue(r.body().contains("text_direction_control"), r.body());
        assertEquals(400, t.statusCode(), t.body());
        assertTrue(t.body().contains("text_control_character"), t.body());
    }

    @Test
    void receive_emptyTextPartsAsFormsSendThem_countAsNotGiven() {
        HttpResponse<String> r = signet.server().upload(alice.full(), new Multipart().text("title", "")
                .text("expires_at", "").file("file", "Quarterly report.pdf", "application/pdf", TestFiles.pdf(1)));
        Map<String, Object> doc = expectObject(201, r);
        assertEquals("Quarterly report", doc.get("title"));
        assertEquals(null, doc.get("expires_at"));
    }

    @Test
    void receive_manyUploads_leaveNoTemporaryFileOrOpenHandle() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs Linux /proc");
        for (int i = 0; i < 5; i++) {
            expectObject(201, upload("a" + i + ".pdf", "application/pdf", TestFiles.pdf(1)));
            expectObject(201, upload("b" + i + ".png", "image/png", TestFiles.png(30, 30)));
        }
        upload("bad.pdf", "application/pdf", "text".getBytes(StandardCharsets.UTF_8));
        try (Stream<Path> tmp = Files.list(signet.dir().resolve("tmp"))) {
            assertEquals(List.of(), tmp.toList());
        }
        assertEquals(List.of(), openHandlesUnder(signet.dir()));
    }

    /** Open file descriptors of this JVM that point into {@code folder} (the database aside). */
    private static List<String> openHandlesUnder(Path folder) throws IOException {
        String prefix = folder.toRealPath().toString();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    return "";
                }
            }).filter(t -> t.startsWith(prefix) && !t.contains("signet.db")).toList();
        }
    }

    private String path() {
        return java.net.URI.create(signet.server().base() + "/documents/upload").getPath();
    }

    private String credentials() {
        return "X-WPS-API-Key: " + alice.full().key() + "\r\nX-WPS-API-Secret: " + alice.full().secret() + "\r\n";
    }

    /**
     * Sends {@code head} and {@code body} over a raw socket, half-closes the output, and returns
     * what the server answered within {@code timeoutMillis} (a read timeout fails the test).
     */
    private static String rawExchange(int port, String head, byte[] body, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(timeoutMillis);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            socket.shutdownOutput();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
