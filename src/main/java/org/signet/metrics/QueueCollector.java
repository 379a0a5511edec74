package org.signet.metrics;

import java.util.List;
import java.util.function.Supplier;
import org.signet.service.Queues;

/** How much waits in the mail, webhook and sealing queues, and for how long, read at each scrape. */
public final class QueueCollector implements Collector {
    private final Supplier<List<Queues.Queue>> queues;

    public QueueCollector(Supplier<List<Queues.Queue>> queues) {
        this.queues = queues;
    }

    @Override
    public String name() {
        return "queues";
    }

    @Override
    public void collect(Exposition out) {
        List<Queues.Queue> now = queues.get();
        out.gauge("signet_queue_depth", "Items waiting: mail not yet handed to the mail server, webhook deliveries "
                + "not yet made (active webhooks), completed documents not yet sealed.");
        now.forEach(q -> out.sample("signet_queue_depth", q.depth(), "queue", q.name()));
        out.gauge("signet_queue_oldest_age_seconds", "How long the oldest waiting item has waited; 0 when none waits.");
        now.forEach(q -> out.sample("signet_queue_oldest_age_seconds", q.oldestAgeSeconds(), "queue", q.name()));
    }
}
