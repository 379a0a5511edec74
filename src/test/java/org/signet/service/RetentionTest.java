package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.DocumentStatus;
import org.signet.store.Database;
import org.signet.support.ApiFlow;
import org.signet.support.ColumnScan;
import org.signet.support.DocumentSetup;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/**
 * The purge under the site's retention on a real server: each status's documents go on their day and not a
 * day before, their files leave the store and their people every table, the record answers for them, a kept
 * copy still verifies, a held document stays, a dry run changes nothing, a document's own period is held to
 * the site's minimum.
 */
class RetentionTest {
    private static final long DAY = 86_400;

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("retention.completed_days=30", "retention.declined_days=10",
            "retention.expired_days=20", "retention.draft_days=60", "retention.minimum_days=5",
            "webhooks.allow_private=true").at(Instant.now()).owner("owner@example.com");

    private ApiFlow flow;
    private Retention retention;
    private Database db;

    @BeforeEach
    void start() {
        flow = signet.flow();
        retention = signet.server().app.retention();
        db = signet.server().app.database();
    }

    /** A one-page document signed by {@code name}, sealed. */
    private DocumentSetup completed(String name, String email) {
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease with " + name, 1);
        Party p = doc.party(name, "signer", 1, "email", email);
        doc.field(p, "signature", 1, 72, 600, 200, 60).send();
        expect(200, flow.sign(p.token()));
        doc.sealed();
        return doc;
    }

    private long since(String doc) {
        return db.queryLong("SELECT status_since FROM documents WHERE id = ?", Long.parseLong(doc));
    }

    private boolean purged(String doc) {
        return expectObject(200, flow.get("documents/" + doc)).containsKey("purged_at");
    }

    @Test
    void run_eachStatus_purgedOnItsDayAndNotADayBefore() {
        DocumentSetup declined = DocumentSetup.upload(flow, "Declined", 1);
        Party dora = declined.party("Dora Decline", "signer", 1);
        declined.field(dora, "signature", 1, 72, 600, 200, 60).send();
        expectObject(200, flow.postToLink(dora.token(), "decline", Map.of("reason", "Not mine")));
        String expired = flow.upload("Expired", 1);
        flow.forceStatus(expired, DocumentStatus.DRAFT, DocumentStatus.EXPIRED);
        String completed = completed("Ann Able", "ann.able@example.org").id();
        String draft = flow.upload("Draft", 1);

        List<Object[]> order = List.of(new Object[] {declined.id(), 10}, new Object[] {expired, 20},
                new Object[] {completed, 30}, new Object[] {draft, 60});
        for (Object[] each : order) {
            String doc = (String) each[0];
            long due = since(doc) + (int) each[1] * DAY;
            retention.run(due - DAY, false);
            assertFalse(purged(doc), "document " + doc + " purged a day early");
            retention.run(due, false);
            assertTrue(purged(doc), "document " + doc + " not purged on its day");
        }
    }

    @Test
    void run_completedOfTwoFiles_destroysEveryFileOfIt() throws Exception {
        long siteFiles = db.queryLong("SELECT count(*) FROM stored_files");
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease with its annex", 1);
        expect(201, signet.server().postMultipart("documents/" + doc.id() + "/files", flow.key,
                new Multipart().file("file", "annex.pdf", "application/pdf", TestFiles.pdf(2))));
        Party p = doc.party("Cleo Annex", "signer", 1, "email", "cleo.annex@example.org");
        doc.field(p, "signature", 1, 72, 600, 200, 60).send();
        expect(200, flow.sign(p.token()));
        doc.sealed();
        long ownFiles = db.queryLong("SELECT count(*) FROM stored_files");
        assertTrue(db.queryLong("SELECT count(*) FROM document_files WHERE document_id = ?", Long.parseLong(doc.id()))
                == 2, "two files");

        retention.run(since(doc.id()) + 30 * DAY, false);

        assertTrue(purged(doc.id()));
        assertEquals(siteFiles, db.queryLong("SELECT count(*) FROM stored_files"), "of " + ownFiles + ", the site's");
        assertEquals(siteFiles, signet.server().vaultFiles().size());
        assertEquals(List.of(), ColumnScan.containing(db, "annex.pdf"));
    }

    @Test
    void run_completed_destroysFilesAndPeopleAndKeepsTheRecord() throws Exception {
        DocumentSetup kept = completed("Bob Keeper", "bob.keeper@example.org");
        flow.put("documents/" + kept.id(), Map.of("retention_days", 0));
        DocumentSetup doc = completed("Ann Able", "ann.able@example.org");
        expectObject(201, flow.post("webhooks", Map.of("url", "http://127.0.0.1:9/hook", "events", List.of("*"))));
        byte[] pdf = sealedPdf(doc.id());
        String hash = (String) flow.document(doc.id()).get("signed_file_hash");
        int filesBefore = signet.server().vaultFiles().size();

        List<Retention.Outcome> outcomes = retention.run(since(doc.id()) + 30 * DAY, false);

        assertEquals(List.of(Retention.Action.PURGED), outcomes.stream().map(Retention.Outcome::action).toList());
        Map<String, Object> record = expectObject(200, flow.get("documents/" + doc.id()));
        assertEquals("completed", record.get("status"));
        assertNotNull(record.get("purged_at"));
        assertEquals(List.of(hash), record.get("sealed_revisions"));
        assertFalse(record.containsKey("title"));
        HttpResponse<String> file = flow.get("documents/" + doc.id() + "/file");
        assertEquals(410, file.statusCode());
        assertEquals("document_purged", code(file));
        assertEquals("document_purged", code(flow.get("documents/" + doc.id() + "/audit")));
        assertEquals(filesBefore - 2, signet.server().vaultFiles().size(), "the original and the sealed PDF are gone");
        assertEquals(db.queryLong("SELECT count(*) FROM stored_files"), signet.server().vaultFiles().size());

        assertEquals(List.of(), ColumnScan.containing(db, "Ann Able"));
        assertEquals(List.of(), ColumnScan.containing(db, "ann.able@example.org"));
        assertFalse(ColumnScan.containing(db, "bob.keeper@example.org").isEmpty(), "the scan finds what is there");

        Map<String, Object> verified = expectObject(200, signet.server().postMultipart("verify", null,
                new Multipart().file("file", "kept.pdf", "application/pdf", pdf)));
        assertEquals(true, verified.get("sealed_here"));
        assertEquals(true, verified.get("intact"));
        @SuppressWarnings("unchecked")
        Map<String, Object> purged = (Map<String, Object>) verified.get("purged");
        assertEquals(record.get("purged_at"), purged.get("purged_at"));
        String page = signet.server().send(new Multipart().file("file", "kept.pdf", "application/pdf", pdf)
                .post(signet.server().request("/verify", null)).build()).body();
        assertTrue(page.contains("data-verdict=\"good\"") && page.contains("id=\"purged\"")
                && page.contains("was purged on " + ((String) record.get("purged_at")).substring(0, 10)), page);
        assertEquals(1L, db.queryLong("SELECT count(*) FROM webhook_deliveries WHERE event = 'document.purged' "
                + "AND document_id = ?", Long.parseLong(doc.id())));
        assertTrue(signet.server().get("/metrics", null).body().contains("signet_documents_purged_total 1"));
    }

    @Test
    void run_heldDocument_untouchedUntilReleased() {
        String doc = completed("Hal Held", "hal@example.org").id();
        Map<String, Object> hold = expectObject(200, flow.post("documents/" + doc + "/hold",
                Map.of("reason", "Dispute over the deposit")));
        assertEquals(true, hold.get("held"));
        long due = since(doc) + 30 * DAY;

        List<Retention.Outcome> dry = retention.run(due, true);
        List<Retention.Outcome> real = retention.run(due, false);

        assertEquals(List.of(Retention.Action.HELD), dry.stream().map(Retention.Outcome::action).toList());
        assertEquals(List.of(Retention.Action.HELD), real.stream().map(Retention.Outcome::action).toList());
        assertEquals("Dispute over the deposit", real.get(0).holdReason());
        assertFalse(purged(doc));
        assertEquals(1, flow.audit(doc, "legal_hold_placed").size());
        expectObject(200, flow.delete("documents/" + doc + "/hold"));
        assertEquals(1, flow.audit(doc, "legal_hold_released").size());
        retention.run(due, false);
        assertTrue(purged(doc));
    }

    @Test
    void delete_heldDocument_refusedUntilReleased() {
        String doc = flow.upload("Held draft", 1);
        expectObject(200, flow.post("documents/" + doc + "/hold", Map.of("reason", "Litigation")));

        HttpResponse<String> refused = flow.delete("documents/" + doc);

        assertEquals(409, refused.statusCode());
        assertEquals("document_held", code(refused));
        assertFalse(purged(doc));
        expectObject(200, flow.delete("documents/" + doc + "/hold"));
        expectObject(200, flow.delete("documents/" + doc));
    }

    @Test
    void run_dryRun_changesNothing() {
        String doc = completed("Dry Run", "dry@example.org").id();
        List<String> files = signet.server().vaultFiles();

        List<Retention.Outcome> outcomes = retention.run(since(doc) + 30 * DAY, true);

        assertEquals(List.of(Retention.Action.WOULD_PURGE), outcomes.stream().map(Retention.Outcome::action).toList());
        assertFalse(purged(doc));
        assertEquals(files, signet.server().vaultFiles());
        assertEquals(0, db.queryLong("SELECT count(*) FROM purged_documents"));
        assertFalse(ColumnScan.containing(db, "dry@example.org").isEmpty());
    }

    @Test
    void retentionDays_ownPeriod_replacesTheSitesAndIsHeldToTheMinimum() {
        String doc = completed("Own Period", "own@example.org").id();

        HttpResponse<String> below = flow.put("documents/" + doc, Map.of("retention_days", 3));
        Map<String, Object> set = expectObject(200, flow.put("documents/" + doc, Map.of("retention_days", 7)));

        assertEquals(400, below.statusCode());
        assertEquals("rest_invalid_param", code(below));
        assertEquals("7", set.get("retention_days"));
        retention.run(since(doc) + 7 * DAY - 1, false);
        assertFalse(purged(doc));
        retention.run(since(doc) + 7 * DAY, false);
        assertTrue(purged(doc));
    }

    @Test
    void hold_othersDocumentRefused_releasingNoHoldChangesNothing() {
        String doc = flow.upload("Mine", 1);
        ApiFlow other = signet.flow("other@example.com", false);

        assertEquals(403, other.post("documents/" + doc + "/hold", Map.of("reason", "x")).statusCode());
        assertEquals(false, expectObject(200, flow.delete("documents/" + doc + "/hold")).get("held"));
        assertEquals(0, flow.audit(doc, "legal_hold_released").size(), "nothing was released");
        assertEquals("rest_missing_callback_param", code(flow.post("documents/" + doc + "/hold", Map.of())));
    }

    @Test
    void runDaily_onceADay() {
        String doc = completed("Daily Run", "daily@example.org").id();
        long due = since(doc) + 30 * DAY;

        assertTrue(retention.runDaily(due - DAY).isPresent());
        assertTrue(retention.runDaily(due).isPresent(), "a day later it runs again");
        assertTrue(purged(doc));
        assertTrue(retention.runDaily(due + 60).isEmpty(), "not twice in a day");
    }

    private byte[] sealedPdf(String doc) {
        HttpResponse<byte[]> r = signet.server().sendForBytes(signet.server().request("documents/" + doc + "/file",
                flow.key).header("Accept", "application/pdf").GET().build());
        assertEquals(200, r.statusCode());
        return r.body();
    }
}
