package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Following a document on its page over HTTP: recall and deletion through the same service as the REST interface,
 * their refusals (another user's document, a sent document deleted, a stale form) each a page that changes nothing,
 * and the progress the page's script polls, answered 304 while nothing changed.
 */
class DocumentFollowingTest {
    private static final String PASSWORD = "document-following-test";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    private ApiFlow flow;
    private AdminClient owner;

    @BeforeEach
    void start() {
        flow = signet.flow();
        signet.server().app.users().setPassword("owner@example.com", Passwords.hash(PASSWORD.toCharArray()));
        owner = new AdminClient(signet.server());
        assertEquals(302, owner.signIn("owner@example.com", PASSWORD).statusCode());
    }

    private static void assertPage(int status, HttpResponse<String> r) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"), "answered as a page");
    }

    @Test
    void recall_sentDocument_draftAgainInTheTrailAndItsLinkStops() {
        String doc = flow.upload("Lease", 1);
        Party tenant = flow.addSignerWithSignatureField(doc, "tenant@example.com");
        flow.send(doc);

        assertPage(200, owner.get("/admin/documents/" + doc + "/recall"));
        HttpResponse<String> recalled = owner.post("/admin/documents/" + doc + "/recall", owner.csrf());

        assertEquals(302, recalled.statusCode());
        assertEquals("/admin/documents/" + doc + "?notice=follow_recalled", recalled.headers().firstValue("Location")
                .orElseThrow());
        assertEquals("draft", flow.status(doc));
        assertEquals(1, flow.audit(doc, "document_recalled").size());
        assertEquals(4, flow.sign(tenant.token()).statusCode() / 100, "the link no longer signs");
    }

    @Test
    void recallAndDelete_anotherUsersDocument_403PageNothingChanged() {
        ApiFlow other = signet.flow("other@example.com", false);
        String theirs = other.upload("Theirs", 1);
        other.addSignerWithSignatureField(theirs, "them@example.com");
        other.send(theirs);
        String csrf = owner.csrf();

        assertPage(403, owner.get("/admin/documents/" + theirs + "/recall"));
        assertPage(403, owner.post("/admin/documents/" + theirs + "/recall", csrf));
        assertPage(403, owner.post("/admin/documents/" + theirs + "/delete", csrf));
        assertPage(403, owner.get("/admin/documents/" + theirs + "/certificate"));

        assertEquals("sent", other.status(theirs));
        assertEquals(0, other.audit(theirs, "document_recalled").size());
    }

    @Test
    void delete_draft_goneAndBackToTheList() {
        String doc = flow.upload("Draft to go", 1);

        assertPage(200, owner.get("/admin/documents/" + doc + "/delete"));
        HttpResponse<String> deleted = owner.post("/admin/documents/" + doc + "/delete", owner.csrf());

        assertEquals("/admin/documents?notice=follow_deleted", deleted.headers().firstValue("Location").orElseThrow());
        assertEquals(404, flow.get("documents/" + doc).statusCode());
    }

    @Test
    void delete_sentDocument_400PageKept() {
        String doc = flow.upload("Out for signing", 1);
        flow.addSignerWithSignatureField(doc, "tenant@example.com");
        flow.send(doc);

        HttpResponse<String> refused = owner.post("/admin/documents/" + doc + "/delete", owner.csrf());

        assertPage(400, refused);
        assertTrue(refused.body().contains("This is not possible in the document"), refused.body());
        assertEquals("sent", flow.status(doc));
    }

    @Test
    void recallAndDelete_staleCsrf_403PageNothingChanged() {
        String sent = flow.upload("Sent", 1);
        flow.addSignerWithSignatureField(sent, "tenant@example.com");
        flow.send(sent);
        String draft = flow.upload("Draft", 1);

        assertPage(403, owner.post("/admin/documents/" + sent + "/recall", "stale-token"));
        assertPage(403, owner.post("/admin/documents/" + draft + "/delete", "stale-token"));
        assertPage(403, owner.post("/admin/documents/" + draft + "/delete", null));

        assertEquals("sent", flow.status(sent));
        assertEquals("draft", flow.status(draft));
    }

    @Test
    void progress_unchangedAnswers304_aSignatureChangesIt() {
        String doc = flow.upload("Followed", 1);
        Party tenant = flow.addSignerWithSignatureField(doc, "tenant@example.com");
        flow.send(doc);
        String path = "/admin/documents/" + doc + "/progress";

        HttpResponse<String> first = owner.get(path);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        Map<String, Object> before = TestServer.object(first);
        owner.header("If-None-Match", etag);
        HttpResponse<String> again = owner.get(path);
        TestServer.expect(200, flow.sign(tenant.token()));
        HttpResponse<String> changed = owner.get(path);

        assertEquals(200, first.statusCode());
        assertEquals("sent", before.get("state"));
        assertTrue(first.body().contains("\"step\":\"invited\""), first.body());
        assertEquals(304, again.statusCode());
        assertEquals("", again.body());
        assertEquals(200, changed.statusCode());
        assertTrue(changed.body().contains("\"step\":\"signed\"") && changed.body().contains("\"open\":false"),
                changed.body());
    }

    @Test
    void documentPage_draftLinksOn_sentSaysWithoutScriptThatAReloadShowsTheLatest() {
        String draft = flow.upload("Draft", 1);
        String sent = flow.upload("Sent", 1);
        flow.addSignerWithSignatureField(sent, "tenant@example.com");
        flow.send(sent);

        String draftPage = owner.get("/admin/documents/" + draft).body();
        String sentPage = owner.get("/admin/documents/" + sent).body();

        for (String way : new String[] {"recipients", "fields", "send", "delete"}) {
            assertTrue(draftPage.contains("href=\"/admin/documents/" + draft + "/" + way + "\""), way);
        }
        assertTrue(sentPage.contains("href=\"/admin/documents/" + sent + "/recall\""), sentPage);
        assertTrue(sentPage.contains("<noscript><p class=\"muted\">Reload the page to see the latest progress.</p></noscript>"),
                sentPage);
        assertTrue(sentPage.contains("data-progress-url=\"/admin/documents/" + sent + "/progress\""), sentPage);
    }

    @Test
    void progress_anotherUsersDocument_403InTheEnvelope() {
        String theirs = signet.flow("other@example.com", false).upload("Theirs", 1);

        HttpResponse<String> refused = owner.get("/admin/documents/" + theirs + "/progress");

        assertEquals(403, refused.statusCode());
        assertEquals("forbidden", TestServer.code(refused));
    }
}
