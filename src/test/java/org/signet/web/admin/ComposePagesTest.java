package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Making a document on the administrator pages over raw HTTP: the upload under the REST upload's checks and limits,
 * a draft's recipients added, edited, moved and removed, the review and send; and every refusal answered as a page
 * in words, nothing changed.
 */
class ComposePagesTest {
    /** Small enough that the sample plan is over it, large enough for the sample agreement. */
    private static final int LIMIT = 50_000;
    private static final Path NDA = Path.of("sample-data/mutual-nda.pdf");

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("upload.max_bytes=" + LIMIT).onSystemClock();

    static TestServer server;
    static TestServer.Account sam;
    static TestServer.Account other;
    static ApiFlow samApi;
    static ApiFlow otherApi;

    @BeforeAll
    static void start() {
        server = signet.server();
        sam = server.account("sam@example.com", false);
        server.app.users().setPassword("sam@example.com", AdminHttpTest.HASH);
        other = server.account("other@example.com", false);
        samApi = new ApiFlow(server, sam.full(), Clock.systemUTC());
        otherApi = new ApiFlow(server, other.full(), Clock.systemUTC());
    }

    private static AdminClient signedIn() {
        AdminClient c = new AdminClient(server);
        assertEquals(302, c.signIn("sam@example.com", AdminHttpTest.PASSWORD).statusCode());
        return c;
    }

    private static Multipart upload(String csrf, String filename, String type, byte[] content) {
        Multipart m = new Multipart();
        if (csrf != null) {
            m.text("csrf", csrf);
        }
        return m.text("title", "").file("file", filename, type, content);
    }

    private static int documentsOfSam() {
        return Integer.parseInt(samApi.get("documents").headers().firstValue("X-WP-Total").orElseThrow());
    }

    private static String idOf(String location) {
        Matcher m = Pattern.compile("/admin/documents/(\\d+)/recipients").matcher(location);
        assertTrue(m.find(), location);
        return m.group(1);
    }

    @Test
    void documentsList_offersNewDocument() {
        String page = signedIn().get("/admin/documents").body();
        assertTrue(page.contains("href=\"/admin/documents/new\""), page);
    }

    @Test
    void upload_pdf_makesADraftTitledAfterItsFile_andGoesToItsRecipients() throws Exception {
        AdminClient c = signedIn();
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/new"));
        HttpResponse<String> r = c.postMultipart("/admin/documents/new",
                upload(csrf, "mutual-nda.pdf", "application/pdf", Files.readAllBytes(NDA)));
        assertEquals(302, r.statusCode(), r.body());
        String doc = idOf(r.headers().firstValue("Location").orElseThrow());
        Map<String, Object> made = samApi.document(doc);
        assertEquals("mutual-nda", made.get("title"));
        assertEquals("draft", made.get("status"));
        assertEquals(1, samApi.audit(doc, "document_created").size());
        String next = c.get("/admin/documents/" + doc + "/recipients?notice=uploaded").body();
        assertTrue(next.contains("aria-current=\"step\""), next);
        assertTrue(next.contains("The file has been uploaded."), next);
    }

    @Test
    void upload_taggedPdf_listsTheFieldsFound_keptForTheRecipientsChosen() {
        AdminClient c = signedIn();
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/new"));
        HttpResponse<String> r = c.postMultipart("/admin/documents/new",
                upload(csrf, "tagged.pdf", "application/pdf", tagged()));
        String doc = idOf(r.headers().firstValue("Location").orElseThrow());
        String path = "/admin/documents/" + doc + "/recipients";
        String page = c.get(path).body();
        assertTrue(page.contains("Buyer signature") && page.contains("Company"), page);
        assertTrue(page.contains("Add the recipients first"), page);
        Party buyer = samApi.addSigner(doc, "Bea Buyer", "bea@example.com", "signer", 1);
        Party seller = samApi.addSigner(doc, "Sol Seller", "sol@example.com", "signer", 2);
        HttpResponse<String> refused = c.post("/admin/documents/" + doc + "/found", csrf, "signer_1", buyer.id());
        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("id=\"found-error\">Choose a recipient for every signer number"), refused.body());
        assertEquals(0, samApi.fields(doc).size());
        HttpResponse<String> kept = c.post("/admin/documents/" + doc + "/found", csrf, "signer_1", buyer.id(), "signer_2",
                seller.id());
        assertEquals(302, kept.statusCode(), kept.body());
        List<Map<String, Object>> fields = samApi.fields(doc);
        assertEquals(3, fields.size());
        assertTrue(fields.stream().anyMatch(f -> "Company".equals(f.get("field_name"))
                && seller.id().equals(String.valueOf(f.get("signer_id")))), fields.toString());
    }

    private static byte[] tagged() {
        try {
            return org.signet.support.FieldPdfs.tagged();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void upload_wrongType_answersTheFormWithWordsBesideTheFile_nothingStored() {
        AdminClient c = signedIn();
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/new"));
        int before = documentsOfSam();
        List<String> files = server.vaultFiles();
        HttpResponse<String> r = c.postMultipart("/admin/documents/new", new Multipart().text("csrf", csrf)
                .text("title", "Notes <draft>").file("file", "notes.txt", "text/plain",
                        "just words".getBytes(StandardCharsets.UTF_8)));
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("value=\"Notes &lt;draft&gt;\""), "the title is shown again: " + r.body());
        assertTrue(r.body().contains("id=\"file-error\""), r.body());
        assertTrue(r.body().contains("This is not a PDF, PNG or JPG file."), r.body());
        assertTrue(r.body().contains("aria-describedby=\"file-hint file-error\" aria-invalid=\"true\""), r.body());
        assertEquals(before, documentsOfSam());
        assertEquals(files, server.vaultFiles());
    }

    @Test
    void upload_overTheLimit_answers413WithTheLimitInWords_nothingStored() throws Exception {
        AdminClient c = signedIn().header("Accept-Language", "de");
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/new"));
        int before = documentsOfSam();
        List<String> files = server.vaultFiles();
        byte[] plan = Files.readAllBytes(Path.of("sample-data/floor-plan.png"));
        assertTrue(plan.length > LIMIT);
        HttpResponse<String> r = c.postMultipart("/admin/documents/new", upload(csrf, "floor-plan.png", "image/png", plan));
        assertEquals(413, r.statusCode());
        assertTrue(r.body().contains("höchstens 49 KB"), r.body());
        assertEquals(before, documentsOfSam());
        assertEquals(files, server.vaultFiles());
    }

    @Test
    void upload_staleCsrf_refused403AsAPage_nothingStored() throws Exception {
        AdminClient c = signedIn();
        int before = documentsOfSam();
        HttpResponse<String> r = c.postMultipart("/admin/documents/new",
                upload("stale-token", "mutual-nda.pdf", "application/pdf", Files.readAllBytes(NDA)));
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("This form has expired"), r.body());
        assertEquals(before, documentsOfSam());
    }

    @Test
    void recipients_badEmail_saidBesideTheInput_nothingAdded() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Lease", 1);
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/" + doc + "/recipients"));
        HttpResponse<String> r = c.post("/admin/documents/" + doc + "/recipients", csrf, "name", "Ann", "email",
                "not-an-address", "role", "signer", "signing_order", "1", "language", "");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("id=\"email-new\" name=\"email\" type=\"email\" value=\"not-an-address\""), r.body());
        assertTrue(r.body().contains("aria-invalid=\"true\" aria-describedby=\"email-new-error\""), r.body());
        assertTrue(r.body().contains("<p class=\"field-error\" id=\"email-new-error\">Enter a valid email address"),
                r.body());
        assertEquals(0, samApi.signerRecords(doc).size());
    }

    @Test
    void recipients_addEditMoveRemove_throughTheServices() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Partnership", 1);
        String path = "/admin/documents/" + doc + "/recipients";
        String csrf = AdminClient.csrfOf(c.get(path));
        for (String[] p : new String[][] {{"Ann", "ann@example.com", "1"}, {"Bob", "bob@example.com", "2"},
                {"Cy", "cy@example.com", "2"}}) {
            assertEquals(302, c.post(path, csrf, "name", p[0], "email", p[1], "role", "signer", "signing_order", p[2],
                    "language", "").statusCode());
        }
        Map<String, Map<String, Object>> signers = byName(doc);
        String cy = (String) signers.get("Cy").get("id");
        // Cy signs with Bob: moving Cy up puts Cy alone before that group.
        assertEquals(302, c.post(path + "/" + cy + "/move", csrf, "direction", "up").statusCode());
        assertEquals(List.of("Ann:1", "Cy:2", "Bob:3"), order(doc));
        String ann = (String) signers.get("Ann").get("id");
        assertEquals(302, c.post(path + "/" + ann + "/move", csrf, "direction", "down").statusCode());
        assertEquals(List.of("Cy:1", "Ann:2", "Bob:3"), order(doc));
        assertEquals(302, c.post(path + "/" + ann, csrf, "name", "Ann Lee", "email", "ann@example.com", "role",
                "viewer", "signing_order", "3", "language", "fr", "verification", "1").statusCode());
        Map<String, Object> edited = byName(doc).get("Ann Lee");
        assertEquals("viewer", edited.get("role"));
        assertEquals("fr", edited.get("language"));
        String bob = (String) signers.get("Bob").get("id");
        assertEquals(302, c.post(path + "/" + bob + "/remove", csrf).statusCode());
        assertEquals(List.of("Cy:1", "Ann Lee:3"), order(doc));
        assertEquals(1, samApi.audit(doc, "signer_removed").size());
    }

    @Test
    void recipients_duplicateEmail_saidBesideTheEntry_nothingChanged() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Loan", 1);
        Party ann = samApi.addSigner(doc, "Ann", "ann@example.com", "signer", 1);
        samApi.addSigner(doc, "Bob", "bob@example.com", "signer", 2);
        String path = "/admin/documents/" + doc + "/recipients";
        String csrf = AdminClient.csrfOf(c.get(path));
        HttpResponse<String> r = c.post(path + "/" + ann.id(), csrf, "name", "Ann", "email", "bob@example.com", "role",
                "signer", "signing_order", "1", "language", "");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("id=\"email-" + ann.id() + "-error\">Someone with this email address"), r.body());
        assertEquals("ann@example.com", byName(doc).get("Ann").get("email"));
    }

    @Test
    void anotherUsersDraft_403AsAPage_andAMissingOne404_nothingChanged() {
        AdminClient c = signedIn();
        String theirs = otherApi.upload("Theirs", 1);
        String csrf = c.csrf();
        for (String step : List.of("recipients", "send")) {
            HttpResponse<String> r = c.get("/admin/documents/" + theirs + "/" + step);
            assertEquals(403, r.statusCode(), step);
            assertTrue(r.body().contains("<html"), step);
        }
        assertEquals(403, c.post("/admin/documents/" + theirs + "/recipients", csrf, "name", "Eve", "email",
                "eve@example.com", "role", "signer", "signing_order", "1").statusCode());
        assertEquals(403, c.post("/admin/documents/" + theirs + "/send", csrf, "then", "send").statusCode());
        assertEquals(0, otherApi.signerRecords(theirs).size());
        assertEquals("draft", otherApi.status(theirs));
        assertEquals(404, c.get("/admin/documents/999999/recipients").statusCode());
    }

    @Test
    void send_withoutASignatureField_saysWhichSigner_nothingChanged() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Offer", 1);
        Party ann = samApi.addSigner(doc, "Ann", "ann@example.com", "signer", 1);
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/" + doc + "/send"));
        HttpResponse<String> r = c.post("/admin/documents/" + doc + "/send", csrf, "expires_on", "", "reminder_interval_days",
                "3", "then", "send");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("Every signer needs at least one required signature or initials field."), r.body());
        assertTrue(r.body().contains("id=\"recipient-" + ann.id() + "-error\""), r.body());
        assertEquals("draft", samApi.status(doc));
        assertEquals(null, samApi.document(doc).get("reminder_interval_days"));
    }

    @Test
    void send_noRecipient_saidInWords() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Empty", 1);
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/" + doc + "/send"));
        HttpResponse<String> r = c.post("/admin/documents/" + doc + "/send", csrf, "then", "send");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("Add at least one recipient before sending."), r.body());
        assertEquals("draft", samApi.status(doc));
    }

    @Test
    void send_withFields_sendsWithExpiryAndReminders_andSaveForLaterKeepsADraft() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Contract", 1);
        Party ann = samApi.addSigner(doc, "Ann", "ann@example.com", "signer", 1);
        samApi.signatureFields(doc, ann.id());
        String review = c.get("/admin/documents/" + doc + "/send").body();
        assertTrue(review.contains("Signature, page 1, required"), review);
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/" + doc + "/send"));
        String day = java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(10).toString();
        HttpResponse<String> later = c.post("/admin/documents/" + doc + "/send", csrf, "expires_on", day,
                "reminder_interval_days", "7", "then", "later");
        assertEquals("/admin/documents/" + doc + "?notice=compose_saved", later.headers().firstValue("Location").orElseThrow());
        assertEquals("draft", samApi.status(doc));
        assertEquals("7", String.valueOf(samApi.document(doc).get("reminder_interval_days")));
        HttpResponse<String> sent = c.post("/admin/documents/" + doc + "/send", csrf, "expires_on", day,
                "reminder_interval_days", "7", "then", "send");
        assertEquals(302, sent.statusCode(), sent.body());
        assertEquals("sent", samApi.status(doc));
        assertFalse(samApi.document(doc).get("expires_at") == null);
    }

    @Test
    void send_withAMessage_sentThroughTheService_shownOnTheDocumentsPage_tooLongSaidBesideIt() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Quote", 1);
        Party ann = samApi.addSigner(doc, "Ann", "ann@example.com", "signer", 1);
        samApi.signatureFields(doc, ann.id());
        String review = c.get("/admin/documents/" + doc + "/send").body();
        assertTrue(review.contains("<label for=\"send-message\">Message to the recipients (optional)</label>"), review);
        String csrf = AdminClient.csrfOf(c.get("/admin/documents/" + doc + "/send"));

        HttpResponse<String> tooLong = c.post("/admin/documents/" + doc + "/send", csrf, "message", "x".repeat(2001),
                "then", "send");
        assertEquals(400, tooLong.statusCode());
        assertTrue(tooLong.body().contains("id=\"message-error\""), tooLong.body());
        assertEquals("draft", samApi.status(doc));

        HttpResponse<String> sent = c.post("/admin/documents/" + doc + "/send", csrf, "message", "See <you> & soon",
                "then", "send");
        assertEquals(302, sent.statusCode(), sent.body());
        assertEquals("sent", samApi.status(doc));
        assertEquals("See <you> & soon", samApi.documents().find(Long.parseLong(doc)).orElseThrow().sendMessage());
        String page = c.get("/admin/documents/" + doc).body();
        assertTrue(page.contains("<dd id=\"send-message\" class=\"pre-line\">See &lt;you&gt; &amp; soon</dd>"), page);
    }

    @Test
    void recipients_staleCsrf_refused403_nothingAdded() {
        AdminClient c = signedIn();
        String doc = samApi.upload("Stale", 1);
        HttpResponse<String> r = c.post("/admin/documents/" + doc + "/recipients", "stale", "name", "Ann", "email",
                "ann@example.com", "role", "signer", "signing_order", "1");
        assertEquals(403, r.statusCode());
        assertEquals(0, samApi.signerRecords(doc).size());
    }

    private static Map<String, Map<String, Object>> byName(String doc) {
        Map<String, Map<String, Object>> out = new java.util.LinkedHashMap<>();
        samApi.signerRecords(doc).values().forEach(s -> out.put((String) s.get("name"), s));
        return out;
    }

    /** The signers as name:order, in signing order. */
    private static List<String> order(String doc) {
        return samApi.signerRecords(doc).values().stream()
                .sorted(java.util.Comparator.comparing((Map<String, Object> s) -> Integer.parseInt(String.valueOf(s.get("signing_order"))))
                        .thenComparing(s -> Long.parseLong((String) s.get("id"))))
                .map(s -> s.get("name") + ":" + s.get("signing_order")).toList();
    }
}
