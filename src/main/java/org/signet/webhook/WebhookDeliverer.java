package org.signet.webhook;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.store.Database;
import org.signet.store.Lease;
import org.signet.store.WebhookStore;

/**
 * Delivers the webhook outbox. Each {@link #runOnce()} takes the due deliveries that are first
 * in line for their document, and works through each webhook's queue on its own thread, one delivery
 * at a time, so a slow or dead receiver holds up only itself. A failed attempt is retried after about
 * 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h, then the delivery is failed; a later event of the
 * same document waits while an earlier one is being retried. Deliveries are claimed a few at a time
 * with a {@link Lease}, so several instances on one database never attempt the same delivery at the
 * same time, and one left claimed by an instance that stopped is attempted again once the lease ends.
 */
public final class WebhookDeliverer {
    private static final Logger LOG = Logger.getLogger("signet.webhooks");
    static final List<Duration> RETRY_DELAYS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(6), Duration.ofHours(12), Duration.ofHours(24));
    private static final int BATCH = 200;
    /** Deliveries of one webhook claimed at a time: an instance that stops leaves at most these waiting for their lease. */
    private static final int CLAIM = 10;
    /** How long one attempt may take: the sender gives up after its 10-second timeout. */
    static final Duration LONGEST_ATTEMPT = Duration.ofMinutes(1);
    /** How long a claim holds its deliveries; an attempt is begun only while its whole {@link #LONGEST_ATTEMPT} fits. */
    static final Duration LEASE = Duration.ofMinutes(3);

    private final Database db;
    private final WebhookStore store;
    private final WebhookSender sender;
    private final ExecutorService workers;
    private final Clock clock;
    private final Set<Long> busy = ConcurrentHashMap.newKeySet();
    private final LongAdder failedAttempts = new LongAdder();

    public WebhookDeliverer(Database db, WebhookStore store, WebhookSender sender, ExecutorService workers, Clock clock) {
        this.db = db;
        this.store = store;
        this.sender = sender;
        this.workers = workers;
        this.clock = clock;
    }

    /** Delivers what is due now, every webhook in parallel; returns when this round is done. */
    public void runOnce() {
        Set<Long> webhooks = new LinkedHashSet<>();
        for (WebhookDelivery d : store.due(now(), BATCH)) {
            webhooks.add(d.webhookId());
        }
        List<Future<?>> running = new ArrayList<>();
        for (long webhookId : webhooks) {
            // A webhook already being worked through by an earlier round keeps its order by not starting twice.
            if (busy.add(webhookId)) {
                running.add(workers.submit(() -> deliverAll(webhookId)));
            }
        }
        for (Future<?> f : running) {
            await(f);
        }
    }

    /**
     * Works through one webhook's queue, claiming a few deliveries at a time, until nothing of it is
     * due; then looks once more after letting go, because a round that found the webhook busy may
     * have come in between and left its share here.
     */
    private void deliverAll(long webhookId) {
        while (true) {
            try {
                if (deliverClaimed(webhookId)) {
                    continue;
                }
            } catch (RuntimeException e) {
                busy.remove(webhookId);
                throw e;
            }
            busy.remove(webhookId);
            if (Thread.currentThread().isInterrupted() || store.dueFor(webhookId, now(), 1).isEmpty()
                    || !busy.add(webhookId)) {
                return;
            }
        }
    }

    /** Claims the webhook's next deliveries and attempts them in order; false when none was due. */
    private boolean deliverClaimed(long webhookId) {
        Lease lease = store.newLease(now(), LEASE);
        List<WebhookDelivery> claimed = store.claimDueFor(webhookId, now(), CLAIM, lease);
        int tried = 0;
        try {
            for (WebhookDelivery d : claimed) {
                if (Thread.currentThread().isInterrupted() || !lease.covers(now(), LONGEST_ATTEMPT)) {
                    break; // Signet is stopping, or the lease ends too soon for one more attempt
                }
                attempt(d, lease);
                tried++;
            }
        } finally {
            if (tried < claimed.size()) {
                // What the lease still holds was not tried; let go, it would otherwise wait for the lease to end.
                store.release(lease);
            }
        }
        return !claimed.isEmpty() && !Thread.currentThread().isInterrupted();
    }

    /**
     * Attempts one delivery now and records the outcome; empty when its webhook is gone. A delivery
     * that fails is retried later, unless its retries are used up. When another run (of this or
     * another instance) is attempting it at this moment, nothing is sent and the delivery is
     * answered as it stands.
     */
    public Optional<WebhookDelivery> attempt(WebhookDelivery d) {
        Lease lease = store.newLease(now(), LEASE);
        Optional<WebhookDelivery> claimed = store.claim(d.id(), now(), lease);
        if (claimed.isEmpty()) {
            return store.findDelivery(d.webhookId(), d.id());
        }
        return attempt(claimed.get(), lease);
    }

    private Optional<WebhookDelivery> attempt(WebhookDelivery d, Lease lease) {
        Webhook w = store.find(d.webhookId()).orElse(null);
        if (w == null) {
            return Optional.empty();
        }
        WebhookDelivery.Attempt a = sender.send(w.url(), WebhookRequest.of(d, w.secret()));
        boolean ok = a.error() == null;
        int attemptNumber = d.attempts() + 1;
        boolean givenUp = !ok && attemptNumber > RETRY_DELAYS.size();
        WebhookDelivery.Status status = ok ? WebhookDelivery.Status.DELIVERED
                : givenUp ? WebhookDelivery.Status.FAILED : WebhookDelivery.Status.PENDING;
        long next = ok || givenUp ? a.at() : a.at() + RETRY_DELAYS.get(attemptNumber - 1).toSeconds();
        if (!db.inTransaction(() -> store.recordAttempt(d.id(), lease, a, status, next))) {
            LOG.log(Level.WARNING, "Webhook {0} delivery {1}: its claim ended before the attempt was recorded; "
                    + "another run has taken it", new Object[] {w.id(), d.id()});
        }
        if (!ok) {
            failedAttempts.increment();
            LOG.log(givenUp ? Level.WARNING : Level.INFO, "Webhook {0} delivery {1} ({2}) attempt {3} failed{4}: {5}",
                    new Object[] {w.id(), d.id(), d.event(), attemptNumber, givenUp ? " for good" : "", a.error()});
        }
        return store.findDelivery(d.webhookId(), d.id());
    }

    /** Delivery attempts that failed since start, to be retried or for good. */
    public long failedAttempts() {
        return failedAttempts.sum();
    }

    private static void await(Future<?> f) {
        try {
            f.get();
        } catch (ExecutionException e) {
            LOG.log(Level.WARNING, "webhook delivery failed unexpectedly", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
