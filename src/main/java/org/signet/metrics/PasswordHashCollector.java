package org.signet.metrics;

import java.util.function.LongSupplier;

/** The password hashes computed since start: passwords, PINs and emailed codes, stored or checked. */
public final class PasswordHashCollector implements Collector {
    private final LongSupplier hashes;

    public PasswordHashCollector(LongSupplier hashes) {
        this.hashes = hashes;
    }

    @Override
    public String name() {
        return "passwords";
    }

    @Override
    public void collect(Exposition out) {
        out.counter("signet_password_hashes_total",
                "Password hashes computed (PBKDF2, a fifth of a second of a core each): passwords, PINs, codes.")
                .sample("signet_password_hashes_total", hashes.getAsLong());
    }
}
