package org.signet.service;

import org.signet.store.Database;

/** Whether Signet can serve: today, whether its database answers (for {@code /healthz}). */
public final class Health {
    private final Database db;

    public Health(Database db) {
        this.db = db;
    }

    public boolean ok() {
        return db.ping();
    }
}
