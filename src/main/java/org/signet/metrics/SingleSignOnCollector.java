package org.signet.metrics;

import java.util.Map;
import java.util.function.Supplier;

/** Single sign-ons refused since start, by the refusal's code, so that a broken provider shows before a complaint. */
public final class SingleSignOnCollector implements Collector {
    private final Supplier<Map<String, Long>> refusals;

    public SingleSignOnCollector(Supplier<Map<String, Long>> refusals) {
        this.refusals = refusals;
    }

    @Override
    public String name() {
        return "single_sign_on";
    }

    @Override
    public void collect(Exposition out) {
        out.counter("signet_sso_refusals_total", "Single sign-ons refused, by reason (the refusal's code).");
        refusals.get().forEach((code, n) -> out.sample("signet_sso_refusals_total", n, "reason", code));
    }
}
