package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.files.FileVault;
import org.signet.store.Database;
import org.signet.store.Lease;
import org.signet.store.SealedValues;
import org.signet.store.UserStore;
import org.signet.store.WebhookStore;
import org.signet.support.MutableClock;
import org.signet.support.Postgres;
import org.signet.support.Race;
import org.signet.support.WebhookReceiver;

/**
 * Two instances delivering one webhook queue on one PostgreSQL database, to real receivers: each
 * delivery arrives once, one document's events in order, and a delivery whose claim was left behind
 * arrives once its lease has ended. Always on PostgreSQL, so the normal suite runs it too.
 */
class WebhookDelivererSharedTest {
    private static final List<String> EVENTS = List.of("document.created", "document.sent");

    private final List<WebhookReceiver> receivers = new ArrayList<>();
    private final List<ExecutorService> workers = new ArrayList<>();
    private Database one;
    private Database two;
    private SealedValues sealed;

    @TempDir
    Path dir;

    @BeforeEach
    void open() throws Exception {
        sealed = new SealedValues(FileVault.open(dir)); // one keys folder, as every instance on a database holds
        Postgres.Database pg = Postgres.shared().freshDatabase();
        one = pg.open(6);
        two = pg.open(6);
        for (int i = 0; i < 2; i++) {
            receivers.add(WebhookReceiver.start());
        }
    }

    @AfterEach
    void close() {
        workers.forEach(ExecutorService::shutdownNow);
        receivers.forEach(WebhookReceiver::close);
        one.close();
        two.close();
    }

    @Test
    void runOnce_twoInstancesRacingOver200Deliveries_eachOnceAndInOrderPerDocument() throws Exception {
        Clock clock = Clock.systemUTC();
        long now = clock.instant().getEpochSecond();
        WebhookStore store = new WebhookStore(one, sealed);
        List<Webhook> hooks = webhooks(store, now);
        Set<String> queued = new HashSet<>();
        for (int event = 0; event < 10; event++) {
            for (long doc = 1; doc <= 10; doc++) {
                for (Webhook w : hooks) {
                    String data = "{\"document_id\":\"" + doc + "\",\"n\":" + event + "}";
                    queued.add(Long.toString(store.insertDelivery(w.id(), doc, "document.sent", data, now).id()));
                }
            }
        }
        List<WebhookDeliverer> deliverers = List.of(deliverer(one, clock), deliverer(two, clock));

        Race.run(2, 2, i -> {
            // a round ends when the first in line are done; the next round takes the ones behind them
            for (int round = 0; round < 100 && new WebhookStore(one, sealed).backlog().depth() > 0; round++) {
                deliverers.get(i).runOnce();
            }
            return null;
        });

        assertEquals(0, store.backlog().depth());
        Set<String> arrived = new HashSet<>();
        for (WebhookReceiver receiver : receivers) {
            Map<Object, List<Long>> byDocument = new HashMap<>();
            for (WebhookReceiver.Received r : receiver.drain()) {
                assertTrue(arrived.add(r.delivery()), "delivered twice: " + r.delivery());
                byDocument.computeIfAbsent(r.data().get("document_id"), k -> new ArrayList<>()).add(((Number) r.data().get("n")).longValue());
            }
            assertEquals(10, byDocument.size());
            byDocument.forEach((doc, order) -> assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), order,
                    "events of document " + doc + " in order"));
        }
        assertEquals(queued, arrived);
    }

    @Test
    void runOnce_claimLeftByAnInstanceThatDied_deliveredByTheOtherOnceTheLeaseEnds() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2030-01-15T09:30:00Z"), ZoneOffset.UTC);
        long now = clock.instant().getEpochSecond();
        WebhookStore deadStore = new WebhookStore(one, sealed);
        Webhook hook = webhooks(deadStore, now).get(0);
        WebhookDelivery first = deadStore.insertDelivery(hook.id(), 7L, "document.created", "{\"n\":1}", now);
        WebhookDelivery second = deadStore.insertDelivery(hook.id(), 7L, "document.sent", "{\"n\":2}", now);
        Lease abandoned = Lease.from("a-stopped-instance", now, WebhookDeliverer.LEASE);
        assertEquals(List.of(first.id()), deadStore.claimDueFor(hook.id(), now, 10, abandoned).stream()
                .map(WebhookDelivery::id).toList(), "only the first in line is claimed");
        WebhookDeliverer other = deliverer(two, clock);

        other.runOnce();
        assertEquals(0, other.attempt(first).orElseThrow().attempts(), "a redelivery waits for the claim too");
        clock.advance(WebhookDeliverer.LEASE.minusSeconds(1));
        other.runOnce();
        assertEquals(List.of(), receivers.get(0).drain(), "nothing delivered while the lease holds, the second behind it");

        clock.advance(Duration.ofSeconds(1));
        other.runOnce();
        other.runOnce();
        List<WebhookReceiver.Received> got = receivers.get(0).drain();
        assertEquals(List.of(Long.toString(first.id()), Long.toString(second.id())),
                got.stream().map(WebhookReceiver.Received::delivery).toList());
        WebhookDelivery.Attempt late = new WebhookDelivery.Attempt(now, 200, 5, null, "late");
        assertFalse(one.inTransaction(() -> deadStore.recordAttempt(first.id(), abandoned, late,
                WebhookDelivery.Status.DELIVERED, now)), "the dead claim records nothing when it comes back");
        assertEquals(1, deadStore.attempts(first.id()).size());
        assertEquals(WebhookDelivery.Status.DELIVERED, deadStore.findDelivery(hook.id(), first.id()).orElseThrow().status());
    }

    /** One webhook per receiver, owned by a new administrator. */
    private List<Webhook> webhooks(WebhookStore store, long now) {
        long owner = new UserStore(one, Clock.systemUTC()).add("admin@example.org", "Admin", true, null).id();
        List<Webhook> hooks = new ArrayList<>();
        for (WebhookReceiver r : receivers) {
            hooks.add(store.insert(owner, null, r.url(), EVENTS, true, "secret-" + hooks.size(), now));
        }
        return hooks;
    }

    private WebhookDeliverer deliverer(Database db, Clock clock) {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        workers.add(pool);
        return new WebhookDeliverer(db, new WebhookStore(db, sealed), new WebhookSender(new WebhookUrls(true), "test", clock),
                pool, clock);
    }
}
