package org.signet;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.logging.Logger;
import org.signet.api.HttpBindings;
import org.signet.config.Config;
import org.signet.http.HttpService;
import org.signet.http.MemoryRateLimiter;
import org.signet.http.RateLimiter;
import org.signet.http.RequestMetrics;
import org.signet.http.Router;
import org.signet.http.SharedRateLimiter;
import org.signet.jobs.BackupJob;
import org.signet.jobs.BulkSendJob;
import org.signet.jobs.ExpiryJob;
import org.signet.jobs.IdempotencyPruneJob;
import org.signet.jobs.ReminderJob;
import org.signet.jobs.RetentionJob;
import org.signet.jobs.Scheduler;
import org.signet.jobs.SealRenewalJob;
import org.signet.jobs.StagingCleanupJob;
import org.signet.log.AccessLines;
import org.signet.mail.MailSender;
import org.signet.pdf.fonts.Fonts;
import org.signet.service.Completion;
import org.signet.service.DraftRecipients;
import org.signet.service.EmailCodes;
import org.signet.service.Links;
import org.signet.service.People;
import org.signet.service.Retention;
import org.signet.service.SealRenewal;
import org.signet.service.Workflow;
import org.signet.store.ApiKeyStore;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Migrations;
import org.signet.store.RateWindowStore;
import org.signet.store.SignerStore;
import org.signet.store.UserStore;
import org.signet.webhook.WebhookDeliverer;

/** A running Signet: database, stores, background jobs and the HTTP server, wired from one {@link Config}. */
public final class App implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("signet");

    private final Config config;
    private final Database db;
    private final Scheduler scheduler;
    private final HttpService http;
    private final Services services;
    private final Jobs jobs;
    private final List<String> restRoutes;

    private App(Config config, Database db, Scheduler scheduler, HttpService http, Jobs jobs,
            List<String> restRoutes) {
        this.config = config;
        this.db = db;
        this.scheduler = scheduler;
        this.http = http;
        this.services = jobs.services;
        this.jobs = jobs;
        this.restRoutes = restRoutes;
    }

    public static App start(Config config, Clock clock) throws IOException, Migrations.SchemaTooNewException {
        // Only where to look: the folders are listed when the first text is drawn or checked.
        Fonts.useFolders(config.fontFolders());
        config.warnings().forEach(LOG::warning);
        int readers = config.integer("db.readers");
        Database db = DataFolder.openDatabase(config.dataDir(), config.string("db.url"), config.string("db.user"),
                config.string("db.password"), config.string("db.synchronous"), readers + 4);
        Scheduler scheduler = new Scheduler(4);
        try {
            Listening listening = new Listening();
            Links links = new Links(() -> config.siteUrl(listening.port()));
            Services services = new Services(config, Stores.open(db, config.dataDir(), clock), links, scheduler);
            Jobs jobs = new Jobs(services);
            Recovery.afterStoppedRun(services.stores, services.idempotencyKeys);
            Router rest = new Router();
            Router site = new Router();
            Resources.routes(services, rest, site);
            RequestMetrics requests = new RequestMetrics();
            Resources.metrics(services, jobs, requests, listening::openConnections).routes(site);
            RateLimiter limiter = limiter(db, clock);
            jobs.schedule(scheduler, limiter);
            HttpService http = listening.started(HttpService.start(config, rest, site,
                    HttpBindings.authenticator(services.keyAuthentication), HttpBindings.ledger(services.idempotencyKeys),
                    limiter, requests));
            App app = new App(config, db, scheduler, http, jobs, restRoutes(rest, site, config.restBase()));
            // Both: behind a proxy, or with several instances, the bound address tells instances apart.
            LOG.info("Signet listening on " + http.listening() + ", site.url " + app.siteUrl() + " (REST base "
                    + app.baseUrl() + ")");
            return app;
        } catch (IOException | RuntimeException e) {
            scheduler.close();
            db.close();
            throw e;
        }
    }

    /**
     * The rate limits' counters: in memory for SQLite's one process, where a write per request would
     * cost a disk sync; in the database on PostgreSQL, where several instances must share them.
     */
    public static RateLimiter limiter(Database db, Clock clock) {
        if (!db.deployment().sharedByInstances()) {
            return new MemoryRateLimiter(clock);
        }
        RateWindowStore store = new RateWindowStore(db);
        return new SharedRateLimiter(clock, new SharedRateLimiter.Windows() {
            @Override
            public long increment(String bucket, long start) {
                return store.increment(bucket, start);
            }

            @Override
            public OptionalLong addWithin(String bucket, long start, int more, int limit) {
                return store.addWithin(bucket, start, more, limit);
            }

            @Override
            public long used(String bucket, long start) {
                return store.used(bucket, start);
            }

            @Override
            public void deleteBefore(long start) {
                store.deleteBefore(start);
            }
        });
    }

    /**
     * The REST interface's routes, "METHOD /pattern" relative to the base: those behind credentials,
     * and the public ones the site serves under the base (the description, verifying a file).
     */
    private static List<String> restRoutes(Router rest, Router site, String restBase) {
        List<String> all = new ArrayList<>(rest.routes());
        String prefix = " " + restBase + "/";
        for (String route : site.routes()) {
            int at = route.indexOf(prefix);
            if (at > 0) {
                all.add(route.substring(0, at) + " " + route.substring(at + prefix.length() - 1));
            }
        }
        return all.stream().sorted().toList();
    }

    public int port() {
        return http.port();
    }

    /** The plain-HTTP port that redirects to https, when {@code server.http_redirect_port} is set. */
    public Optional<Integer> redirectPort() {
        return http.redirectPort();
    }

    /** Client connections open now, slow ones included. */
    public int openConnections() {
        return http.openConnections();
    }

    public String siteUrl() {
        return config.siteUrl(port());
    }

    public String baseUrl() {
        return siteUrl() + config.restBase();
    }

    /** The REST interface's routes, "METHOD /pattern" relative to the base, public ones included. */
    public List<String> restRoutes() {
        return restRoutes;
    }

    public Config config() {
        return config;
    }

    public Database database() {
        return db;
    }

    public UserStore users() {
        return services.stores.users;
    }

    /** The signers' rows, for tests that set up what no endpoint does. */
    public SignerStore signers() {
        return services.stores.signers;
    }

    public ApiKeyStore keys() {
        return services.stores.keys;
    }

    /** Background work, exposed so tests can run it once under a test clock. */
    public ExpiryJob expiryJob() {
        return jobs.expiryJob;
    }

    public ReminderJob reminderJob() {
        return jobs.reminderJob;
    }

    /** Signet's own backups, when {@code backup.every_hours} is set. */
    public Optional<BackupJob> backupJob() {
        return jobs.backupJob;
    }

    public StagingCleanupJob stagingCleanupJob() {
        return jobs.stagingCleanup;
    }

    public IdempotencyPruneJob idempotencyPruneJob() {
        return jobs.idempotencyPrune;
    }

    public Workflow workflow() {
        return services.workflow;
    }

    public DraftRecipients draftRecipients() {
        return services.draftRecipients;
    }

    public Completion completion() {
        return services.completion;
    }

    public SealRenewal sealRenewal() {
        return services.sealRenewal;
    }

    public SealRenewalJob sealRenewalJob() {
        return jobs.sealRenewalJob;
    }

    public RetentionJob retentionJob() {
        return jobs.retentionJob;
    }

    public Retention retention() {
        return services.retention;
    }

    public People people() {
        return services.people;
    }

    public WebhookDeliverer webhookDeliverer() {
        return services.webhookDeliverer;
    }

    public BulkSendJob bulkSendJob() {
        return services.bulkSendJob;
    }

    public MailSender mailSender() {
        return services.mailSender;
    }

    public EmailCodes emailCodes() {
        return services.emailCodes;
    }

    /** Graceful stop: in-flight requests finish, jobs stop, then the database closes. */
    @Override
    public void close() {
        http.stop(Duration.ofSeconds(10));
        AccessLines.awaitWritten(Duration.ofSeconds(5));
        scheduler.close();
        services.webhookWorkers.shutdownNow();
        db.close();
        LOG.info("Signet stopped");
    }
}
