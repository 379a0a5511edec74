package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;

/**
 * A document's retention on its page over HTTP: its own period set, refused below the site's minimum and given
 * back to the site's, and a legal hold placed and released, each as the REST interface does it and in its trail.
 */
class DocumentRetentionTest {
    private static final String PASSWORD = "document-retention-test";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("retention.minimum_days=30").at(Instant.now())
            .owner("owner@example.com");

    private ApiFlow flow;
    private AdminClient owner;
    private String doc;

    @BeforeEach
    void start() {
        flow = signet.flow();
        signet.server().app.users().setPassword("owner@example.com", Passwords.hash(PASSWORD.toCharArray()));
        owner = new AdminClient(signet.server());
        assertEquals(302, owner.signIn("owner@example.com", PASSWORD).statusCode());
        doc = flow.upload("Lease", 1);
    }

    @Test
    void retentionDays_setRefusedBelowTheMinimumAndGivenBack() {
        String csrf = owner.csrf();
        String path = "/admin/documents/" + doc + "/retention";

        assertEquals(302, owner.post(path, csrf, "retention_days", "400").statusCode());
        assertEquals("400", flow.document(doc).get("retention_days"));
        assertTrue(owner.get("/admin/documents/" + doc).body().contains("value=\"400\""));
        HttpResponse<String> below = owner.post(path, csrf, "retention_days", "3");
        assertEquals(400, below.statusCode());
        assertEquals("400", flow.document(doc).get("retention_days"));
        assertEquals(302, owner.post(path, csrf, "retention_days", "").statusCode());
        assertEquals(null, flow.document(doc).get("retention_days"));
    }

    @Test
    void hold_placedThenReleased_inTheTrail() {
        String csrf = owner.csrf();

        assertEquals(302, owner.post("/admin/documents/" + doc + "/hold", csrf, "reason", "Court order 12/31").statusCode());
        String held = owner.get("/admin/documents/" + doc).body();
        assertEquals(302, owner.post("/admin/documents/" + doc + "/hold/release", csrf).statusCode());

        assertTrue(held.contains("data-held=\"true\"") && held.contains("Court order 12/31"), held);
        assertTrue(owner.get("/admin/documents/" + doc).body().contains("data-held=\"false\""));
        assertEquals(1, flow.audit(doc, "legal_hold_placed").size());
        assertEquals(1, flow.audit(doc, "legal_hold_released").size());
        assertEquals(false, flow.get("documents/" + doc + "/hold").body().contains("\"held\":true"));
    }
}
