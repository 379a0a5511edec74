package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.store.Database;
import org.signet.support.ApiFlow;
import org.signet.support.CommandLine;
import org.signet.support.ColumnScan;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.text.Wire;

/**
 * One person's export and erasure on a site with several people: Pat takes part in a draft, a completed and
 * sealed document, one they declined and one out for signature, each beside Quinn. The export holds all four
 * and Pat's copy; the erasure removes Pat from the draft, purges the declined document, keeps the sealed one
 * (inside its retention) and the open one, saying why, and leaves Pat in no table but for those two, and
 * Quinn where Quinn was.
 */
class PeopleTest {
    private static final String PAT = "pat.person@example.org";
    private static final String QUINN = "quinn.other@example.org";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("retention.completed_days=30").at(Instant.now())
            .owner("owner@example.com");

    private ApiFlow flow;
    private People people;
    private Database db;
    private String draft;
    private String completed;
    private String declined;
    private String open;

    @BeforeEach
    void start() {
        flow = signet.flow();
        people = signet.server().app.people();
        db = signet.server().app.database();
        DocumentSetup d = DocumentSetup.upload(flow, "Draft", 1);
        d.party("Pat Person", "signer", 1, "email", PAT);
        d.party("Quinn Other", "signer", 1, "email", QUINN);
        draft = d.id();
        completed = both("Completed", true);
        DocumentSetup x = DocumentSetup.upload(flow, "Declined", 1);
        Party pat = x.party("Pat Person", "signer", 1, "email", PAT);
        Party quinn = x.party("Quinn Other", "signer", 2, "email", QUINN);
        x.field(pat, "signature", 1, 72, 600, 200, 60).field(quinn, "signature", 1, 300, 600, 200, 60).send();
        expectObject(200, flow.postToLink(pat.token(), "decline", Map.of("reason", "Pat Person says no")));
        declined = x.id();
        open = both("Open", false);
    }

    /** A document Pat and Quinn both sign at once, signed and sealed when {@code sign}, else left out for signature. */
    private String both(String title, boolean sign) {
        DocumentSetup doc = DocumentSetup.upload(flow, title, 1);
        Party pat = doc.party("Pat Person", "signer", 1, "email", PAT);
        Party quinn = doc.party("Quinn Other", "signer", 1, "email", QUINN);
        doc.field(pat, "signature", 1, 72, 600, 200, 60).field(quinn, "signature", 1, 300, 600, 200, 60).send();
        if (sign) {
            expect(200, flow.sign(pat.token()));
            expect(200, flow.sign(quinn.token()));
            doc.sealed();
        }
        return doc.id();
    }

    @Test
    void export_everyDocumentTheMailAndTheirCopy() throws Exception {
        People.Export export = people.export(PAT, new Wire(java.time.ZoneOffset.UTC));

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> docs = (List<Map<String, Object>>) export.data().get("documents");
        assertEquals(List.of(draft, completed, declined, open), docs.stream().map(m -> m.get("document_id")).toList());
        assertTrue(docs.stream().allMatch(m -> m.get("name").equals("Pat Person") && m.get("email").equals(PAT)));
        assertEquals("Pat Person says no", docs.get(2).get("decline_reason"));
        assertFalse(((List<?>) export.data().get("mail")).isEmpty());
        assertFalse(Json.write(export.data()).contains(QUINN), "nothing of Quinn's");
        assertEquals(1, export.files().size());
        try (InputStream in = export.files().get(0).opener().open()) {
            assertArrayEquals(sealed(completed), in.readAllBytes());
        }
    }

    @Test
    void export_commandLine_writesTheIndexAndTheFiles(@TempDir Path tmp) throws Exception {
        Path to = tmp.resolve("pat");
        CommandLine.Result r = CommandLine.run("people", "export", "--email", PAT, "--to", to.toString(), "--data",
                signet.dir().toString());

        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(to.resolve("index.json")).contains("files/document-" + completed + "-sealed.pdf"));
        assertTrue(Files.readString(to.resolve("person.json")).contains("Pat Person says no"));
        assertArrayEquals(sealed(completed), Files.readAllBytes(to.resolve("files/document-" + completed + "-sealed.pdf")));
    }

    @Test
    void erase_dryRun_saysWhatAndChangesNothing() {
        Map<String, Set<Long>> before = ColumnScan.documentsHolding(db, PAT);

        List<People.Step> steps = people.erase(PAT, now(), true);

        assertEquals(List.of(People.Action.REMOVED, People.Action.KEPT, People.Action.PURGED, People.Action.KEPT),
                steps.stream().map(People.Step::action).toList());
        assertTrue(steps.get(1).why().startsWith("sealed, and inside its retention until "), steps.get(1).why());
        assertEquals(before, ColumnScan.documentsHolding(db, PAT));
    }

    @Test
    void erase_removesFromTheDraftPurgesTheDeclinedKeepsTheRestTableByTable() {
        List<People.Step> steps = people.erase(PAT, now(), false);

        assertEquals(List.of(People.Action.REMOVED, People.Action.KEPT, People.Action.PURGED, People.Action.KEPT),
                steps.stream().map(People.Step::action).toList());
        Set<Long> kept = Set.of(Long.parseLong(completed), Long.parseLong(open));
        Map<String, Set<Long>> holding = ColumnScan.documentsHolding(db, PAT);
        holding.forEach((column, docs) -> assertTrue(kept.containsAll(docs), column + " still names Pat in " + docs));
        assertTrue(holding.containsKey("signers.email"), "the kept documents keep Pat: " + holding);
        ColumnScan.documentsHolding(db, "Pat Person").forEach((column, docs) ->
                assertTrue(kept.containsAll(docs), column + " still names Pat Person in " + docs));

        Map<String, Object> d = flow.document(draft);
        assertEquals(List.of(QUINN), ((List<?>) d.get("signers")).stream().map(s -> ((Map<?, ?>) s).get("email")).toList());
        Map<String, Object> trail = expectObject(200, flow.get("documents/" + draft + "/audit"));
        assertEquals(true, trail.get("chain_valid"));
        assertEquals(1, flow.audit(draft, "personal_data_erased").size());
        assertTrue(expectObject(200, flow.get("documents/" + declined)).containsKey("purged_at"));
        assertFalse(ColumnScan.documentsHolding(db, QUINN).get("signers.email").isEmpty());
        assertTrue(ColumnScan.documentsHolding(db, QUINN).get("signers.email").contains(Long.parseLong(draft)));
    }

    private static long now() {
        return Instant.now().getEpochSecond();
    }

    private byte[] sealed(String doc) {
        var r = signet.server().sendForBytes(signet.server().request("documents/" + doc + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build());
        assertEquals(200, r.statusCode());
        return r.body();
    }
}
