package org.signet.support;

import java.nio.file.Path;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Dialect;

/** A fresh, migrated database of either dialect, for store tests that must pass on SQLite and on PostgreSQL alike. */
public final class BothDatabases {
    private BothDatabases() {}

    /** SQLite in {@code dir}, or a new database on this JVM's PostgreSQL. */
    public static Database open(Dialect dialect, Path dir) throws Exception {
        if (dialect == Dialect.SQLITE) {
            return DataFolder.openDatabase(dir, "NORMAL", 2);
        }
        Postgres.Database pg = Postgres.shared().freshDatabase();
        return Database.openPostgres(pg.url(), pg.user(), pg.password(), 4);
    }
}
