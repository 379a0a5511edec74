package org.signet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.signet.api.AuditApi;
import org.signet.api.DocumentInput;
import org.signet.api.DocumentJson;
import org.signet.api.DocumentViews;
import org.signet.api.DocumentsApi;
import org.signet.api.FieldJson;
import org.signet.api.HealthApi;
import org.signet.api.SignerJson;
import org.signet.api.SignersApi;
import org.signet.api.StagingApi;
import org.signet.api.StatsApi;
import org.signet.api.UploadReceiver;
import org.signet.api.Wire;
import org.signet.api.WorkflowApi;
import org.signet.config.Config;
import org.signet.files.FileVault;
import org.signet.http.Router;
import org.signet.jobs.ExpiryJob;
import org.signet.jobs.ReminderJob;
import org.signet.jobs.Scheduler;
import org.signet.jobs.StagingCleanupJob;
import org.signet.mail.MailQueue;
import org.signet.mail.MailSender;
import org.signet.mail.MessageTemplates;
import org.signet.mail.Transports;
import org.signet.pdf.DocumentIntake;
import org.signet.service.Completion;
import org.signet.service.Documents;
import org.signet.service.LinkUnlock;
import org.signet.service.Signing;
import org.signet.service.SiteSeal;
import org.signet.service.UnlockSessions;
import org.signet.web.Assets;
import org.signet.web.PageImages;
import org.signet.web.SessionJson;
import org.signet.web.SigningRoutes;
import org.signet.service.Links;
import org.signet.service.Notifications;
import org.signet.service.Workflow;
import org.signet.store.ApiKeyStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StagedFileStore;
import org.signet.store.StatsStore;
import org.signet.store.StoredFiles;
import org.signet.store.UserStore;

/** Signet's object graph: stores, services, jobs and resources, built once from the configuration. */
final class Services {
    final UserStore users;
    final ApiKeyStore keys;
    final DocumentStore documents;
    final SignerStore signers;
    final FieldStore fields;
    final AuditStore audit;
    final StoredFiles files;
    final StagedFileStore staged;
    final MailSender mailSender;
    final Workflow workflow;
    final Documents documentService;
    final ExpiryJob expiryJob;
    final ReminderJob reminderJob;
    final StagingCleanupJob stagingCleanup;
    final Completion completion;
    final Signing signing;
    final UnlockSessions unlockSessions;
    private final Config config;
    private final Database db;
    private final Clock clock;
    private final Links links;
    private final Wire wire;
    private final Path tmpDir;

    Services(Config config, Database db, Clock clock, Links links, Scheduler scheduler) throws IOException {
        this.config = config;
        this.db = db;
        this.clock = clock;
        this.links = links;
        this.wire = new Wire(config.zone());
        this.tmpDir = Files.createDirectories(config.dataDir().resolve("tmp"));
        users = new UserStore(db, clock);
        keys = new ApiKeyStore(db, clock);
        documents = new DocumentStore(db, clock);
        signers = new SignerStore(db, clock);
        fields = new FieldStore(db, clock);
        audit = new AuditStore(db, clock);
        files = new StoredFiles(db, FileVault.open(config.dataDir()), clock);
        staged = new StagedFileStore(db, clock);
        mailSender = new MailSender(db, Transports.fromConfig(config), id -> java.util.Optional.of(files.read(id)), clock);
        Notifications notify = new Notifications(new MailQueue(db, MessageTemplates.load(), clock), users, links, wire);
        workflow = new Workflow(db, documents, signers, fields, audit, notify,
                () -> scheduler.soon("mail", mailSender::runOnce));
        documentService = new Documents(db, documents, files, audit, clock);
        completion = new Completion(db, documents, signers, fields, audit, files, notify, SiteSeal.load(config), wire,
                () -> scheduler.soon("mail", mailSender::runOnce));
        signing = new Signing(workflow, documents, signers, fields, audit, notify, config.zone(),
                id -> scheduler.soon("seal", () -> completion.seal(id)));
        unlockSessions = new UnlockSessions(clock);
        expiryJob = new ExpiryJob(documents, workflow, clock);
        reminderJob = new ReminderJob(documents, workflow, clock);
        stagingCleanup = new StagingCleanupJob(db, staged, files, clock);
    }

    /** Registers every resource's routes: the REST ones relative to the base path, the site's absolute. */
    void routes(Router rest, Router site) {
        SignerJson signerJson = new SignerJson(wire, links);
        FieldJson fieldJson = new FieldJson(wire);
        DocumentViews views = new DocumentViews(new DocumentJson(wire), signerJson, fieldJson, signers, fields,
                () -> links.site() + config.restBase());
        DocumentInput input = new DocumentInput(wire, clock);
        UploadReceiver uploads = new UploadReceiver(files, tmpDir, config.longValue("upload.max_bytes"),
                new DocumentIntake(1000, 10_000));
        new HealthApi(db).routes(site);
        new StatsApi(new StatsStore(db)).routes(rest);
        new DocumentsApi(documentService, documents, files, workflow, uploads, views, input).routes(rest);
        new StagingApi(uploads, staged, documentService, input, views, db, wire, clock).routes(rest);
        new SignersApi(documentService, workflow, signers, fields, users, signerJson, fieldJson).routes(rest);
        new WorkflowApi(documentService, workflow, mailSender).routes(rest);
        new AuditApi(documentService, audit, wire).routes(rest);
        new Assets().routes(site);
        new SigningRoutes(signing, new LinkUnlock(signers, users, unlockSessions, clock), new PageImages(files, tmpDir),
                new SessionJson(signing, users), config.string("site.url").startsWith("https:")).routes(site);
    }
}
