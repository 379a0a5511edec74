package org.signet;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntSupplier;
import org.signet.api.AttachmentsApi;
import org.signet.api.AuditApi;
import org.signet.api.BulkSendsApi;
import org.signet.api.DocumentFilesApi;
import org.signet.api.DocumentInput;
import org.signet.api.DocumentJson;
import org.signet.api.DocumentViews;
import org.signet.api.DocumentsApi;
import org.signet.api.FieldInput;
import org.signet.api.FieldJson;
import org.signet.api.HealthApi;
import org.signet.api.HoldsApi;
import org.signet.api.MovesApi;
import org.signet.api.OpenApiDocument;
import org.signet.api.SignerJson;
import org.signet.api.SignersApi;
import org.signet.api.StagingApi;
import org.signet.api.StatsApi;
import org.signet.api.TeamsApi;
import org.signet.api.PublicLinksApi;
import org.signet.api.TemplatesApi;
import org.signet.api.UploadReceiver;
import org.signet.api.VerifyApi;
import org.signet.api.WebhooksApi;
import org.signet.api.WorkflowApi;
import org.signet.config.Config;
import org.signet.config.Version;
import org.signet.crypto.Passwords;
import org.signet.http.HttpService;
import org.signet.http.Request;
import org.signet.http.RequestMetrics;
import org.signet.http.Router;
import org.signet.jobs.BackupJob;
import org.signet.metrics.BackupCollector;
import org.signet.metrics.DatabaseCollector;
import org.signet.metrics.DiskCollector;
import org.signet.metrics.FailureCollector;
import org.signet.metrics.HttpCollector;
import org.signet.metrics.JvmCollector;
import org.signet.metrics.MetricsEndpoint;
import org.signet.metrics.PasswordHashCollector;
import org.signet.metrics.ProcessCollector;
import org.signet.metrics.QueueCollector;
import org.signet.metrics.SingleSignOnCollector;
import org.signet.metrics.RetentionCollector;
import org.signet.service.Health;
import org.signet.service.SingleSignOn;
import org.signet.web.Assets;
import org.signet.web.AttachmentUpload;
import org.signet.web.SessionJson;
import org.signet.web.PublicLinkRoutes;
import org.signet.web.SigningRoutes;
import org.signet.web.VerifyRoutes;
import org.signet.web.admin.AdminRoutes;
import org.signet.web.admin.FieldReading;
import org.signet.web.admin.FormUpload;

/** The resources over Signet's {@link Services}: the REST interface, the site's pages and {@code /metrics}. */
final class Resources {
    private Resources() {}

    /** Registers every resource's routes: the REST ones relative to the base path, the site's absolute. */
    static void routes(Services s, Router rest, Router site) {
        Config config = s.config;
        SignerJson signerJson = new SignerJson(s.wire, s.links);
        FieldJson fieldJson = new FieldJson(s.wire);
        DocumentViews views = new DocumentViews(new DocumentJson(s.wire), signerJson, fieldJson,
                () -> s.links.site() + config.restBase());
        DocumentInput input = new DocumentInput(s.wire, s.clock);
        UploadReceiver uploads = new UploadReceiver(s.fileIntake, s.tmpDir, config.longValue("upload.max_bytes"),
                HttpService.diskSpace(config));
        new HealthApi(new Health(s.db)).routes(site);
        new OpenApiDocument(config.restBase()).routes(site);
        new StatsApi(s.documents).routes(rest);
        DocumentsApi documentsApi = new DocumentsApi(s.documents, s.completion, s.retention, uploads, views, input);
        documentsApi.routes(rest);
        new HoldsApi(s.legalHolds, s.wire).routes(rest);
        new DocumentFilesApi(s.documentFiles, s.documents, uploads, views).routes(rest);
        new AttachmentsApi(s.attachments).routes(rest);
        new StagingApi(uploads, s.staging, input, views, s.wire).routes(rest);
        SignersApi signersApi = new SignersApi(s.documents, s.workflow, signerJson, fieldJson);
        signersApi.routes(rest);
        new WorkflowApi(s.workflow, s.mailSender).routes(rest);
        new AuditApi(s.documents, s.wire).routes(rest);
        new WebhooksApi(s.webhooks, s.wire, () -> s.links.site() + config.restBase()).routes(rest);
        TemplatesApi templates = new TemplatesApi(s.templates, s.templateFiles, uploads, input, views, s.wire,
                () -> s.links.site() + config.restBase());
        templates.routes(rest);
        new MovesApi(s.moves, s.documents, views, templates).routes(rest);
        new TeamsApi(s.teams, s.apiKeys, s.wire, config.integer("ratelimit.key_per_hour")).routes(rest);
        new PublicLinksApi(s.publicLinks).routes(rest);
        new PublicLinkRoutes(s.publicLinks, config.httpsSite(), config.siteLanguage(), config.brand()).routes(site);
        BulkSendsApi bulkSends = new BulkSendsApi(s.bulkSends, s.templates, uploads, input, s.wire, s.parseBudget);
        bulkSends.routes(rest);
        new Assets(config.brand()).routes(site);
        FormUpload formUpload = formUpload(uploads);
        AdminRoutes.create(s.signIns.sessions,
                new AdminRoutes.SectionServices(s.accounts, s.apiKeys, s.documents, s.workflow, s.webhooks, s.links,
                        s.signIns.singleSignOn, new AdminRoutes.Factors(s.signIns.app, s.signIns.factors,
                                s.signIns.record, s.signIns.passkeys), new AdminRoutes.DataCare(s.people, s.legalHolds),
                        new AdminRoutes.Templating(s.templates, s.bulkSends, formUpload, bulkSends.csvRows(),
                                TemplatesApi::uploadName),
                        new AdminRoutes.Drafting(s.draftRecipients, formUpload, new AdminRoutes.DraftText(
                                DocumentsApi.DRAFT_TEXT, documentsApi::draftDetails), signersApi::placeFound),
                        new AdminRoutes.FieldEditing(s.templates, s.editorPages,
                                new FieldReading(FieldInput::parse, FieldInput::parseForTemplate)),
                        new AdminRoutes.TeamWork(s.teams, s.moves)),
                s.clock, new AdminRoutes.Settings(s.wire.zone(), config.siteLanguage(),
                        config.integer("ratelimit.key_per_hour"), config.httpsSite(), config.brand(),
                        ssoLabel(config))).routes(site);
        new VerifyApi(s.verification, uploads, s.wire, config.restBase()).routes(site);
        new VerifyRoutes(req -> uploads.receive(req, (file, name) -> s.verification.check(file)), s.wire,
                config.siteLanguage(), config.longValue("upload.max_bytes"), config.brand()).routes(site);
        new SigningRoutes(s.signing, s.signerCopies, s.linkUnlock, new SessionJson(s.signing),
                new AttachmentUpload(s.attachments, (req, use) -> AttachmentUpload.multipart(req)
                        ? uploads.receiveToKeep(req, use::use)
                        : uploads.receiveRaw(req, AttachmentUpload.RAW_TYPES, use::use)),
                new SigningRoutes.Settings(config.httpsSite(), config.siteLanguage(), config.embedOrigins(),
                        config.brand())).routes(site);
    }

    /** The REST interface's upload receiver as the administrator pages' forms with a file are received through it. */
    private static FormUpload formUpload(UploadReceiver uploads) {
        return new FormUpload() {
            @Override
            public <T> Received<T> receive(Request req, Set<String> fields, Function<Map<String, String>, T> read)
                    throws IOException {
                UploadReceiver.WithText<T> got = uploads.receiveReading(req, fields, read);
                return new Received<>(got.file(), got.text());
            }
        };
    }

    /** The single sign-on button's words as configured, or "" for the page's own when the default stands. */
    private static String ssoLabel(Config config) {
        return config.source("auth.oidc.label") == Config.Source.DEFAULT ? "" : config.string("auth.oidc.label");
    }

    /** What {@code /metrics} serves: the server's requests and connections, the queues, failures, database and JVM. */
    static MetricsEndpoint metrics(Services s, Jobs jobs, RequestMetrics requests, IntSupplier connectionsOpen) {
        return new MetricsEndpoint(s.config.string("metrics.token"), List.of(
                new HttpCollector(requests, connectionsOpen),
                new QueueCollector(s.queues::now),
                new FailureCollector(s.completion::failedAttempts, s.mailSender::failedAttempts,
                        s.webhookDeliverer::failedAttempts),
                new DatabaseCollector(s.db::connectionsInUse, s.db::connectionsOpen),
                new PasswordHashCollector(Passwords::derivations),
                new SingleSignOnCollector(() -> s.signIns.singleSignOn.map(SingleSignOn::refusals).orElse(Map.of())),
                new BackupCollector(() -> jobs.backupJob.flatMap(BackupJob::newestComplete),
                        () -> jobs.backupJob.map(BackupJob::failures).orElse(0L)),
                new DiskCollector(HttpService.diskSpace(s.config)),
                new RetentionCollector(s.retention::purgedCount),
                new JvmCollector(),
                new ProcessCollector(Version.current())));
    }
}
