package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expectObject;
import static org.signet.support.TwoInstances.race;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.store.AuditStore;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.TwoInstances;
import org.signet.support.Waits;

/**
 * Two instances on one PostgreSQL database change one document at the same moment: each change
 * reads the document as the one before left it, so the audit chain stays one chain and a document
 * is signed, completed and announced once. Always on PostgreSQL, where transactions run side by side.
 */
class DocumentLocksPostgresTest {
    private final Clock clock = Clock.systemUTC();
    private TwoInstances two;
    private TwoInstances.Owner owner;

    @BeforeEach
    void start() throws Exception {
        two = TwoInstances.start(clock, "webhooks.allow_private=true");
        owner = two.owner("owner@example.org", clock);
    }

    @AfterEach
    void stop() {
        two.close();
    }

    private ApiFlow on(int i) {
        return i % 2 == 0 ? owner.onFirst() : owner.onSecond();
    }

    @Test
    void download_twentyAtOnceThroughTwoInstances_leaveOneValidChain() throws Exception {
        String doc = owner.onFirst().upload("contract", 1);
        List<Callable<Integer>> downloads = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ApiFlow flow = on(i);
            downloads.add(() -> flow.get("documents/" + doc + "/file?version=original").statusCode());
        }

        List<Integer> statuses = race(downloads);

        assertEquals(List.of(200), statuses.stream().distinct().toList(), statuses::toString);
        AuditStore audit = new AuditStore(two.first.app.database(), clock);
        long id = Long.parseLong(doc);
        assertEquals(20, audit.list(id).stream().filter(e -> e.action().equals("document_downloaded")).count());
        assertTrue(audit.chainValid(id), "the chain forked");
    }

    @Test
    void submit_sameSignerThroughTwoInstancesAtOnce_signsAndCompletesOnce() throws Exception {
        expectObject(201, owner.onFirst().post("webhooks", Map.of("url", "http://127.0.0.1:9/hook", "events",
                List.of("*"))));
        String doc = owner.onFirst().upload("contract", 1);
        Party signer = owner.onFirst().addSignerWithSignatureField(doc, "sam@example.com");
        owner.onFirst().send(doc);

        List<HttpResponse<String>> answers = race(List.of(() -> owner.onFirst().sign(signer.token()),
                () -> owner.onSecond().sign(signer.token())));

        List<Integer> statuses = answers.stream().map(HttpResponse::statusCode).sorted().toList();
        assertEquals(List.of(200, 409), statuses, answers::toString);
        HttpResponse<String> refused = answers.stream().filter(r -> r.statusCode() == 409).findFirst().orElseThrow();
        assertEquals("already_completed", code(refused));
        owner.onSecond().awaitSealed(doc);
        assertEquals(1, count("SELECT count(*) FROM webhook_deliveries WHERE document_id = ? "
                + "AND event = 'document.completed'", doc));
        assertEquals(1, count("SELECT count(*) FROM mail_outbox WHERE document_id = ? AND template = 'completed' "
                + "AND recipient = 'sam@example.com'", doc));
        assertEquals(1, owner.onFirst().audit(doc, "document_signed").size());
        assertEquals(1, owner.onFirst().audit(doc, "document_completed").size());
        assertTrue(new AuditStore(two.first.app.database(), clock).chainValid(Long.parseLong(doc)));
    }

    @Test
    void submit_twoSignersOfOneGroupAtOnceOnTwoInstances_completeTheDocument() throws Exception {
        // Each reads whether the other has signed: without the document's lock both would read "not yet".
        for (int round = 0; round < 5; round++) {
            String doc = owner.onFirst().upload("contract " + round, 1);
            Party ann = owner.onFirst().addSigner(doc, "Ann", "ann@example.com", "signer", 1);
            Party bob = owner.onFirst().addSigner(doc, "Bob", "bob@example.com", "signer", 1);
            owner.onFirst().signatureFields(doc, ann.id(), bob.id());
            owner.onFirst().send(doc);

            List<Integer> statuses = race(List.of(() -> owner.onFirst().sign(ann.token()).statusCode(),
                    () -> owner.onSecond().sign(bob.token()).statusCode()));

            assertEquals(List.of(200, 200), statuses);
            Waits.awaitUntil(() -> "completed".equals(owner.onSecond().status(doc)), "document " + doc + " completed");
            assertEquals(1, owner.onFirst().audit(doc, "document_completed").size());
        }
    }

    private long count(String sql, String doc) {
        return two.first.app.database().queryLong(sql, Long.parseLong(doc));
    }
}
