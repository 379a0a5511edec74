package org.signet.webhook;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.signet.store.WebhookStore;

/**
 * Delivers the webhook outbox. Each {@link #runOnce()} takes the due deliveries that are first
 * in line for their document, and works through each webhook's queue on its own thread, one delivery
 * at a time, so a slow or dead receiver holds up only itself. A failed attempt is retried after about
 * 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h, then the delivery is failed; a later event of the
 * same document waits while an earlier one is being retried.
 */
public final class WebhookDeliverer {
    private static final Logger LOG = Logger.getLogger("signet.webhooks");
    static final List<Duration> RETRY_DELAYS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(6), Duration.ofHours(12), Duration.ofHours(24));
    private static final int BATCH = 200;

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
        Map<Long, List<WebhookDelivery>> byWebhook = new LinkedHashMap<>();
        for (WebhookDelivery d : store.due(now(), BATCH)) {
            byWebhook.computeIfAbsent(d.webhookId(), k -> new ArrayList<>()).add(d);
        }
        List<Future<?>> running = new ArrayList<>();
        byWebhook.forEach((webhookId, deliveries) -> {
            // A webhook already being worked through by an earlier round keeps its order by not starting twice.
            if (busy.add(webhookId)) {
                running.add(workers.submit(() -> deliverAll(webhookId, deliveries)));
            }
        });
        for (Future<?> f : running) {
            await(f);
        }
    }

    /**
     * Works through one webhook's queue until nothing of it is due; then looks once more after letting
     * go, because a round that found the webhook busy may have come in between and left its share here.
     */
    private void deliverAll(long webhookId, List<WebhookDelivery> first) {
        List<WebhookDelivery> batch = first;
        while (true) {
            try {
                batch.forEach(this::attempt);
                batch = store.dueFor(webhookId, now(), BATCH);
            } catch (RuntimeException e) {
                busy.remove(webhookId);
                throw e;
            }
            if (batch.isEmpty()) {
                busy.remove(webhookId);
                batch = store.dueFor(webhookId, now(), BATCH);
                if (batch.isEmpty() || !busy.add(webhookId)) {
                    return;
                }
            }
        }
    }

    /**
     * Attempts one delivery now and records the outcome; empty when its webhook is gone. A delivery
     * that fails is retried later, unless its retries are used up.
     */
    public Optional<WebhookDelivery> attempt(WebhookDelivery d) {
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
        db.inTransaction(() -> store.recordAttempt(d.id(), a, status, next));
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
