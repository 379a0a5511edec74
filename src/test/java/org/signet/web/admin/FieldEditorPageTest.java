package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.AdminClient;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * The field editor's page, page images and JSON save over HTTP: what a signed-in user may reach of their own draft,
 * and what is refused, each changing nothing: another user's draft or template as the REST interface answers it, a
 * stale CSRF token, a page the file does not have, a payload with a key fields do not take.
 */
class FieldEditorPageTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private TestServer server;
    private TestServer.Account sam;
    private String draft;
    private String signer;

    @BeforeEach
    void start() {
        server = signet.server();
        sam = server.account("sam@example.com", false);
        server.app.users().setPassword("sam@example.com", AdminHttpTest.HASH);
        draft = server.uploadPdf(sam.full(), "lease.pdf", TestFiles.pdf(2));
        signer = (String) TestServer.expectObject(201, server.send("POST", "documents/" + draft + "/signers", sam.full(),
                Json.write(Map.of("name", "Ann Able", "email", "ann@example.com")))).get("id");
    }

    private AdminClient signedIn(String email) {
        AdminClient c = new AdminClient(server);
        assertEquals(302, c.signIn(email, AdminHttpTest.PASSWORD).statusCode());
        return c;
    }

    private String fields(long signerId) {
        return Json.write(Map.of("fields", List.of(Map.of("signer_id", signerId, "field_type", "signature",
                "page_number", 2, "position_x", 72, "position_y", 100))));
    }

    private List<Object> stored() {
        return TestServer.array(TestServer.expect(200, server.get("documents/" + draft + "/fields", sam.full())));
    }

    @Test
    void ownDraft_pageImagesAndSave_asTheInterfaceSavesThem() {
        AdminClient c = signedIn("sam@example.com");
        HttpResponse<String> page = c.get("/admin/documents/" + draft + "/fields");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("src=\"/admin/documents/" + draft + "/pages/2.png\""), page.body());
        HttpResponse<String> image = c.get("/admin/documents/" + draft + "/pages/2.png");
        assertEquals(List.of(200, "image/png"), List.of(image.statusCode(),
                image.headers().firstValue("Content-Type").orElse("")));
        HttpResponse<String> saved = c.postJson("/admin/documents/" + draft + "/fields", csrf(c), fields(Long.parseLong(signer)));
        assertEquals(200, saved.statusCode(), saved.body());
        Map<?, ?> f = (Map<?, ?>) stored().get(0);
        assertEquals(List.of("2", "72", "100", "200", "60"), List.of(f.get("page_number"), f.get("position_x"),
                f.get("position_y"), f.get("width"), f.get("height")));
    }

    @Test
    void severalFiles_pagesInOrder_aFieldOnTheSecondKeepsItsFile() {
        String second = String.valueOf(TestServer.expectObject(201, server.postMultipart("documents/" + draft + "/files",
                sam.full(), new Multipart().file("file", "annex.pdf", "application/pdf", TestFiles.pdf(1)))).get("id"));
        AdminClient c = signedIn("sam@example.com");
        String page = c.get("/admin/documents/" + draft + "/fields").body();
        assertTrue(page.indexOf("lease.pdf") < page.indexOf("annex.pdf"), "the files in order");
        assertTrue(page.contains("data-file=\"" + second + "\" data-page=\"1\""), page);
        assertTrue(page.contains("src=\"/admin/documents/" + draft + "/pages/3.png\""), "the annex is the third page");
        assertEquals(200, c.get("/admin/documents/" + draft + "/pages/3.png").statusCode());
        String body = Json.write(Map.of("fields", List.of(Map.of("signer_id", Long.parseLong(signer), "field_type",
                "date", "file_id", Long.parseLong(second), "page_number", 1, "position_x", 10, "position_y", 20))));
        assertEquals(200, c.postJson("/admin/documents/" + draft + "/fields", csrf(c), body).statusCode());
        Map<?, ?> f = (Map<?, ?>) stored().get(0);
        assertEquals(List.of(second, "1"), List.of(f.get("file_id"), f.get("page_number")));
    }

    @Test
    void draftWithoutRecipients_saysToAddThemFirst() {
        String bare = server.uploadPdf(sam.full(), "bare.pdf", TestFiles.pdf(1));
        AdminClient c = signedIn("sam@example.com");
        String page = c.get("/admin/documents/" + bare + "/fields").body();
        assertTrue(page.contains("id=\"editor-no-recipients\""), page);
    }

    @Test
    void draftEditor_showsTheDraftSteps_fieldsCurrent_templateEditorKeepsItsOwnLinks() {
        AdminClient c = signedIn("sam@example.com");
        String page = c.get("/admin/documents/" + draft + "/fields").body();
        assertTrue(page.contains("<nav class=\"draft-steps\""), page);
        assertTrue(page.contains("<span aria-current=\"step\"><span class=\"step-number\">3</span> Fields</span>"), page);
        assertTrue(page.contains("<a href=\"/admin/documents/" + draft + "/recipients\"><span class=\"step-number\">2"
                + "</span> Recipients</a>"), page);
        assertTrue(page.contains("<a href=\"/admin/documents/" + draft + "/send\"><span class=\"step-number\">4</span>"
                + " Review and send</a>"), page);
        String template = String.valueOf(TestServer.expectObject(201, server.postMultipart("templates/upload", sam.full(),
                new Multipart().file("file", "lease.pdf", "application/pdf", TestFiles.pdf(1)))).get("id"));
        String editor = c.get("/admin/templates/" + template + "/fields").body();
        assertTrue(editor.contains("id=\"editor-back\"") && !editor.contains("draft-steps"), editor);
    }

    @Test
    void fieldsTheEditorHasNoControlFor_comeBackUnchanged_whenItSaves() throws Exception {
        Map<String, Object> company = new java.util.LinkedHashMap<>(Map.of("signer_id", Long.parseLong(signer),
                "field_type", "text", "field_name", "Company", "page_number", 1, "position_x", 72, "position_y", 100,
                "font_size", 11, "font_family", "Noto Serif", "validation", Map.of("format", "email"), "default_value",
                "office@example.org"));
        Map<String, Object> vat = new java.util.LinkedHashMap<>(Map.of("signer_id", Long.parseLong(signer),
                "field_type", "number", "field_name", "Seats", "page_number", 1, "position_x", 72, "position_y", 200,
                "options", Map.of("min", 1, "max", 9), "condition", Map.of("field_name", "Company", "filled", true)));
        TestServer.expect(200, server.send("POST", "documents/" + draft + "/fields", sam.full(),
                Json.write(Map.of("fields", List.of(company, vat)))));
        List<Object> before = stored();
        AdminClient c = signedIn("sam@example.com");
        String page = c.get("/admin/documents/" + draft + "/fields").body();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("data-model=\"([^\"]*)\"").matcher(page);
        assertTrue(m.find(), page);
        Map<?, ?> model = (Map<?, ?>) Json.parse(m.group(1).replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
        HttpResponse<String> saved = c.postJson("/admin/documents/" + draft + "/fields", csrf(c),
                Json.write(Map.of("fields", model.get("fields"))));
        assertEquals(200, saved.statusCode(), saved.body());
        assertEquals(withoutTimes(before), withoutTimes(stored()));
        assertEquals("office@example.org", ((Map<?, ?>) stored().get(0)).get("default_value"), "the default kept");
        assertTrue(page.contains("<label for=\"setting-default\">Default value</label>"), "the default offered");
    }

    /** The records but for what a new save changes anyway: ids and times. */
    private static List<Map<Object, Object>> withoutTimes(List<Object> records) {
        return records.stream().map(r -> {
            Map<Object, Object> m = new java.util.LinkedHashMap<>((Map<?, ?>) r);
            m.keySet().removeAll(List.of("id", "created_at", "updated_at"));
            return m;
        }).toList();
    }

    @Test
    void pageBeyondTheFile_404() {
        AdminClient c = signedIn("sam@example.com");
        assertEquals(404, c.get("/admin/documents/" + draft + "/pages/3.png").statusCode());
        assertEquals(404, c.get("/admin/documents/" + draft + "/pages/0.png").statusCode());
        assertEquals(404, c.get("/admin/documents/" + draft + "/pages/first.png").statusCode());
    }

    @Test
    void anotherUsersDraftAndTemplate_refusedAsThePagesDo_nothingChanged() {
        TestServer.Account other = server.account("olga@example.com", false);
        server.app.users().setPassword("olga@example.com", AdminHttpTest.HASH);
        String template = String.valueOf(TestServer.expectObject(201, server.send("POST", "templates", sam.full(),
                Json.write(Map.of("document_id", draft, "name", "Lease")))).get("id"));
        AdminClient c = signedIn(other.user().email());
        assertEquals(403, c.get("/admin/documents/" + draft + "/fields").statusCode());
        assertEquals(403, c.get("/admin/documents/" + draft + "/pages/1.png").statusCode());
        HttpResponse<String> save = c.postJson("/admin/documents/" + draft + "/fields", csrf(c),
                fields(Long.parseLong(signer)));
        assertEquals(403, save.statusCode(), save.body());
        int templateStatus = c.get("/admin/templates/" + template + "/fields").statusCode();
        assertTrue(templateStatus == 403 || templateStatus == 404, "another user's template: " + templateStatus);
        assertEquals(templateStatus, c.get("/admin/templates/" + template + "/pages/1.png").statusCode());
        assertEquals(List.of(), stored());
    }

    @Test
    void staleCsrfOrUnknownKey_refused_nothingSaved() {
        AdminClient c = signedIn("sam@example.com");
        HttpResponse<String> stale = c.postJson("/admin/documents/" + draft + "/fields", "stale-token",
                fields(Long.parseLong(signer)));
        assertEquals(List.of(403, "csrf"), List.of(stale.statusCode(), TestServer.code(stale)));
        HttpResponse<String> unknown = c.postJson("/admin/documents/" + draft + "/fields", csrf(c),
                "{\"fields\": [], \"send\": true}");
        assertEquals(400, unknown.statusCode(), unknown.body());
        assertEquals(List.of(), stored());
    }

    private String csrf(AdminClient c) {
        return AdminClient.csrfOf(c.get("/admin/keys"));
    }
}
