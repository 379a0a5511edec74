package org.signet.metrics;

import java.util.function.LongSupplier;

/** Failed attempts since start: sealing, mail delivery and webhook delivery, each retried or given up. */
public final class FailureCollector implements Collector {
    private final LongSupplier seals;
    private final LongSupplier mail;
    private final LongSupplier webhooks;

    public FailureCollector(LongSupplier seals, LongSupplier mail, LongSupplier webhooks) {
        this.seals = seals;
        this.mail = mail;
        this.webhooks = webhooks;
    }

    @Override
    public String name() {
        return "failures";
    }

    @Override
    public void collect(Exposition out) {
        out.counter("signet_seal_failures_total", "Sealing attempts that failed, to be retried or given up.")
                .sample("signet_seal_failures_total", seals.getAsLong());
        out.counter("signet_mail_delivery_failures_total", "Mail delivery attempts that failed, to be retried or given up.")
                .sample("signet_mail_delivery_failures_total", mail.getAsLong());
        out.counter("signet_webhook_delivery_failures_total",
                "Webhook delivery attempts that failed, to be retried or given up.")
                .sample("signet_webhook_delivery_failures_total", webhooks.getAsLong());
    }
}
