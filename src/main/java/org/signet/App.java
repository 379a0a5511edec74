package org.signet;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.logging.Logger;
import org.signet.api.HealthApi;
import org.signet.api.StatsApi;
import org.signet.config.Config;
import org.signet.http.HttpService;
import org.signet.http.RateLimiter;
import org.signet.http.Router;
import org.signet.jobs.Scheduler;
import org.signet.store.ApiKeyStore;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Migrations;
import org.signet.store.StatsStore;
import org.signet.store.UserStore;

/** A running Signet: database, stores, background jobs and the HTTP server, wired from one {@link Config}. */
public final class App implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("signet");

    private final Config config;
    private final Database db;
    private final Scheduler scheduler;
    private final HttpService http;
    private final UserStore users;
    private final ApiKeyStore keys;

    private App(Config config, Database db, Scheduler scheduler, HttpService http, UserStore users, ApiKeyStore keys) {
        this.config = config;
        this.db = db;
        this.scheduler = scheduler;
        this.http = http;
        this.users = users;
        this.keys = keys;
    }

    public static App start(Config config, Clock clock) throws IOException, Migrations.SchemaTooNewException {
        int threads = config.integer("server.threads");
        Database db = DataFolder.openDatabase(config.dataDir(), config.string("db.synchronous"), threads + 4);
        Scheduler scheduler = new Scheduler(2);
        try {
            UserStore users = new UserStore(db, clock);
            ApiKeyStore keys = new ApiKeyStore(db, clock);
            Router rest = new Router();
            Router site = new Router();
            new HealthApi(db).routes(site);
            new StatsApi(new StatsStore(db)).routes(rest);
            RateLimiter limiter = new RateLimiter(clock);
            scheduler.every("rate-limit-eviction", Duration.ofMinutes(1), Duration.ofMinutes(1),
                    () -> limiter.evictExpired(Duration.ofHours(1)));
            HttpService http = HttpService.start(config, rest, site, keys, limiter, clock);
            App app = new App(config, db, scheduler, http, users, keys);
            LOG.info("Signet listening on " + app.siteUrl() + " (REST base " + app.baseUrl() + ")");
            return app;
        } catch (IOException | RuntimeException e) {
            scheduler.close();
            db.close();
            throw e;
        }
    }

    public int port() {
        return http.port();
    }

    public String siteUrl() {
        return config.siteUrl(port());
    }

    public String baseUrl() {
        return siteUrl() + config.restBase();
    }

    public Config config() {
        return config;
    }

    public Database database() {
        return db;
    }

    public UserStore users() {
        return users;
    }

    public ApiKeyStore keys() {
        return keys;
    }

    /** Graceful stop: in-flight requests finish, jobs stop, then the database closes. */
    @Override
    public void close() {
        http.stop(Duration.ofSeconds(10));
        scheduler.close();
        db.close();
        LOG.info("Signet stopped");
    }
}
