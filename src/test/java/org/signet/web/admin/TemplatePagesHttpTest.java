package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
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
 * The template and bulk send pages over raw HTTP: every refusal (a bad CSV, a bad entry, a wrong file, another user's
 * template, a stale CSRF token) is a page in words with a 4xx status, and changes nothing.
 */
class TemplatePagesHttpTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    private static final String HEADER = "signer1_name,signer1_email,company\r\n";

    static TestServer.Account sam;
    static TestServer.Account other;

    @BeforeAll
    static void start() {
        sam = signet.server().account("sam@example.com", false);
        signet.server().app.users().setPassword("sam@example.com", AdminHttpTest.HASH);
        other = signet.server().account("other@example.com", false);
    }

    private static AdminClient signedIn() {
        AdminClient c = new AdminClient(signet.server());
        assertEquals(302, c.signIn("sam@example.com", AdminHttpTest.PASSWORD).statusCode());
        return c;
    }

    /** A template of {@code as} with one slot: a signature and a text field whose variable key is "company". */
    private static long template(TestServer.Account as) {
        ApiFlow flow = new ApiFlow(signet.server(), as.full(), Clock.systemUTC());
        String doc = flow.upload("Service contract", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        Map<String, Object> company = ApiFlow.field(ann.id(), "text", 1, 72, 100, 250, 30);
        company.put("field_name", "Company");
        flow.saveFields(doc, List.of(ApiFlow.field(ann.id(), "signature", 1, 72, 600, 200, 60), company));
        Map<String, Object> t = TestServer.expectObject(201, flow.post("templates", Map.of("document_id",
                Long.parseLong(doc), "name", "Contract")));
        return ((Number) t.get("id")).longValue();
    }

    private static long count(String sql) {
        return signet.server().app.database().queryLong(sql);
    }

    private static HttpResponse<String> bulk(AdminClient c, long template, String csrf, String change, String csv) {
        return c.postMultipart("/admin/templates/" + template + "/bulk", new Multipart().text("csrf", csrf)
                .text("change", change).file("file", "", "application/octet-stream", new byte[0]).text("csv", csv));
    }

    @Test
    void bulk_badRowShownBesideItBeforeSending_andSendingItRefusedWhole() {
        AdminClient c = signedIn();
        long template = template(sam);
        String csv = HEADER + "Ann,ann@example.org,Acme\r\nBob,not-an-address,Beta\r\nCy,cy@example.org,Gamma\r\n";
        long before = count("SELECT count(*) FROM bulk_sends");

        HttpResponse<String> checked = bulk(c, template, c.csrf(), "check", csv);

        assertEquals(400, checked.statusCode());
        assertTrue(checked.body().contains("id=\"bulk-row-2\" class=\"row-bad\""), checked.body());
        assertTrue(checked.body().contains("<code>signer1_email</code>: "), checked.body());
        assertTrue(checked.body().contains("id=\"bulk-row-1\" class=\"row-ok\""), checked.body());
        assertFalse(checked.body().contains("id=\"bulk-send\""), "no way to send bad rows");
        assertEquals(400, bulk(c, template, c.csrf(), "send", csv).statusCode());
        assertEquals(before, count("SELECT count(*) FROM bulk_sends"));
    }

    @Test
    void bulk_cleanRows_checkedThenSent_runPageAndProgressShowThem() {
        AdminClient c = signedIn();
        long template = template(sam);
        String csv = HEADER + "Ann,ann@example.org,Acme\r\nCy,cy@example.org,Gamma\r\n";

        HttpResponse<String> checked = bulk(c, template, c.csrf(), "check", csv);
        assertEquals(200, checked.statusCode(), checked.body());
        assertTrue(checked.body().contains("id=\"bulk-send\""), checked.body());
        HttpResponse<String> sent = bulk(c, template, c.csrf(), "send", csv);

        assertEquals(302, sent.statusCode(), sent.body());
        String run = sent.headers().firstValue("Location").orElseThrow().split("\\?")[0];
        assertTrue(run.startsWith("/admin/bulk-sends/"), run);
        HttpResponse<String> page = c.get(run);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("id=\"run-row-2-status\""), page.body());
        HttpResponse<String> progress = c.get(run + "/progress");
        assertEquals(200, progress.statusCode());
        assertTrue(progress.body().contains("\"total\":2"), progress.body());
    }

    @Test
    void bulk_headerOfUnknownColumn_namedAsAProblemOfTheWhole() {
        AdminClient c = signedIn();
        long template = template(sam);

        HttpResponse<String> checked = bulk(c, template, c.csrf(), "check", "name,mail\r\nAnn,ann@example.org\r\n");

        assertEquals(400, checked.statusCode());
        assertTrue(checked.body().contains("Header: unknown column name"), checked.body());
    }

    @Test
    void bulk_staleCsrf_refusedAsAPage_nothingMade() {
        AdminClient c = signedIn();
        long template = template(sam);
        long before = count("SELECT count(*) FROM bulk_sends");

        HttpResponse<String> r = bulk(c, template, "stale", "send", HEADER + "Ann,ann@example.org,Acme\r\n");

        assertEquals(403, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertEquals(before, count("SELECT count(*) FROM bulk_sends"));
    }

    @Test
    void templateOfAnotherUser_forbiddenAsAPage_nothingChanged() {
        AdminClient c = signedIn();
        long theirs = template(other);
        String csrf = c.csrf();

        for (String page : List.of("", "/use", "/bulk")) {
            HttpResponse<String> r = c.get("/admin/templates/" + theirs + page);
            assertEquals(403, r.statusCode(), page);
            assertTrue(r.body().contains("role=\"alert\""), page);
        }
        assertEquals(403, c.post("/admin/templates/" + theirs + "/delete", csrf).statusCode());
        assertEquals(403, c.post("/admin/templates/" + theirs, csrf, "name", "Mine now").statusCode());
        assertEquals(404, c.get("/admin/templates/99999").statusCode());
        assertEquals(1, count("SELECT count(*) FROM templates WHERE id = " + theirs + " AND name = 'Contract'"));
        assertFalse(c.get("/admin/templates").body().contains("/admin/templates/" + theirs + "\""));
    }

    @Test
    void templateChange_staleCsrf_refused_nameKept() {
        AdminClient c = signedIn();
        long template = template(sam);

        HttpResponse<String> r = c.post("/admin/templates/" + template, "stale", "name", "Renamed");

        assertEquals(403, r.statusCode());
        assertEquals(1, count("SELECT count(*) FROM templates WHERE id = " + template + " AND name = 'Contract'"));
    }

    @Test
    void recipients_added_roleSaved_slotWithFieldsKept() {
        AdminClient c = signedIn();
        long template = template(sam);
        String path = "/admin/templates/" + template + "/recipients";

        assertEquals(302, c.post(path, c.csrf(), "role_1", "signer", "order_1", "1", "change", "add").statusCode());
        assertEquals(302, c.post(path, c.csrf(), "role_1", "signer", "order_1", "1", "role_2", "approver", "order_2", "2",
                "change", "save").statusCode());
        assertEquals(1, count("SELECT count(*) FROM template_slots WHERE template_id = " + template
                + " AND slot = 2 AND role = 'approver'"));
        assertEquals(302, c.post(path, c.csrf(), "change", "remove").statusCode());
        HttpResponse<String> refused = c.post(path, c.csrf(), "change", "remove");

        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("id=\"slots-error\""), refused.body());
        assertEquals(1, count("SELECT count(*) FROM template_slots WHERE template_id = " + template));
    }

    @Test
    void variables_badKeyShownBesideItsEntry_nothingSaved_goodKeySaved() {
        AdminClient c = signedIn();
        long template = template(sam);
        long field = count("SELECT id FROM template_fields WHERE template_id = " + template + " AND field_type = 'text'");
        String path = "/admin/templates/" + template + "/variables";

        HttpResponse<String> refused = c.post(path, c.csrf(), "variables." + field, "Not A Key");

        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("id=\"variable-" + field + "-error\""), refused.body());
        assertEquals(1, count("SELECT count(*) FROM template_fields WHERE id = " + field + " AND variable_key = 'company'"));
        assertEquals(302, c.post(path, c.csrf(), "variables." + field, "client_company").statusCode());
        assertEquals(1, count("SELECT count(*) FROM template_fields WHERE id = " + field
                + " AND variable_key = 'client_company'"));
    }

    @Test
    void upload_notAPdfOrImage_shownOnTheForm_noTemplateMade() {
        AdminClient c = signedIn();
        long before = count("SELECT count(*) FROM templates");

        HttpResponse<String> r = c.postMultipart("/admin/templates/new/upload", new Multipart().text("csrf", c.csrf())
                .text("name", "Notes").file("file", "notes.txt", "text/plain", "plain words".getBytes(StandardCharsets.UTF_8)));

        assertTrue(r.statusCode() >= 400 && r.statusCode() < 500, r.statusCode() + " " + r.body());
        assertTrue(r.body().contains("id=\"form-errors\""), r.body());
        assertEquals(before, count("SELECT count(*) FROM templates"));
    }

    @Test
    void upload_staleCsrf_refused_noTemplateMade() {
        AdminClient c = signedIn();
        long before = count("SELECT count(*) FROM templates");

        HttpResponse<String> r = c.postMultipart("/admin/templates/new/upload", new Multipart().text("csrf", "stale")
                .file("file", "nda.pdf", "application/pdf", "%PDF-1.4".getBytes(StandardCharsets.US_ASCII)));

        assertEquals(403, r.statusCode());
        assertEquals(before, count("SELECT count(*) FROM templates"));
    }

    @Test
    void use_badEmailShownBesideIt_noDocument_thenSentLandsOnTheDocument() {
        AdminClient c = signedIn();
        long template = template(sam);
        String path = "/admin/templates/" + template + "/use";
        long before = count("SELECT count(*) FROM documents");

        HttpResponse<String> refused = c.post(path, c.csrf(), "signer1_name", "Ann", "signer1_email", "nope",
                "variables.company", "Acme");

        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("id=\"signer1_email-error\""), refused.body());
        assertTrue(refused.body().contains("value=\"Acme\""), "the form keeps what was entered");
        assertEquals(before, count("SELECT count(*) FROM documents"));
        HttpResponse<String> sent = c.post(path, c.csrf(), "signer1_name", "Ann", "signer1_email", "ann@example.org",
                "variables.company", "Acme");
        assertEquals(302, sent.statusCode(), sent.body());
        String location = sent.headers().firstValue("Location").orElseThrow();
        assertTrue(location.matches("/admin/documents/\\d+\\?notice=templates_sent"), location);
        assertEquals(before + 1, count("SELECT count(*) FROM documents"));
    }
}
