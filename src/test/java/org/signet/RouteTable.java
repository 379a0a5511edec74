package org.signet;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.signet.config.Config;
import org.signet.http.Router;
import org.signet.jobs.Scheduler;
import org.signet.service.Links;
import org.signet.store.Database;
import org.signet.support.SuiteDatabase;

/** Signet's real REST and site routers, registered by its real resources over a data folder, without a server. */
public final class RouteTable implements AutoCloseable {
    public final Router rest = new Router();
    public final Router site = new Router();
    public final String restBase;
    private final Database db;
    private final Scheduler scheduler = new Scheduler(1);

    private RouteTable(Config config, Database db) throws Exception {
        this.db = db;
        this.restBase = config.restBase();
        Services services = new Services(config, Stores.open(db, config.dataDir(), Clock.systemUTC()),
                new Links(() -> "http://127.0.0.1"), scheduler);
        Resources.routes(services, rest, site);
    }

    public static RouteTable open(Path dataDir) throws Exception {
        Config config = Config.load(dataDir, Optional.empty(), Map.of(), Map.of());
        return new RouteTable(config, SuiteDatabase.open(dataDir, "NORMAL", 2));
    }

    @Override
    public void close() {
        scheduler.close();
        db.close();
    }
}
