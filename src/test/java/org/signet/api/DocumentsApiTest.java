package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.store.Database;
import org.signet.store.MasterKeyCheck;
import org.signet.json.Json;
import org.signet.store.StoredFiles;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** The document endpoints over HTTP: upload, list, read, update, delete and file, with the wire types of docs/api/conventions.md, Values on the wire. */
class DocumentsApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("timezone=Europe/Berlin").at(START);

    /** 2030-03-01 09:30:00 UTC, 10:30:00 in Berlin (CET, UTC+1). */
    private static final Instant START = Instant.parse("2030-03-01T09:30:00Z");
    private static final Set<String> LIST_KEYS = Set.of("id", "title", "status", "original_filename", "total_pages",
            "expires_at", "completed_at", "created_at", "updated_at", "external_id", "metadata", "team_id");

    Account alice;
    Account bob;
    Account admin;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        bob = signet.server().account("bob@example.com", false);
        admin = signet.server().account("admin@example.com", true);
    }

    @Test
    void upload_pdf_answersDraftWithSeedTypes() {
        byte[] pdf = TestFiles.pdf(3);
        Map<String, Object> d = expectObject(201, signet.server().upload(alice.full(),
                new Multipart().file("file", "C:/Users/alice/Contract.v2.pdf", "application/octet-stream", pdf)));
        assertEquals(LIST_KEYS, d.keySet());
        assertTrue(((String) d.get("id")).matches("\\d+"), "id is a string of digits");
        assertEquals("Contract.v2", d.get("title"));
        assertEquals("draft", d.get("status"));
        assertEquals("Contract.v2.pdf", d.get("original_filename"));
        assertEquals("3", d.get("total_pages"));
        assertNull(d.get("expires_at"));
        assertNull(d.get("completed_at"));
        assertEquals("2030-03-01 10:30:00", d.get("created_at"));
        assertEquals("2030-03-01 10:30:00", d.get("updated_at"));
    }

    @Test
    void upload_textParts_setTitleExpiryAndReminders() {
        byte[] pdf = TestFiles.pdf(1);
        Map<String, Object> d = expectObject(201, signet.server().upload(alice.full(), new Multipart()
                .text("title", "Lease 2030").text("expires_at", "2030-04-01 12:00:00")
                .text("reminder_interval_days", "7").file("document", "lease.pdf", "application/pdf", pdf)));
        assertEquals("Lease 2030", d.get("title"));
        assertEquals("2030-04-01 12:00:00", d.get("expires_at"));
        Map<String, Object> single = expectObject(200, signet.server().get("documents/" + d.get("id"), alice.full()));
        assertEquals("7", single.get("reminder_interval_days"));
    }

    @Test
    void upload_images_becomeOnePageDocumentsHashedOverTheImage() throws Exception {
        byte[] png = TestFiles.png(1200, 900);
        byte[] jpeg = TestFiles.jpeg(300, 200);
        Map<String, Object> p = expectObject(201, signet.server().upload(alice.full(),
                new Multipart().file("file", "scan.png", "image/png", png)));
        Map<String, Object> j = expectObject(201, signet.server().upload(alice.full(),
                new Multipart().file("file", "photo.jpg", "image/jpeg", jpeg)));
        assertEquals("1", p.get("total_pages"));
        assertEquals("1", j.get("total_pages"));
        assertEquals("scan", p.get("title"));
        assertEquals(TestFiles.sha256(png), expectObject(200, signet.server().get("documents/" + p.get("id"), alice.full()))
                .get("file_hash"));
        assertEquals(TestFiles.sha256(jpeg), expectObject(200, signet.server().get("documents/" + j.get("id"), alice.full()))
                .get("file_hash"));
        assertOnePage(p.get("id"), 595, 446.25f);
        assertOnePage(j.get("id"), 300, 200);
    }

    /** Reads the stored PDF of an image upload back with PDFBox: one page, the image at 72 dpi fitted to A4. */
    private void assertOnePage(Object id, float width, float height) throws Exception {
        long fileId = signet.server().app.database().queryLong("SELECT pdf_file_id FROM documents WHERE id = ?",
                Long.parseLong(String.valueOf(id)));
        Database db = signet.server().app.database();
        StoredFiles files = new StoredFiles(db, MasterKeyCheck.openVault(db, signet.dir(), signet.clock()), signet.clock());
        try (PDDocument pdf = Loader.loadPDF(files.read(fileId))) {
            assertEquals(1, pdf.getNumberOfPages());
            assertEquals(width, pdf.getPage(0).getMediaBox().getWidth(), 0.5);
            assertEquals(height, pdf.getPage(0).getMediaBox().getHeight(), 0.5);
        }
    }

    @Test
    void get_single_carriesHashSignersFieldsAndNoFileUrl() {
        byte[] pdf = TestFiles.pdf(2);
        String id = signet.server().uploadPdf(alice.full(), "nda.pdf", pdf);
        Map<String, Object> d = expectObject(200, signet.server().get("documents/" + id, alice.full()));
        assertEquals(TestFiles.sha256(pdf), d.get("file_hash"));
        assertEquals(List.of(), d.get("signers"));
        assertEquals(List.of(), d.get("fields"));
        assertFalse(d.containsKey("file_url"));
        assertFalse(d.containsKey("signed_file_hash"), "only once completed");
        assertTrue(d.keySet().containsAll(LIST_KEYS));
        assertFalse(signet.server().get("documents/" + id, alice.full()).body().contains("files/"),
                "no storage location anywhere in the body");
    }

    @Test
    void list_newestFirstInListFormOnlyOwn() {
        String first = signet.server().uploadPdf(alice.full(), "first.pdf", TestFiles.pdf(1));
        String second = signet.server().uploadPdf(alice.full(), "second.pdf", TestFiles.pdf(1));
        signet.server().uploadPdf(bob.full(), "bobs.pdf", TestFiles.pdf(1));
        HttpResponse<String> r = signet.server().get("documents", alice.full());
        assertEquals(200, r.statusCode());
        List<Object> items = array(r);
        assertEquals(2, items.size());
        assertEquals(second, ((Map<?, ?>) items.get(0)).get("id"));
        assertEquals(first, ((Map<?, ?>) items.get(1)).get("id"));
        assertEquals(LIST_KEYS, ((Map<?, ?>) items.get(0)).keySet());
        assertEquals(3, array(signet.server().get("documents", admin.full())).size(), "an administrator sees all");
    }

    @Test
    void list_statusFilter_onlyThatStatusAndUnknownRefused() {
        String draft = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        String expiring = signet.server().uploadPdf(alice.full(), "b.pdf", TestFiles.pdf(1));
        expectObject(200, signet.server().send("PUT", "documents/" + expiring, alice.full(), "{\"expires_at\":\"2030-03-02 10:00:00\"}"));
        signet.clock().advance(java.time.Duration.ofDays(2));
        expectObject(200, signet.server().send("PUT", "documents/" + expiring, alice.full(), "{\"status\":\"expired\"}"));
        List<Object> drafts = array(signet.server().get("documents?status=draft", alice.full()));
        assertEquals(1, drafts.size());
        assertEquals(draft, ((Map<?, ?>) drafts.get(0)).get("id"));
        assertEquals("1", signet.server().get("documents?status=expired", alice.full()).headers().firstValue("X-WP-Total")
                .orElseThrow());
        HttpResponse<String> bad = signet.server().get("documents?status=archived", alice.full());
        assertEquals(400, bad.statusCode());
        assertEquals("rest_invalid_param", code(bad));
        assertTrue(((Map<?, ?>) data(bad).get("params")).containsKey("status"));
    }

    @Test
    void list_search_caseInsensitiveSubstringLongAndShort() {
        for (String t : List.of("Lease Agreement", "Sublease addendum", "Invoice 42", "NDA x")) {
            expectObject(201, signet.server().upload(alice.full(), new Multipart().text("title", t)
                    .file("file", "f.pdf", "application/pdf", TestFiles.pdf(1))));
        }
        assertEquals(List.of("Sublease addendum", "Lease Agreement"), titles("documents?search=LEASE"));
        assertEquals(List.of("Sublease addendum"), titles("documents?search=bleas"));
        assertEquals(List.of("Invoice 42"), titles("documents?search=42"));
        assertEquals(List.of("NDA x", "Sublease addendum", "Lease Agreement"), titles("documents?search=a"));
        assertEquals(List.of(), titles("documents?search=zzz"));
        assertEquals(List.of(), titles("documents?search=%25"), "LIKE wildcards are literal");
        HttpResponse<String> r = signet.server().get("documents?search=ease&per_page=1", alice.full());
        assertEquals("2", r.headers().firstValue("X-WP-Total").orElseThrow());
    }

    @Test
    void list_search_findsRenamedTitlesOnly() {
        String id = signet.server().uploadPdf(alice.full(), "old-name.pdf", TestFiles.pdf(1));
        expectObject(200, signet.server().send("PUT", "documents/" + id, alice.full(), "{\"title\":\"Fresh title\"}"));
        assertEquals(List.of("Fresh title"), titles("documents?search=fresh"));
        assertEquals(List.of(), titles("documents?search=old-name"));
    }

    private List<Object> titles(String path) {
        HttpResponse<String> r = signet.server().get(path, alice.full());
        assertEquals(200, r.statusCode(), r.body());
        return array(r).stream().map(o -> ((Map<?, ?>) o).get("title")).map(Object.class::cast).toList();
    }

    @Test
    void update_titleExpiryAndReminderInterval_changeAndClear() {
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        signet.clock().advance(java.time.Duration.ofMinutes(5));
        Map<String, Object> d = expectObject(200, signet.server().send("PUT", "documents/" + id, alice.full(),
                Json.write(Map.of("title", "Renamed", "expires_at", "2030-05-01 08:00:00", "reminder_interval_days", 30))));
        assertEquals("Renamed", d.get("title"));
        assertEquals("2030-05-01 08:00:00", d.get("expires_at"));
        assertEquals("30", d.get("reminder_interval_days"));
        assertEquals("2030-03-01 10:35:00", d.get("updated_at"));
        assertEquals("2030-03-01 10:30:00", d.get("created_at"));
        d = expectObject(200, signet.server().send("PUT", "documents/" + id, alice.full(),
                "{\"expires_at\":null,\"reminder_interval_days\":null}"));
        assertNull(d.get("expires_at"));
        assertNull(d.get("reminder_interval_days"));
        assertEquals("Renamed", d.get("title"));
    }

    @Test
    void update_badValues_refusedAndNothingChanges() {
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        for (String body : List.of("{\"expires_at\":\"2030-03-01 10:29:59\"}", "{\"expires_at\":\"tomorrow\"}",
                "{\"reminder_interval_days\":0}", "{\"reminder_interval_days\":31}", "{\"title\":\"  \"}",
                "{\"status\":\"archived\"}", "{\"title\":\"ok\",\"reminder_interval_days\":\"x\"}")) {
            HttpResponse<String> r = signet.server().send("PUT", "documents/" + id, alice.full(), body);
            assertEquals(400, r.statusCode(), body);
            assertEquals("rest_invalid_param", code(r), body);
        }
        Map<String, Object> d = expectObject(200, signet.server().get("documents/" + id, alice.full()));
        assertEquals("a", d.get("title"));
        assertNull(d.get("expires_at"));
    }

    @Test
    void update_sendWithoutSigners_noSignersAndTitleUnchanged() {
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        HttpResponse<String> r = signet.server().send("PUT", "documents/" + id, alice.full(),
                "{\"title\":\"New\",\"status\":\"sent\"}");
        assertEquals(400, r.statusCode());
        assertEquals("no_signers", code(r));
        Map<String, Object> d = expectObject(200, signet.server().get("documents/" + id, alice.full()));
        assertEquals("a", d.get("title"), "the whole update is refused, not half of it");
        assertEquals("draft", d.get("status"));
    }

    @Test
    void update_invalidTransition_namesFromToAndAllowed() {
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        HttpResponse<String> r = signet.server().send("PUT", "documents/" + id, alice.full(), "{\"status\":\"completed\"}");
        assertEquals(400, r.statusCode());
        assertEquals("invalid_transition", code(r));
        assertEquals("draft", data(r).get("from"));
        assertEquals("completed", data(r).get("to"));
        assertEquals(List.of("expired", "sent"), data(r).get("allowed"));
        assertEquals(400, ((Number) data(r).get("status")).intValue());
    }

    @Test
    void update_sendAndRecall_throughTheStateMachine() {
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        new ApiFlow(signet.server(), alice.full(), signet.clock()).addSignerWithSignatureField(id, "sam@example.com");
        assertEquals("sent", expectObject(200, signet.server().send("PUT", "documents/" + id, alice.full(), "{\"status\":\"sent\"}"))
                .get("status"));
        HttpResponse<String> r = signet.server().send("PUT", "documents/" + id, alice.full(), "{\"status\":\"completed\"}");
        assertEquals("invalid_transition", code(r));
        assertEquals(List.of("draft", "expired"), data(r).get("allowed"));
        assertEquals("draft", expectObject(200, signet.server().send("PUT", "documents/" + id, alice.full(), "{\"status\":\"draft\"}"))
                .get("status"));
    }

    @Test
    void delete_removesEverywhereCountsTombstoneAndErasesFile() {
        int before = signet.server().vaultFiles().size();
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        Map<String, Object> png = expectObject(201, signet.server().upload(alice.full(),
                new Multipart().file("file", "s.png", "image/png", TestFiles.png(20, 20))));
        assertEquals(before + 3, signet.server().vaultFiles().size(), "a PDF, and an image with its PDF");
        Map<String, Object> r = expectObject(200, signet.server().send("DELETE", "documents/" + id, alice.full(), null));
        assertEquals(Boolean.TRUE, r.get("deleted"));
        expectObject(200, signet.server().send("DELETE", "documents/" + png.get("id"), alice.full(), null));
        assertEquals(before, signet.server().vaultFiles().size());
        for (String path : List.of("documents/" + id, "documents/" + id + "/file", "documents/" + id + "/audit",
                "documents/" + id + "/signers", "documents/" + id + "/fields")) {
            HttpResponse<String> gone = signet.server().get(path, alice.full());
            assertEquals(404, gone.statusCode(), path);
            assertEquals("not_found", code(gone), path);
        }
        assertEquals("not_found", code(signet.server().send("PUT", "documents/" + id, alice.full(), "{\"title\":\"x\"}")));
        assertEquals("not_found", code(signet.server().send("DELETE", "documents/" + id, alice.full(), null)));
        Map<String, Object> stats = expectObject(200, signet.server().get("stats", alice.full()));
        assertEquals(2, ((Number) stats.get("deleted")).intValue());
        assertEquals(0, ((Number) stats.get("total")).intValue());
        assertEquals(List.of(), array(signet.server().get("documents", alice.full())));
    }

    @Test
    void file_jsonBase64IsTheUploadAndEachDownloadIsAudited() {
        byte[] pdf = TestFiles.pdf(2);
        String id = signet.server().uploadPdf(alice.full(), "deal.pdf", pdf);
        Map<String, Object> f = expectObject(200, signet.server().get("documents/" + id + "/file", alice.full()));
        assertArrayEquals(pdf, Base64.getDecoder().decode((String) f.get("content")));
        assertEquals("deal.pdf", f.get("filename"));
        assertEquals("application/pdf", f.get("type"));
        assertEquals("base64", f.get("encoding"));
        expectObject(200, signet.server().get("documents/" + id + "/file?version=original", alice.full()));
        HttpResponse<byte[]> raw = signet.server().sendForBytes(signet.server().request("documents/" + id + "/file", alice.full())
                .header("Accept", "application/pdf").build());
        assertEquals(200, raw.statusCode());
        assertArrayEquals(pdf, raw.body());
        assertEquals("application/pdf", raw.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(raw.headers().firstValue("Content-Disposition").orElseThrow()
                .startsWith("attachment; filename=\"deal.pdf\""));
        List<?> events = (List<?>) expectObject(200, signet.server().get("documents/" + id + "/audit", alice.full())).get("events");
        assertEquals(3, events.stream().filter(e -> ((Map<?, ?>) e).get("action").equals("document_downloaded"))
                .count());
    }

    @Test
    void file_imageOriginal_rawWithItsOwnTypeAndBadVersionRefused() {
        byte[] png = TestFiles.png(40, 30);
        Map<String, Object> d = expectObject(201, signet.server().upload(alice.full(),
                new Multipart().file("file", "stamp.png", "image/png", png)));
        Map<String, Object> f = expectObject(200, signet.server().get("documents/" + d.get("id") + "/file", alice.full()));
        assertEquals("image/png", f.get("type"));
        assertArrayEquals(png, Base64.getDecoder().decode((String) f.get("content")));
        HttpResponse<byte[]> raw = signet.server().sendForBytes(signet.server().request("documents/" + d.get("id")
                + "/file?version=original", alice.full()).header("Accept", "image/png").build());
        assertArrayEquals(png, raw.body());
        assertEquals("image/png", raw.headers().firstValue("Content-Type").orElseThrow());
        HttpResponse<String> bad = signet.server().get("documents/" + d.get("id") + "/file?version=latest", alice.full());
        assertEquals(400, bad.statusCode());
        assertEquals("rest_invalid_param", code(bad));
    }

    /** The type served, the JSON form's filename and the raw download's Content-Disposition of a document's file. */
    private List<String> servedNames(String id, String accept) {
        Map<String, Object> json = expectObject(200, signet.server().get("documents/" + id + "/file", alice.full()));
        HttpResponse<byte[]> raw = signet.server().sendForBytes(signet.server().request("documents/" + id + "/file", alice.full())
                .header("Accept", accept).build());
        assertEquals(200, raw.statusCode());
        assertEquals(json.get("type"), raw.headers().firstValue("Content-Type").orElseThrow());
        return List.of((String) json.get("type"), (String) json.get("filename"),
                raw.headers().firstValue("Content-Disposition").orElseThrow());
    }

    @Test
    void file_nameWithRightToLeftOverride_servedWithoutItAndEndingInPdf() {
        String id = signet.server().uploadPdf(alice.full(), "\u00e9\u202ecod.exe", TestFiles.pdf(1));

        assertEquals(List.of("application/pdf", "\u00e9cod.exe.pdf",
                "attachment; filename=\"ecod.exe.pdf\"; filename*=UTF-8''%C3%A9cod.exe.pdf"),
                servedNames(id, "application/pdf"));
    }

    @Test
    void file_uploadNamedForAnotherType_servedUnderTheServedTypesExtension() {
        String html = signet.server().uploadPdf(alice.full(), "report.html", TestFiles.pdf(1));
        Map<String, Object> png = expectObject(201, signet.server().upload(alice.full(),
                new Multipart().file("file", "scan.pdf", "application/pdf", TestFiles.png(40, 30))));

        assertEquals(List.of("application/pdf", "report.html.pdf",
                "attachment; filename=\"report.html.pdf\"; filename*=UTF-8''report.html.pdf"),
                servedNames(html, "application/pdf"));
        // An image is kept and served as the image it is; its one-page PDF is what is signed.
        assertEquals(List.of("image/png", "scan.pdf.png",
                "attachment; filename=\"scan.pdf.png\"; filename*=UTF-8''scan.pdf.png"),
                servedNames((String) png.get("id"), "image/png"));
    }
    @Test
    void get_repeated_showsEveryChangeMadeInBetween() {
        String id = signet.server().uploadPdf(alice.full(), "lease.pdf", TestFiles.pdf(1));
        assertEquals("lease", expectObject(200, signet.server().get("documents/" + id, alice.full())).get("title"));
        expectObject(201, signet.server().send("POST", "documents/" + id + "/signers", alice.full(),
                "{\"name\":\"Ann\",\"email\":\"ann@example.com\"}"));
        Map<String, Object> withSigner = expectObject(200, signet.server().get("documents/" + id, alice.full()));
        assertEquals(1, ((List<?>) withSigner.get("signers")).size(), "a signer added since the last read");
        expectObject(200, signet.server().send("PUT", "documents/" + id, alice.full(), "{\"title\":\"Lease 2\"}"));
        assertEquals("Lease 2", expectObject(200, signet.server().get("documents/" + id, alice.full())).get("title"));
        expectObject(200, signet.server().send("DELETE", "documents/" + id, alice.full(), null));
        assertEquals("not_found", code(signet.server().get("documents/" + id, alice.full())));
    }

    @Test
    void get_readByItsOwnerJustBefore_stillForbiddenToOthers() {
        String bobs = signet.server().uploadPdf(bob.full(), "b.pdf", TestFiles.pdf(1));
        expectObject(200, signet.server().get("documents/" + bobs, bob.full()));
        HttpResponse<String> theirs = signet.server().get("documents/" + bobs, alice.full());
        assertEquals(403, theirs.statusCode(), theirs.body());
        assertEquals("forbidden", code(theirs));
        assertFalse(theirs.body().contains("\"b\""), "nothing of the document in the refusal: " + theirs.body());
        assertEquals(200, signet.server().get("documents/" + bobs, admin.full()).statusCode());
    }

    /** Every document endpoint: method, path under the document, and a body for writes. */
    private static final List<String[]> ENDPOINTS = List.of(
            new String[] {"GET", "", null}, new String[] {"PUT", "", "{\"title\":\"x\"}"},
            new String[] {"GET", "/file", null}, new String[] {"GET", "/audit", null},
            new String[] {"GET", "/signers", null}, new String[] {"GET", "/fields", null},
            new String[] {"POST", "/signers", "{\"name\":\"N\",\"email\":\"n@example.com\"}"},
            new String[] {"POST", "/send", null}, new String[] {"POST", "/remind", null},
            new String[] {"POST", "/expire", null}, new String[] {"DELETE", "", null});

    @Test
    void everyEndpoint_othersDocumentForbiddenMissingNotFoundAdministratorAllowed() {
        String bobs = signet.server().uploadPdf(bob.full(), "b.pdf", TestFiles.pdf(1));
        String gone = signet.server().uploadPdf(bob.full(), "g.pdf", TestFiles.pdf(1));
        expectObject(200, signet.server().send("DELETE", "documents/" + gone, bob.full(), null));
        for (String[] e : ENDPOINTS) {
            HttpResponse<String> theirs = signet.server().send(e[0], "documents/" + bobs + e[1], alice.full(), e[2]);
            assertEquals(403, theirs.statusCode(), e[0] + e[1] + " " + theirs.body());
            assertEquals("forbidden", code(theirs), e[0] + e[1]);
            HttpResponse<String> missing = signet.server().send(e[0], "documents/" + gone + e[1], alice.full(), e[2]);
            assertEquals(404, missing.statusCode(), "404 comes before 403: " + e[0] + e[1]);
            assertEquals("not_found", code(missing), e[0] + e[1]);
            assertEquals("not_found", code(signet.server().send(e[0], "documents/999999" + e[1], bob.full(), e[2])));
        }
        assertEquals("b", expectObject(200, signet.server().get("documents/" + bobs, bob.full())).get("title"),
                "the refused requests changed nothing");
        for (String[] e : ENDPOINTS) {
            HttpResponse<String> r = signet.server().send(e[0], "documents/" + bobs + e[1], admin.full(), e[2]);
            assertTrue(r.statusCode() != 403 && r.statusCode() != 404, "administrator: " + e[0] + e[1] + " " + r.body());
        }
    }
}
