package org.signet.metrics;

import java.util.function.IntSupplier;

/** The database's connections: open, and lent out to a read or the write transaction now. */
public final class DatabaseCollector implements Collector {
    private final IntSupplier inUse;
    private final IntSupplier open;

    public DatabaseCollector(IntSupplier inUse, IntSupplier open) {
        this.inUse = inUse;
        this.open = open;
    }

    @Override
    public String name() {
        return "database";
    }

    @Override
    public void collect(Exposition out) {
        out.gauge("signet_db_connections_in_use", "Database connections running a read or the write transaction now.")
                .sample("signet_db_connections_in_use", inUse.getAsInt());
        out.gauge("signet_db_connections_open", "Database connections open: the readers opened so far and the writer.")
                .sample("signet_db_connections_open", open.getAsInt());
    }
}
