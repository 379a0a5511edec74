package org.signet;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.signet.concurrent.NamedThreads;
import org.signet.config.Config;
import org.signet.config.Version;
import org.signet.evidence.Sealer;
import org.signet.jobs.BulkSendJob;
import org.signet.jobs.Scheduler;
import org.signet.mail.MailQueue;
import org.signet.mail.MailSender;
import org.signet.mail.MessageTemplates;
import org.signet.mail.Transports;
import org.signet.pdf.intake.DocumentIntake;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.service.Accounts;
import org.signet.service.ApiKeys;
import org.signet.service.Announcements;
import org.signet.service.Attachments;
import org.signet.service.BulkSends;
import org.signet.service.Completion;
import org.signet.service.DocumentFiles;
import org.signet.service.DocumentStores;
import org.signet.service.Documents;
import org.signet.service.DraftRecipients;
import org.signet.service.EmailCodes;
import org.signet.service.PublicLinks;
import org.signet.service.FileIntake;
import org.signet.service.IdempotencyKeys;
import org.signet.service.KeyAuthentication;
import org.signet.service.LegalHolds;
import org.signet.service.LinkUnlock;
import org.signet.service.Links;
import org.signet.service.LoginThrottle;
import org.signet.service.Moves;
import org.signet.service.Notifications;
import org.signet.service.EditorPages;
import org.signet.service.PageImages;
import org.signet.service.People;
import org.signet.service.ParseBudget;
import org.signet.service.PasswordCheck;
import org.signet.service.Queues;
import org.signet.service.Retention;
import org.signet.service.SealRenewal;
import org.signet.service.SealTimes;
import org.signet.service.SignerCopies;
import org.signet.service.Signing;
import org.signet.service.SiteDefaults;
import org.signet.service.SiteSeal;
import org.signet.service.Staging;
import org.signet.service.Teams;
import org.signet.service.TemplateFiles;
import org.signet.service.Templates;
import org.signet.service.UnlockSessions;
import org.signet.service.Verification;
import org.signet.service.WebhookEvents;
import org.signet.service.Webhooks;
import org.signet.service.WorkGate;
import org.signet.service.Workflow;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.PeopleStore;
import org.signet.store.StatsStore;
import org.signet.text.Wire;
import org.signet.webhook.WebhookDeliverer;
import org.signet.webhook.WebhookSender;
import org.signet.webhook.WebhookUrls;

/**
 * Signet's services over its {@link Stores}, built once from the configuration: building is all this class
 * does; what a stopped run left behind is put in order by {@link Recovery}, the resources are registered by
 * {@link Resources} and the background work scheduled by {@link Jobs}.
 */
final class Services {
    final Config config;
    final Stores stores;
    final Database db;
    final Clock clock;
    final Links links;
    final Wire wire;
    final Path tmpDir;
    /** Decoding uploads and rendering pages, a few at a time. */
    final WorkGate heavyWork = WorkGate.forProcessors();
    final ParseBudget parseBudget = ParseBudget.halfTheHeap();
    final KeyAuthentication keyAuthentication;
    final SignIns signIns;
    final Accounts accounts;
    final ApiKeys apiKeys;
    final MailSender mailSender;
    final WebhookUrls webhookUrls;
    /** One thread per webhook being worked through: a receiver that hangs for its 10 s holds only its own. */
    final ExecutorService webhookWorkers = Executors.newFixedThreadPool(16, NamedThreads.daemon("signet-webhook-"));
    final WebhookDeliverer webhookDeliverer;
    final Webhooks webhooks;
    final WebhookEvents events;
    final Notifications notify;
    final Workflow workflow;
    final DraftRecipients draftRecipients;
    final SealTimes sealTimes = new SealTimes();
    final Documents documents;
    final DocumentFiles documentFiles;
    final Staging staging;
    final Templates templates;
    final TemplateFiles templateFiles;
    final BulkSends bulkSends;
    final BulkSendJob bulkSendJob;
    final Supplier<SiteCertificate> siteCertificate;
    final Sealer sealer;
    final Completion completion;
    final Verification verification;
    final SealRenewal sealRenewal;
    final UnlockSessions unlockSessions;
    final EmailCodes emailCodes;
    final PublicLinks publicLinks;
    final LinkUnlock linkUnlock;
    final Signing signing;
    final EditorPages editorPages;
    /** Every file that comes in, a document's or a signer's attachment, passes this one intake. */
    final FileIntake fileIntake;
    final Attachments attachments;
    final SignerCopies signerCopies;
    final IdempotencyKeys idempotencyKeys;
    final Queues queues;
    final Retention retention;
    final LegalHolds legalHolds;
    final People people;
    final Teams teams;
    final Moves moves;

    Services(Config config, Stores stores, Links links, Scheduler scheduler) throws IOException {
        this.config = config;
        this.stores = stores;
        this.db = stores.db;
        this.clock = stores.clock;
        this.links = links;
        this.wire = new Wire(config.zone());
        this.tmpDir = DataFolder.scratch(config.dataDir());
        DocumentStores documentStores = stores.documentStores();
        keyAuthentication = new KeyAuthentication(stores.keys, clock);
        // One throttle for every place a host-site password or second factor is asked for: the sign-in and the
        // links' login gates.
        LoginThrottle throttle = new LoginThrottle(stores.loginFailures, clock, LoginThrottle.ACCOUNT,
                LoginThrottle.ADDRESS);
        PasswordCheck passwords = new PasswordCheck(stores.users, throttle);
        signIns = new SignIns(config, stores, passwords, throttle, links);
        accounts = new Accounts(stores.users);
        apiKeys = new ApiKeys(stores.keys, stores.users, stores.teams);
        mailSender = new MailSender(db, Transports.fromConfig(config), stores.files::readIfStored, clock,
                this::signingLink, this::codeForMail);
        webhookUrls = new WebhookUrls(config.bool("webhooks.allow_private"));
        webhookDeliverer = new WebhookDeliverer(db, stores.webhooks,
                new WebhookSender(webhookUrls, Version.current(), clock), webhookWorkers, clock);
        webhooks = new Webhooks(db, stores.webhooks, webhookUrls, webhookDeliverer, clock, stores.teams);
        events = new WebhookEvents(db, stores.webhooks, clock,
                () -> scheduler.soon("webhooks", webhookDeliverer::runOnce));
        notify = new Notifications(new MailQueue(db, MessageTemplates.load(config.brand()), clock,
                () -> scheduler.soon("mail", mailSender::runOnce)), stores.users, wire, config.siteLanguage());
        Announcements announcements = new Announcements(notify, events);
        workflow = new Workflow(documentStores, stores.users, announcements);
        draftRecipients = new DraftRecipients(documentStores, workflow);
        documents = new Documents(documentStores, new StatsStore(db), workflow, events, wire,
                new SiteDefaults(config.bool("site.allow_delegation"), config.retention()), sealTimes);
        documentFiles = new DocumentFiles(documentStores, heavyWork);
        staging = new Staging(db, stores.staged, documents, stores.files, clock);
        templateFiles = new TemplateFiles(db, stores.templates, stores.templateFiles, stores.files, heavyWork, stores.teams);
        templates = new Templates(documentStores, stores.templates, templateFiles, documents, workflow);
        publicLinks = new PublicLinks(db, stores.publicLinks, templates, notify, stores.vault, links, clock,
                new PublicLinks.Limits(config.integer("public_links.per_link_per_day"),
                        config.integer("public_links.per_address_per_day"), config.integer("public_links.per_day")));
        bulkSends = new BulkSends(db, stores.bulkSends, templates, events, () -> wakeBulkSends(scheduler));
        bulkSendJob = new BulkSendJob(bulkSends, next -> scheduler.soon("bulk-sends", next));
        siteCertificate = SiteSeal.loading(config);
        sealer = SiteSeal.sealer(config, siteCertificate);
        completion = new Completion(documentStores, announcements, sealer, wire, links, sealTimes,
                config.brand().name());
        verification = new Verification(db, stores.documents, stores.signers, stores.audit, stores.retention,
                siteCertificate,
                heavyWork, parseBudget);
        sealRenewal = sealRenewal(stores, sealer);
        unlockSessions = InstanceSharing.unlockSessions(db, stores, clock);
        emailCodes = InstanceSharing.emailCodes(db, stores, notify, clock);
        linkUnlock = new LinkUnlock(documentStores, stores.users, passwords, unlockSessions, emailCodes, clock);
        PageImages pageImages = new PageImages(stores.files, tmpDir, heavyWork);
        signing = new Signing(documentStores, stores.users, workflow, announcements, linkUnlock, pageImages,
                config.zone(), id -> scheduler.soon("seal", () -> completion.seal(id)));
        editorPages = new EditorPages(documents, templates, pageImages);
        fileIntake = new FileIntake(new DocumentIntake(1000, 10_000), stores.files, heavyWork, parseBudget);
        attachments = new Attachments(documentStores, signing, linkUnlock, fileIntake);
        signerCopies = new SignerCopies(db, signing, linkUnlock, stores.fields, stores.signers, stores.audit,
                stores.files, heavyWork);
        idempotencyKeys = new IdempotencyKeys(db, stores.idempotency, clock,
                config.integer("idempotency.max_mb_per_key") * (1L << 20));
        queues = new Queues(db, stores.mailOutbox, stores.webhooks, stores.documents, clock);
        retention = retention(stores, events, config, wire);
        legalHolds = new LegalHolds(documentStores, stores.retention);
        people = people(stores, retention);
        teams = new Teams(db, stores.teams, stores.users);
        moves = new Moves(documentStores, stores.templates);
    }

    /** Renews sealed documents' evidence: the server's hourly job and the command line's {@code seals renew} alike. */
    static SealRenewal sealRenewal(Stores stores, Sealer sealer) {
        return new SealRenewal(stores.db, stores.documents, stores.audit, stores.files, stores.mailOutbox, sealer);
    }

    /** Purging what the site's retention lets go: the server's daily job and the command line's {@code retention run}. */
    static Retention retention(Stores stores, WebhookEvents events, Config config, Wire wire) {
        return new Retention(stores.documentStores(), stores.retention, events, config.retention(), wire);
    }

    /** A person's export and erasure: the administrator pages' and the command line's {@code people}. */
    static People people(Stores stores, Retention retention) {
        return new People(stores.documentStores(), new PeopleStore(stores.db), retention);
    }

    /** A bulk send just started has rows waiting: its job runs soon rather than at its next turn. */
    private void wakeBulkSends(Scheduler scheduler) {
        scheduler.soon("bulk-sends", bulkSendJob);
    }

    /** The signing link a mail to {@code recipient} carries, when they are still the signer's address. */
    private Optional<String> signingLink(long signer, String recipient) {
        return stores.signers.find(signer).filter(s -> s.email().equalsIgnoreCase(recipient)).map(links::signing);
    }

    /** The code a queued mail carries; asked when it is sent, long after the wiring is built. */
    private Optional<String> codeForMail(long ticket) {
        return emailCodes.forMail(ticket).or(() -> publicLinks.forMail(ticket));
    }
}
