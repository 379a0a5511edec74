package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expect;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * The administrators' page for a person's data over HTTP: the zip of everything held about an address, the
 * erasure shown first and done only once confirmed, and neither for a user who is no administrator.
 */
class PeoplePageTest {
    private static final String PASSWORD = "people-page-test";
    private static final String ANN = "ann@example.org";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    private String signed;
    private String draft;

    @BeforeEach
    void start() {
        String hash = Passwords.hash(PASSWORD.toCharArray());
        signet.server().app.users().add("admin@example.com", "Ada Admin", true, hash);
        signet.server().app.users().add("sam@example.com", "Sam", false, hash);
        ApiFlow flow = signet.flow();
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party ann = doc.party("Ann Able", "signer", 1, "email", ANN);
        doc.field(ann, "signature", 1, 72, 600, 200, 60).send();
        expect(200, flow.sign(ann.token()));
        doc.sealed();
        signed = doc.id();
        DocumentSetup d = DocumentSetup.upload(flow, "Draft", 1);
        d.party("Ann Able", "signer", 1, "email", ANN);
        draft = d.id();
    }

    private AdminClient signedIn(String email) {
        AdminClient c = new AdminClient(signet.server());
        assertEquals(302, c.signIn(email, PASSWORD).statusCode());
        return c;
    }

    @Test
    void export_zipWithIndexPersonAndTheirCopy() throws Exception {
        AdminClient c = signedIn("admin@example.com");
        String csrf = AdminClient.csrfOf(c.get("/admin/people"));

        HttpResponse<byte[]> r = signet.client().send(HttpRequest.newBuilder(
                URI.create(signet.server().app.siteUrl() + "/admin/people/export"))
                .header("Cookie", "signet_admin=" + c.cookie("signet_admin"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + URLEncoder.encode(csrf, StandardCharsets.UTF_8)
                        + "&email=" + URLEncoder.encode(ANN, StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Disposition").orElseThrow().contains("personal-data.zip"));
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(r.body()))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                names.add(e.getName());
            }
        }
        assertEquals(List.of("person.json", "files/document-" + signed + "-sealed.pdf", "index.json"), names);
    }

    @Test
    void erase_previewChangesNothingThenConfirmedErases() {
        AdminClient c = signedIn("admin@example.com");
        String csrf = AdminClient.csrfOf(c.get("/admin/people"));

        HttpResponse<String> preview = c.post("/admin/people/erase", csrf, "email", ANN);

        assertEquals(200, preview.statusCode());
        assertTrue(preview.body().contains("data-document=\"" + draft + "\" data-action=\"removed\""), preview.body());
        assertTrue(preview.body().contains("data-document=\"" + signed + "\" data-action=\"kept\""), preview.body());
        assertTrue(preview.body().contains("id=\"people-confirm\""), preview.body());
        assertEquals(2, signet.flow().signerRecords(draft).size() + signet.flow().signerRecords(signed).size());

        HttpResponse<String> done = c.post("/admin/people/erase", csrf, "email", ANN, "confirm", "1");

        assertEquals(200, done.statusCode());
        assertFalse(done.body().contains("id=\"people-confirm\""), done.body());
        assertEquals(0, signet.flow().signerRecords(draft).size());
        assertEquals(1, signet.flow().signerRecords(signed).size(), "the sealed document keeps its evidence");
    }

    @Test
    void people_notAnAdministrator_forbiddenAndNotInTheNavigation() {
        AdminClient c = signedIn("sam@example.com");
        String csrf = AdminClient.csrfOf(c.get("/admin"));

        assertFalse(c.get("/admin").body().contains("href=\"/admin/people\""));
        assertEquals(403, c.post("/admin/people/export", csrf, "email", ANN).statusCode());
        assertEquals(403, c.post("/admin/people/erase", csrf, "email", ANN, "confirm", "1").statusCode());
        assertEquals(1, signet.flow().signerRecords(draft).size());
    }
}
