package org.signet.service;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.AuditEvent;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Field;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.pdf.CertificateData;
import org.signet.pdf.FinalPdfBuilder;
import org.signet.pdf.PdfSealer;
import org.signet.pdf.PlacedValue;
import org.signet.pdf.SiteCertificate;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.text.Wire;

/**
 * Seals a completed document (S8): every value drawn in place, the certificate of completion,
 * the PAdES signature, then the signed file and the emails in one transaction (the audit event
 * {@code document_completed} is recorded by {@link Signing} when the last party signs).
 * It runs after the request that completed the document; a failure is logged and retried by
 * {@link #sealPending()}, so a completed document is never left without its final PDF.
 */
public final class Completion {
    private static final Logger LOG = Logger.getLogger("signet.completion");

    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final AuditStore audit;
    private final StoredFiles files;
    private final Notifications notify;
    private final WebhookEvents events;
    private final SiteCertificate certificate;
    private final Wire wire;
    private final Set<Long> inProgress = ConcurrentHashMap.newKeySet();

    public Completion(Database db, DocumentStore documents, SignerStore signers, FieldStore fields, AuditStore audit,
            StoredFiles files, Notifications notify, WebhookEvents events, SiteCertificate certificate, Wire wire) {
        this.db = db;
        this.documents = documents;
        this.signers = signers;
        this.fields = fields;
        this.audit = audit;
        this.files = files;
        this.notify = notify;
        this.events = events;
        this.certificate = certificate;
        this.wire = wire;
    }

    /** Seals every completed document that has no final PDF yet; returns how many were sealed. */
    public int sealPending() {
        int sealed = 0;
        for (long id : documents.completedUnsealed()) {
            if (seal(id)) {
                sealed++;
            }
        }
        return sealed;
    }

    /** Seals one document if it is completed and unsealed; false when not needed or when it failed. */
    public boolean seal(long documentId) {
        if (!inProgress.add(documentId)) {
            return false;
        }
        try {
            Document d = documents.find(documentId).orElse(null);
            if (d == null || d.status() != DocumentStatus.COMPLETED || d.signedFileId() != null) {
                return false;
            }
            byte[] sealed = build(d);
            StoredFiles.Saved saved = files.save(sealed);
            finish(d, saved);
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "sealing document " + documentId + " failed; it will be retried", e);
            return false;
        } finally {
            inProgress.remove(documentId);
        }
    }

    private byte[] build(Document d) throws IOException {
        List<Signer> parties = signers.forDocument(d.id());
        List<PlacedValue> values = new ArrayList<>();
        for (Field f : fields.forDocument(d.id())) {
            placed(f).ifPresent(values::add);
        }
        byte[] unsigned = FinalPdfBuilder.build(files.read(d.pdfFileId()), values, certificateData(d, parties));
        long completedAt = d.completedAt() == null ? documents.now() : d.completedAt();
        return new PdfSealer(certificate).seal(unsigned, "All parties signed with Signet", "Signet",
                Instant.ofEpochSecond(completedAt));
    }

    private java.util.Optional<PlacedValue> placed(Field f) {
        byte[] image = null;
        if (f.type().image()) {
            image = signers.image(f.signerId(), f.type().wire()).orElse(null);
            if (image == null) {
                return java.util.Optional.empty();
            }
        } else if (f.value().isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new PlacedValue(f.pageNumber(), (float) f.x(), (float) f.y(), (float) f.width(),
                (float) f.height(), f.type().wire(), f.value(), image, f.fontSize()));
    }

    private CertificateData certificateData(Document d, List<Signer> parties) {
        List<CertificateData.Party> ps = parties.stream().map(s -> new CertificateData.Party(s.name(), s.email(),
                s.role().wire(), s.status().wire(), s.signatureIp(), s.signatureUserAgent(), wire.time(s.invitedAt()),
                wire.time(s.viewedAt()), wire.time(s.signedAt()))).toList();
        List<CertificateData.Event> events = audit.list(d.id()).stream().map(this::event).toList();
        return new CertificateData(d.title(), Wire.id(d.id()), d.fileHash(), wire.time(d.completedAt()), ps, events);
    }

    private CertificateData.Event event(AuditEvent e) {
        String actor = e.signerName() != null ? e.signerName()
                : e.apiKeyId() != null ? "API key " + e.apiKeyId() : "Signet";
        return new CertificateData.Event(wire.time(e.createdAt()), e.action(), actor, e.ipAddress());
    }

    /** Records the sealed file and queues the emails; a concurrent sealer's duplicate is discarded. */
    private void finish(Document d, StoredFiles.Saved saved) {
        // A concurrent sealer won: forget our copy's key in the transaction, erase its bytes after.
        java.util.Optional<String> duplicate = db.inTransaction(() -> {
            Document now = documents.find(d.id()).orElse(null);
            if (now == null || now.signedFileId() != null) {
                return files.forget(saved.id());
            }
            documents.markCompleted(d.id(), saved.id(), saved.sha256());
            // Receivers hear of completion only now, so the sealed file is there to download at once.
            events.document(now, "document.completed", Map.of("signed_file_hash", saved.sha256()));
            // One copy per address: the owner may also be a party.
            Set<String> sent = new HashSet<>();
            for (Signer s : signers.forDocument(d.id())) {
                if (sent.add(s.email().toLowerCase(Locale.ROOT))) {
                    notify.completed(now, s.email(), s.name(), saved.id());
                }
            }
            User owner = notify.owner(now);
            if (sent.add(owner.email().toLowerCase(Locale.ROOT))) {
                notify.completed(now, owner.email(), owner.name(), saved.id());
            }
            return java.util.Optional.<String>empty();
        });
        duplicate.ifPresentOrElse(files::erase, () -> LOG.info("document " + d.id() + " sealed"));
    }
}
