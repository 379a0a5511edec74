package org.signet;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import org.signet.files.FileVault;
import org.signet.service.DocumentStores;
import org.signet.store.AccountEventStore;
import org.signet.store.AdminSessionStore;
import org.signet.store.PublicLinkStore;
import org.signet.store.ApiKeyStore;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.AuthenticatorStore;
import org.signet.store.BulkSendStore;
import org.signet.store.Database;
import org.signet.store.DocumentFileStore;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.IdempotencyStore;
import org.signet.store.LoginFailureStore;
import org.signet.store.MailOutboxStore;
import org.signet.store.MasterKeyCheck;
import org.signet.store.PasskeyStore;
import org.signet.store.RetentionStore;
import org.signet.store.SealedValues;
import org.signet.store.SignInChallengeStore;
import org.signet.store.SignerStore;
import org.signet.store.SignerTokens;
import org.signet.store.StagedFileStore;
import org.signet.store.StoredFiles;
import org.signet.store.TeamStore;
import org.signet.store.TemplateStore;
import org.signet.store.UserStore;
import org.signet.store.WebhookStore;

/**
 * The stores over one database, built once: the services share them, and the start-up recovery
 * ({@link Recovery}) works on the same ones. Building them reads nothing but the vault's key.
 */
final class Stores {
    final Database db;
    final Clock clock;
    final FileVault vault;
    final SignerTokens tokens;
    final SealedValues sealedValues;
    final UserStore users;
    final ApiKeyStore keys;
    final LoginFailureStore loginFailures;
    final AdminSessionStore adminSessions;
    final PasskeyStore passkeys;
    final SignInChallengeStore signInChallenges;
    final AuthenticatorStore authenticators;
    final AccountEventStore accountEvents;
    final PublicLinkStore publicLinks;
    final DocumentStore documents;
    final SignerStore signers;
    final FieldStore fields;
    final DocumentFileStore documentFiles;
    final AttachmentStore attachments;
    final AuditStore audit;
    final StoredFiles files;
    final StagedFileStore staged;
    final TemplateStore templates;
    final DocumentFileStore templateFiles;
    final BulkSendStore bulkSends;
    final WebhookStore webhooks;
    final MailOutboxStore mailOutbox;
    final IdempotencyStore idempotency;
    final RetentionStore retention;
    final TeamStore teams;

    private Stores(Database db, Clock clock, FileVault vault) {
        this.db = db;
        this.clock = clock;
        this.vault = vault;
        tokens = new SignerTokens(vault);
        sealedValues = new SealedValues(vault);
        users = new UserStore(db, clock);
        keys = new ApiKeyStore(db, clock);
        loginFailures = new LoginFailureStore(db);
        adminSessions = new AdminSessionStore(db);
        passkeys = new PasskeyStore(db);
        signInChallenges = new SignInChallengeStore(db);
        authenticators = new AuthenticatorStore(db, sealedValues, clock);
        accountEvents = new AccountEventStore(db, clock);
        publicLinks = new PublicLinkStore(db);
        documents = new DocumentStore(db, clock);
        signers = new SignerStore(db, clock, tokens);
        fields = new FieldStore(db, clock);
        documentFiles = new DocumentFileStore(db, clock);
        attachments = new AttachmentStore(db, clock);
        audit = new AuditStore(db, clock);
        files = new StoredFiles(db, vault, clock);
        staged = new StagedFileStore(db, clock);
        templates = new TemplateStore(db, clock);
        templateFiles = DocumentFileStore.forTemplates(db, clock);
        bulkSends = new BulkSendStore(db, clock);
        webhooks = new WebhookStore(db, sealedValues);
        mailOutbox = new MailOutboxStore(db);
        idempotency = new IdempotencyStore(db, sealedValues);
        retention = new RetentionStore(db, clock);
        teams = new TeamStore(db, clock);
    }

    /** The stores one document's state spans, as the services that change documents take them. */
    DocumentStores documentStores() {
        return new DocumentStores(db, documents, signers, fields, attachments, audit, files, documentFiles, teams);
    }

    /**
     * The stores of {@code db}, whose files the vault of the data folder {@code dataDir} keeps. The vault is
     * checked first: a key the database does not know would write what no other Signet could read.
     */
    static Stores open(Database db, Path dataDir, Clock clock) throws IOException {
        return new Stores(db, clock, MasterKeyCheck.openVault(db, dataDir, clock));
    }
}
