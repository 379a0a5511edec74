package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.TestServer.expectObject;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.DocumentStatus;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/**
 * GET /stats against a full count: after every step of a seeded random sequence of uploads,
 * deletes and status changes, the maintained counters equal what counting the rows gives.
 */
class StatsStoreTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.parse("2030-02-01T00:00:00Z"));

    private static final DateTimeFormatter WIRE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.of("UTC"));

    Account alice;
    Account bob;
    Account admin;
    Database db;
    DocumentStore documents;
    final byte[] pdf = TestFiles.pdf(1);

    /** A live document as the rows say: id, owner and status. */
    private record Live(long id, long owner, DocumentStatus status) {}

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false, 100_000);
        bob = signet.server().account("bob@example.com", false, 100_000);
        admin = signet.server().account("admin@example.com", true, 100_000);
        db = signet.server().app.database();
        documents = new DocumentStore(db, signet.clock());
    }

    @Test
    void counts_afterEachStepOfARandomSequence_equalAFullCount() {
        Random random = new Random(20_300_201L);
        assertCountsMatch();
        for (int step = 0; step < 120; step++) {
            List<Live> live = live();
            int op = live.isEmpty() ? 0 : random.nextInt(10);
            Live pick = live.isEmpty() ? null : live.get(random.nextInt(live.size()));
            switch (op) {
                case 0, 1, 2 -> signet.server().uploadPdf(random.nextBoolean() ? alice.full() : bob.full(), "s" + step + ".pdf", pdf);
                case 3, 4 -> delete(pick, random.nextInt(4) == 0);
                case 5 -> send(pick);
                case 6 -> recall(pick);
                case 7 -> expire(pick);
                default -> laterIssueTransition(pick, random);
            }
            assertCountsMatch();
        }
    }

    @Test
    void counts_administratorSeesEveryone_userOnlyOwn() {
        signet.server().uploadPdf(alice.full(), "a.pdf", pdf);
        String b = signet.server().uploadPdf(bob.full(), "b.pdf", pdf);
        expectObject(200, signet.server().send("DELETE", "documents/" + b, admin.full(), null));
        Map<String, Object> mine = expectObject(200, signet.server().get("stats", alice.full()));
        assertEquals(Map.of("total", 1, "draft", 1, "sent", 0, "viewed", 0, "completed", 0, "declined", 0,
                "expired", 0, "deleted", 0), integers(mine));
        assertEquals(1, integers(expectObject(200, signet.server().get("stats", bob.full()))).get("deleted"),
                "deleted by an administrator, counted for its owner");
        Map<String, Integer> all = integers(expectObject(200, signet.server().get("stats", admin.full())));
        assertEquals(1, all.get("total"));
        assertEquals(1, all.get("deleted"));
        assertEquals(List.of("total", "draft", "sent", "viewed", "completed", "declined", "expired", "deleted"),
                List.copyOf(mine.keySet()));
        mine.values().forEach(v -> assertEquals(BigDecimal.class, v.getClass(), "JSON integers, not strings"));
    }

    private void delete(Live d, boolean asAdministrator) {
        expectObject(200, signet.server().send("DELETE", "documents/" + d.id(), asAdministrator ? admin.full() : owner(d), null));
    }

    private void send(Live d) {
        if (d.status() != DocumentStatus.DRAFT) {
            return;
        }
        if (db.queryLong("SELECT count(*) FROM signers WHERE document_id = ?", d.id()) == 0) {
            new ApiFlow(signet.server(), owner(d), signet.clock()).addSignerWithSignatureField(String.valueOf(d.id()), "s@example.com");
        }
        expectObject(200, signet.server().send("POST", "documents/" + d.id() + "/send", owner(d), null));
    }

    private void recall(Live d) {
        if (d.status() == DocumentStatus.SENT || d.status() == DocumentStatus.VIEWED) {
            expectObject(200, signet.server().send("PUT", "documents/" + d.id(), owner(d), "{\"status\":\"draft\"}"));
        }
    }

    private void expire(Live d) {
        if (d.status().terminal()) {
            return;
        }
        String soon = WIRE.format(signet.clock().instant().plus(Duration.ofHours(1)));
        expectObject(200, signet.server().send("PUT", "documents/" + d.id(), owner(d), "{\"expires_at\":\"" + soon + "\"}"));
        signet.clock().advance(Duration.ofHours(2));
        expectObject(200, signet.server().send("POST", "documents/" + d.id() + "/expire", owner(d), null));
    }

    /** Viewing, completing and declining come with the signing pages; they change status through the same rows. */
    private void laterIssueTransition(Live d, Random random) {
        DocumentStatus s = d.status();
        DocumentStatus.Trigger t = List.of(DocumentStatus.Trigger.FIRST_VIEW, DocumentStatus.Trigger.COMPLETE,
                DocumentStatus.Trigger.DECLINE).get(random.nextInt(3));
        s.next(t).ifPresent(to -> db.inTransaction(() -> documents.changeStatus(d.id(), s, to)));
    }

    private TestServer.Credentials owner(Live d) {
        return d.owner() == alice.user().id() ? alice.full() : bob.full();
    }

    private List<Live> live() {
        return db.query("SELECT id, owner_id, status FROM documents ORDER BY id", r -> new Live(r.getLong("id"),
                r.getLong("owner_id"), DocumentStatus.fromWire(r.string("status")).orElseThrow()));
    }

    private void assertCountsMatch() {
        assertEquals(fullCount(alice.user().id()), integers(expectObject(200, signet.server().get("stats", alice.full()))));
        assertEquals(fullCount(bob.user().id()), integers(expectObject(200, signet.server().get("stats", bob.full()))));
        assertEquals(fullCount(null), integers(expectObject(200, signet.server().get("stats", admin.full()))));
    }

    /** What /stats must say, counted row by row. */
    private Map<String, Integer> fullCount(Long owner) {
        Map<String, Integer> out = new LinkedHashMap<>();
        String where = owner == null ? "" : " WHERE owner_id = " + owner;
        for (String s : List.of("draft", "sent", "viewed", "completed", "declined", "expired")) {
            out.put(s, 0);
        }
        db.query("SELECT status, count(*) AS n FROM documents" + where + " GROUP BY status",
                r -> out.put(r.string("status"), r.getInt("n")));
        out.put("total", out.values().stream().mapToInt(Integer::intValue).sum());
        out.put("deleted", (int) db.queryLong("SELECT count(*) FROM document_tombstones" + where));
        return out;
    }

    private static Map<String, Integer> integers(Map<String, Object> json) {
        Map<String, Integer> out = new LinkedHashMap<>();
        json.forEach((k, v) -> out.put(k, ((BigDecimal) v).intValueExact()));
        return out;
    }
}
