package org.signet.service;

import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.logging.Logger;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.SealLevel;
import org.signet.error.Refusal;
import org.signet.evidence.Sealed;
import org.signet.evidence.Sealer;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.MailOutboxStore;
import org.signet.store.StoredFiles;

/**
 * Renews the evidence of a sealed document before its newest document timestamp's authority
 * certificate expires: fresh validation material and a new document timestamp are appended to the
 * sealed PDF, which is replaced only by a file that keeps every earlier byte as it was. Each renewal
 * is a {@code seal_renewed} audit event, and its SHA-256 joins the document's sealed revisions.
 */
public final class SealRenewal {
    private static final Logger LOG = Logger.getLogger("signet.completion");

    private final Database db;
    private final DocumentStore documents;
    private final AuditStore audit;
    private final StoredFiles files;
    private final MailOutboxStore outbox;
    private final Sealer sealer;

    public SealRenewal(Database db, DocumentStore documents, AuditStore audit, StoredFiles files, MailOutboxStore outbox,
            Sealer sealer) {
        this.db = db;
        this.documents = documents;
        this.audit = audit;
        this.files = files;
        this.outbox = outbox;
        this.sealer = sealer;
    }

    /**
     * Renews document {@code id}'s seal now; answers the SHA-256 of the renewed file, or empty when
     * another renewal replaced the file meanwhile (then that one stands).
     *
     * @throws Refusal when the document does not exist, is not sealed, or its seal has no document
     *     timestamp, or no time-stamp authority is configured
     * @throws IOException when an authority or responder gives nothing usable, or the renewal would
     *     change what was sealed
     */
    public Optional<String> renew(long id) throws IOException {
        Document d = renewable(id);
        long replaced = d.signedFileId();
        byte[] before = files.read(replaced);
        Sealed renewed = sealer.renew(before);
        requireIncrementalUpdate(before, renewed.pdf());
        StoredFiles.Saved saved = files.save(renewed.pdf());
        DocumentStore.SealedFile file = new DocumentStore.SealedFile(saved.id(), saved.sha256(), renewed.level(),
                d.seal().sealedAt(), renewed.evidenceExpiresAt().getEpochSecond());
        Replacement r = db.inTransaction(() -> {
            documents.lock(id);
            if (!documents.replaceSealedFile(id, replaced, file)) {
                return new Replacement(false, files.forget(saved.id()));
            }
            files.claim(saved.id());
            audit.record(id, "seal_renewed", Actor.system(), saved.sha256());
            // A message still waiting to go out sends the renewed file, which holds the one it named.
            outbox.moveAttachments(replaced, saved.id());
            return new Replacement(true, files.forget(replaced));
        });
        r.erase().ifPresent(files::erase);
        if (!r.renewed()) {
            return Optional.empty();
        }
        LOG.info("document " + id + " seal renewed");
        return Optional.of(saved.sha256());
    }

    /** Whether this renewal replaced the file, and the file whose bytes to erase after the commit. */
    private record Replacement(boolean renewed, Optional<String> erase) {}

    /** Refuses when no time-stamp authority is configured: without one no seal can be renewed. */
    public void requireAuthority() {
        if (!sealer.timestamps()) {
            throw Refusal.invalid("no_timestamp_authority",
                    "No time-stamp authority is configured (signing.tsa_urls), so no seal can be renewed.");
        }
    }

    private Document renewable(long id) {
        requireAuthority();
        Document d = documents.find(id).orElseThrow(() -> Refusal.notFound("Document"));
        if (d.signedFileId() == null) {
            throw Refusal.invalid("not_sealed", "Document " + id + " has no sealed PDF.");
        }
        if (d.seal().level() != SealLevel.B_LTA) {
            throw Refusal.invalid("not_timestamped", "Document " + id + " was sealed at "
                    + (d.seal().level() == null ? "an unknown level" : d.seal().level().wire())
                    + ", without a document timestamp to renew.");
        }
        return d;
    }

    /** The renewal must be the sealed file with something appended: every earlier byte as it was. */
    private static void requireIncrementalUpdate(byte[] before, byte[] after) throws IOException {
        if (after.length <= before.length || !Arrays.equals(before, 0, before.length, after, 0, before.length)) {
            throw new IOException("the renewed file does not keep the sealed file as it was; nothing replaced");
        }
    }
}
