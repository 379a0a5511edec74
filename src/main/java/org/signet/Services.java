package org.signet;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.signet.api.AuditApi;
import org.signet.api.BulkSendsApi;
import org.signet.api.DocumentInput;
import org.signet.api.DocumentJson;
import org.signet.api.DocumentViews;
import org.signet.api.AttachmentsApi;
import org.signet.api.DocumentsApi;
import org.signet.api.FieldJson;
import org.signet.api.HealthApi;
import org.signet.api.OpenApiDocument;
import org.signet.api.SignerJson;
import org.signet.api.SignersApi;
import org.signet.api.StagingApi;
import org.signet.api.StatsApi;
import org.signet.api.TemplatesApi;
import org.signet.api.UploadReceiver;
import org.signet.api.VerifyApi;
import org.signet.api.WebhooksApi;
import org.signet.api.WorkflowApi;
import org.signet.concurrent.NamedThreads;
import org.signet.config.Version;
import org.signet.evidence.Sealer;
import org.signet.config.Config;
import org.signet.crypto.Passwords;
import org.signet.files.FileVault;
import org.signet.http.HttpService;
import org.signet.http.RequestMetrics;
import org.signet.http.Router;
import org.signet.jobs.BackupJob;
import org.signet.jobs.BulkSendJob;
import org.signet.jobs.ExpiryJob;
import org.signet.jobs.ReminderJob;
import org.signet.jobs.IdempotencyPruneJob;
import org.signet.jobs.Scheduler;
import org.signet.jobs.SealRenewalJob;
import org.signet.jobs.StagingCleanupJob;
import org.signet.mail.MailQueue;
import org.signet.mail.MailSender;
import org.signet.mail.MessageTemplates;
import org.signet.mail.Transports;
import org.signet.metrics.DatabaseCollector;
import org.signet.metrics.DiskCollector;
import org.signet.metrics.BackupCollector;
import org.signet.metrics.FailureCollector;
import org.signet.metrics.HttpCollector;
import org.signet.metrics.JvmCollector;
import org.signet.metrics.MetricsEndpoint;
import org.signet.metrics.PasswordHashCollector;
import org.signet.metrics.ProcessCollector;
import org.signet.metrics.QueueCollector;
import org.signet.pdf.DocumentIntake;
import org.signet.pdf.SiteCertificate;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions;
import org.signet.service.ApiKeys;
import org.signet.service.Backups;
import org.signet.service.BulkSends;
import org.signet.service.Completion;
import org.signet.service.Documents;
import org.signet.service.Attachments;
import org.signet.service.FileIntake;
import org.signet.service.Health;
import org.signet.service.KeyAuthentication;
import org.signet.service.EmailCodes;
import org.signet.service.LinkUnlock;
import org.signet.service.Links;
import org.signet.service.LoginThrottle;
import org.signet.service.PasswordCheck;
import org.signet.service.Notifications;
import org.signet.service.PageImages;
import org.signet.service.ParseBudget;
import org.signet.service.Queues;
import org.signet.service.SealRenewal;
import org.signet.service.SignerCopies;
import org.signet.service.Signing;
import org.signet.service.SealTimes;
import org.signet.service.SiteSeal;
import org.signet.service.IdempotencyKeys;
import org.signet.service.Staging;
import org.signet.service.Templates;
import org.signet.service.UnlockSessions;
import org.signet.service.Verification;
import org.signet.service.WebhookEvents;
import org.signet.service.Webhooks;
import org.signet.service.WorkGate;
import org.signet.service.Workflow;
import org.signet.store.AdminSessionStore;
import org.signet.store.ApiKeyStore;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.ClearValues;
import org.signet.store.BulkSendStore;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.EmailCodeMailStore;
import org.signet.store.EmailCodeStore;
import org.signet.store.FieldStore;
import org.signet.store.LoginFailureStore;
import org.signet.store.MailOutboxStore;
import org.signet.store.MasterKeyCheck;
import org.signet.store.SignerStore;
import org.signet.store.SealedValues;
import org.signet.store.SignerTokens;
import org.signet.store.StagedFileStore;
import org.signet.store.StatsStore;
import org.signet.store.StoredFiles;
import org.signet.store.IdempotencyStore;
import org.signet.store.TemplateStore;
import org.signet.store.UnlockSessionStore;
import org.signet.store.UserStore;
import org.signet.store.WebhookStore;
import org.signet.text.Wire;
import org.signet.web.Assets;
import org.signet.web.SessionJson;
import org.signet.web.AttachmentUpload;
import org.signet.web.SigningRoutes;
import org.signet.web.VerifyRoutes;
import org.signet.web.admin.AdminRoutes;
import org.signet.webhook.WebhookDeliverer;
import org.signet.webhook.WebhookSender;
import org.signet.webhook.WebhookUrls;

/** Signet's object graph: stores, services, jobs and resources, built once from the configuration. */
final class Services {
    final UserStore users;
    final SignerStore signers;
    final ApiKeyStore keys;
    final KeyAuthentication keyAuthentication;
    final MailSender mailSender;
    final Workflow workflow;
    final Documents documents;
    final Staging staging;
    final Templates templates;
    final BulkSends bulkSends;
    final BulkSendJob bulkSendJob;
    final ExpiryJob expiryJob;
    final ReminderJob reminderJob;
    final StagingCleanupJob stagingCleanup;
    final IdempotencyKeys idempotencyKeys;
    final IdempotencyPruneJob idempotencyPrune;
    /** Null when Signet takes no backups itself. */
    final BackupJob backupJob;
    final Completion completion;
    private final Verification verification;
    final SealRenewal sealRenewal;
    final SealRenewalJob sealRenewalJob;
    final Signing signing;
    private final SignerCopies signerCopies;
    final UnlockSessions unlockSessions;
    final Webhooks webhooks;
    final AdminSessions adminSessions;
    final Accounts accounts;
    final ApiKeys apiKeys;
    final WebhookDeliverer webhookDeliverer;
    final WebhookStore webhookStore;
    final ExecutorService webhookWorkers;
    final Config config;
    private final Database db;
    private final Clock clock;
    private final Links links;
    private final Wire wire;
    private final StoredFiles files;
    private final Attachments attachments;
    /** Every file that comes in, a document's or a signer's attachment, passes this one intake. */
    private final FileIntake fileIntake;
    private final LinkUnlock linkUnlock;
    /** Made after the mail sender, which asks it for the codes it puts into their mails. */
    EmailCodes emailCodes;
    private final Queues queues;
    private final Path tmpDir;
    /** An administrator-page session ends after this long without a request. */
    static final Duration ADMIN_IDLE = Duration.ofMinutes(30);
    /** Decoding uploads and rendering pages, a few at a time. */
    private final WorkGate heavyWork = WorkGate.forProcessors();
    private final ParseBudget parseBudget = ParseBudget.halfTheHeap();

    Services(Config config, Database db, Clock clock, Links links, Scheduler scheduler) throws IOException {
        this.config = config;
        this.db = db;
        this.clock = clock;
        this.links = links;
        this.wire = new Wire(config.zone());
        this.tmpDir = DataFolder.scratch(config.dataDir());
        users = new UserStore(db, clock);
        keys = new ApiKeyStore(db, clock);
        keyAuthentication = new KeyAuthentication(keys, clock);
        // One throttle for every place a host-site password is asked for: the sign-in and the links' login gates.
        PasswordCheck passwords = new PasswordCheck(users, new LoginThrottle(new LoginFailureStore(db), clock,
                LoginThrottle.ACCOUNT, LoginThrottle.ADDRESS));
        adminSessions = new AdminSessions(users, new AdminSessionStore(db), passwords, clock, ADMIN_IDLE);
        accounts = new Accounts(users);
        apiKeys = new ApiKeys(keys, users);
        DocumentStore documentStore = new DocumentStore(db, clock);
        // Before anything is sealed: a key the database does not know would write what no other Signet could read.
        FileVault vault = MasterKeyCheck.openVault(db, config.dataDir(), clock);
        SignerTokens tokens = new SignerTokens(vault);
        // Links made before tokens were sealed keep working: their tokens become hashes here, once.
        tokens.secureExisting(db);
        SealedValues sealedValues = new SealedValues(vault);
        // Webhook secrets and kept answers an earlier Signet wrote in clear are sealed here, once.
        ClearValues.sealLeft(db, sealedValues);
        signers = new SignerStore(db, clock, tokens);
        FieldStore fields = new FieldStore(db, clock);
        AttachmentStore attachmentStore = new AttachmentStore(db, clock);
        AuditStore audit = new AuditStore(db, clock);
        files = new StoredFiles(db, vault, clock);
        // No request is in flight here yet: a file still unclaimed was left by one that a crash interrupted
        // (on PostgreSQL, another Signet's may be in flight, so only the abandoned ones).
        files.destroyLeftOver();
        StagedFileStore staged = new StagedFileStore(db, clock);
        mailSender = new MailSender(db, Transports.fromConfig(config), files::readIfStored, clock,
                (signer, recipient) -> signers.find(signer).filter(s -> s.email().equalsIgnoreCase(recipient))
                        .map(links::signing), ticket -> emailCodes.forMail(ticket));
        webhookStore = new WebhookStore(db, sealedValues);
        WebhookUrls webhookUrls = new WebhookUrls(config.bool("webhooks.allow_private"));
        // One thread per webhook being worked through: a receiver that hangs for its 10 s holds only its own.
        webhookWorkers = Executors.newFixedThreadPool(16, NamedThreads.daemon("signet-webhook-"));
        webhookDeliverer = new WebhookDeliverer(db, webhookStore,
                new WebhookSender(webhookUrls, Version.current(), clock), webhookWorkers, clock);
        webhooks = new Webhooks(db, webhookStore, webhookUrls, webhookDeliverer, clock);
        WebhookEvents events = new WebhookEvents(db, webhookStore, clock,
                () -> scheduler.soon("webhooks", webhookDeliverer::runOnce));
        Notifications notify = new Notifications(new MailQueue(db, MessageTemplates.load(config.brand()), clock,
                () -> scheduler.soon("mail", mailSender::runOnce)), users, wire, config.siteLanguage());
        workflow = new Workflow(db, documentStore, signers, fields, attachmentStore, files, audit, users, notify,
                events);
        SealTimes sealTimes = new SealTimes();
        documents = new Documents(db, documentStore, signers, fields, attachmentStore, files, audit, new StatsStore(db),
                workflow, events, wire, config.bool("site.allow_delegation"), sealTimes);
        staging = new Staging(db, staged, documents, files, clock);
        templates = new Templates(db, new TemplateStore(db, clock), signers, fields, files, documents, workflow,
                documentStore);
        BulkSendJob[] job = new BulkSendJob[1];
        bulkSends = new BulkSends(db, new BulkSendStore(db, clock), templates, events,
                () -> scheduler.soon("bulk-sends", job[0]));
        bulkSendJob = new BulkSendJob(bulkSends, next -> scheduler.soon("bulk-sends", next));
        job[0] = bulkSendJob;
        Supplier<SiteCertificate> siteCertificate = SiteSeal.loading(config);
        Sealer sealer = SiteSeal.sealer(config, siteCertificate);
        completion = new Completion(db, documentStore, signers, fields, attachmentStore, audit, files, notify, events,
                sealer, wire, links, sealTimes, config.brand().name());
        verification = new Verification(db, documentStore, signers, audit, siteCertificate, heavyWork, parseBudget);
        sealRenewal = new SealRenewal(db, documentStore, audit, files, new MailOutboxStore(db), sealer);
        sealRenewalJob = new SealRenewalJob(documentStore, sealRenewal, clock,
                Duration.ofDays(config.integer("signing.renew_days")));
        // Several instances share a PostgreSQL database: a browser's next request may reach any of them.
        unlockSessions = db.deployment().sharedByInstances()
                ? new UnlockSessions(users, clock, new UnlockSessionStore(db)) : new UnlockSessions(users, clock);
        // Any instance on a shared PostgreSQL database may send the code's mail, so the code waits there, sealed.
        emailCodes = db.deployment().sharedByInstances()
                ? new EmailCodes(db, new EmailCodeStore(db), documentStore, audit, notify, clock,
                        new EmailCodeMailStore(db), vault)
                : new EmailCodes(db, new EmailCodeStore(db), documentStore, audit, notify, clock);
        linkUnlock = new LinkUnlock(db, signers, documentStore, users, passwords, unlockSessions, emailCodes, audit, clock);
        signing = new Signing(db, documentStore, signers, fields, attachmentStore, audit, users, workflow, notify,
                events, linkUnlock, new PageImages(files, tmpDir, heavyWork), config.zone(),
                id -> scheduler.soon("seal", () -> completion.seal(id)));
        fileIntake = new FileIntake(new DocumentIntake(1000, 10_000), files, heavyWork, parseBudget);
        attachments = new Attachments(db, signing, linkUnlock, fields, attachmentStore, files, audit, fileIntake,
                documentStore);
        signerCopies = new SignerCopies(db, signing, linkUnlock, fields, signers, audit, files, heavyWork);
        expiryJob = new ExpiryJob(documentStore, workflow, clock);
        reminderJob = new ReminderJob(documentStore, workflow, clock);
        stagingCleanup = new StagingCleanupJob(staging);
        idempotencyKeys = new IdempotencyKeys(db, new IdempotencyStore(db, sealedValues), clock,
                config.integer("idempotency.max_mb_per_key") * (1L << 20));
        // No request is in flight yet: a key still claimed was held by one that a stop interrupted.
        idempotencyKeys.releaseAbandoned();
        idempotencyPrune = new IdempotencyPruneJob(idempotencyKeys);
        queues = new Queues(db, new MailOutboxStore(db), webhookStore, documentStore, clock);
        backupJob = backupJob(config, db, clock);
    }

    private static BackupJob backupJob(Config config, Database db, Clock clock) throws IOException {
        int hours = config.integer("backup.every_hours");
        if (hours == 0) {
            return null;
        }
        if (config.string("backup.dir").isEmpty()) {
            throw new IOException("backup.every_hours is " + hours + " but backup.dir is not set: name the folder"
                    + " the backups go to");
        }
        return new BackupJob(new Backups(db, config.dataDir(), clock), Path.of(config.string("backup.dir")),
                Duration.ofHours(hours), config.integer("backup.keep"), clock);
    }

    /** What {@code /metrics} serves: the server's requests and connections, the queues, failures, database and JVM. */
    MetricsEndpoint metrics(RequestMetrics requests, IntSupplier connectionsOpen) {
        return new MetricsEndpoint(config.string("metrics.token"), List.of(
                new HttpCollector(requests, connectionsOpen),
                new QueueCollector(queues::now),
                new FailureCollector(completion::failedAttempts, mailSender::failedAttempts,
                        webhookDeliverer::failedAttempts),
                new DatabaseCollector(db::connectionsInUse, db::connectionsOpen),
                new PasswordHashCollector(Passwords::derivations),
                new BackupCollector(() -> backupJob == null ? Optional.empty() : backupJob.newestComplete(),
                        () -> backupJob == null ? 0 : backupJob.failures()),
                new DiskCollector(HttpService.diskSpace(config)),
                new JvmCollector(),
                new ProcessCollector(Version.current())));
    }

    /** Registers every resource's routes: the REST ones relative to the base path, the site's absolute. */
    void routes(Router rest, Router site) {
        SignerJson signerJson = new SignerJson(wire, links);
        FieldJson fieldJson = new FieldJson(wire);
        DocumentViews views = new DocumentViews(new DocumentJson(wire), signerJson, fieldJson,
                () -> links.site() + config.restBase());
        DocumentInput input = new DocumentInput(wire, clock);
        UploadReceiver uploads = new UploadReceiver(fileIntake, tmpDir, config.longValue("upload.max_bytes"),
                HttpService.diskSpace(config));
        new HealthApi(new Health(db)).routes(site);
        new OpenApiDocument(config.restBase()).routes(site);
        new StatsApi(documents).routes(rest);
        new DocumentsApi(documents, completion, uploads, views, input).routes(rest);
        new AttachmentsApi(attachments).routes(rest);
        new StagingApi(uploads, staging, input, views, wire).routes(rest);
        new SignersApi(documents, workflow, signerJson, fieldJson).routes(rest);
        new WorkflowApi(workflow, mailSender).routes(rest);
        new AuditApi(documents, wire).routes(rest);
        new WebhooksApi(webhooks, wire, () -> links.site() + config.restBase()).routes(rest);
        new TemplatesApi(templates, uploads, input, views, wire, () -> links.site() + config.restBase()).routes(rest);
        new BulkSendsApi(bulkSends, templates, uploads, input, wire, parseBudget).routes(rest);
        new Assets(config.brand()).routes(site);
        AdminRoutes.create(adminSessions, accounts, apiKeys, documents, workflow, webhooks, links, wire.zone(),
                config.siteLanguage(), clock, config.integer("ratelimit.key_per_hour"), config.httpsSite(),
                config.brand()).routes(site);
        new VerifyApi(verification, uploads, wire, config.restBase()).routes(site);
        new VerifyRoutes(req -> uploads.receive(req, (file, name) -> verification.check(file)), wire,
                config.siteLanguage(), config.longValue("upload.max_bytes"), config.brand()).routes(site);
        new SigningRoutes(signing, signerCopies, linkUnlock, new SessionJson(signing),
                config.httpsSite(), config.siteLanguage(), config.embedOrigins(),
                new AttachmentUpload(attachments, (req, use) -> AttachmentUpload.multipart(req)
                        ? uploads.receiveToKeep(req, use::use)
                        : uploads.receiveRaw(req, AttachmentUpload.RAW_TYPES, use::use)), config.brand()).routes(site);
    }
}
