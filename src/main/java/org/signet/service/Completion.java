package org.signet.service;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.AuditEvent;
import org.signet.domain.Document;
import org.signet.domain.DocumentFile;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.FileLayout;
import org.signet.domain.Language;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.evidence.Sealed;
import org.signet.evidence.Sealer;
import org.signet.pdf.finish.CertificateData;
import org.signet.pdf.finish.FinalPdfBuilder;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentFileStore;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.text.Messages;
import org.signet.text.Wire;

/**
 * Seals a completed document: every value drawn in place, the certificate of completion,
 * the PAdES signature (with timestamps and validation material when a time-stamp authority is
 * configured), then the signed file and the emails in one transaction (the audit event
 * {@code document_completed} is recorded by {@link Signing} when the last party signs).
 * It runs after the request that completed the document; a failure is counted, logged with its cause
 * and retried with backoff by {@link #sealPending()}; when retries are used up the document says
 * seal_status "failed" and its owner is emailed, never a silent loop. Whichever instance finds a document
 * due seals it, after taking it for {@link #CLAIM}: the one that completed it right away, or any other
 * later, should that one stop first.
 */
public final class Completion {
    private static final Logger LOG = Logger.getLogger("signet.completion");
    /** The certificate of completion is written in the base language, whoever the parties are. */
    private static final Messages CERTIFICATE_WORDS = Messages.of("pdf/certificate", Language.BASE);

    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final DocumentFileStore documentFiles;
    private final AttachmentStore attachments;
    private final AuditStore audit;
    private final StoredFiles files;
    private final Notifications notify;
    private final WebhookEvents events;
    private final Sealer sealer;
    private final Wire wire;
    private final Links links;
    private final String siteName;
    private final Set<Long> inProgress = ConcurrentHashMap.newKeySet();
    private final DocumentAccess access;
    private final DetectedFields detected;
    private final LongAdder failedAttempts = new LongAdder();
    private final SealTimes sealTimes;
    /**
     * How long an instance holds a document it is sealing: longer than a seal takes, so that no other
     * builds it meanwhile; once it runs out (the instance stopped), another seals the document.
     */
    static final Duration CLAIM = Duration.ofMinutes(5);
    /** The waits after failed sealing attempts; one more failure after the last marks the seal failed. */
    static final List<Duration> RETRY_DELAYS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(6));

    public Completion(DocumentStores s, Announcements out, Sealer sealer, Wire wire, Links links, SealTimes sealTimes,
            String siteName) {
        this.db = s.db();
        this.sealTimes = sealTimes;
        this.documents = s.documents();
        this.signers = s.signers();
        this.fields = s.fields();
        this.documentFiles = s.documentFiles();
        this.attachments = s.attachments();
        this.audit = s.audit();
        this.files = s.files();
        this.notify = out.mail();
        this.siteName = siteName;
        this.events = out.events();
        this.sealer = sealer;
        this.wire = wire;
        this.links = links;
        this.access = new DocumentAccess(s);
        this.detected = new DetectedFields(s);
    }

    /** Seals every completed document whose next sealing attempt is due; returns how many were sealed. */
    public int sealPending() {
        long now = documents.now();
        int sealed = 0;
        for (long id : documents.dueForSealing(now, 100)) {
            if (Thread.currentThread().isInterrupted()) {
                break; // Signet is stopping: the rest stay due for the next start
            }
            if (seal(id, now)) {
                sealed++;
            }
        }
        return sealed;
    }

    /**
     * Seals a completed document again now, its earlier failures forgotten (a failed seal is
     * retryable); 400 invalid_state when the document is not completed or already sealed. Answers
     * whether this attempt sealed it.
     */
    public boolean retry(Principal p, long documentId) {
        db.inTransaction(() -> {
            Document d = access.require(p, documentId);
            if (d.status() != DocumentStatus.COMPLETED || d.signedFileId() != null || !documents.retrySealing(d.id())) {
                throw Refusal.invalid("invalid_state",
                        "Only a completed document without its sealed PDF can be sealed again.");
            }
        });
        return seal(documentId);
    }

    /**
     * Seals one document if it is completed and unsealed, an attempt is due now, and no other instance
     * is sealing it (see {@link #CLAIM}); false when not needed, not due, taken, or when it failed. The
     * seal started right after the last signature can run late, after the periodic job has made and
     * counted the first attempt: then it waits for the retry as the job does.
     */
    public boolean seal(long documentId) {
        return seal(documentId, documents.now());
    }

    /**
     * As {@link #seal(long)}, while an attempt is still due by {@code dueBy}: another sealer may have
     * made (and counted) the attempt between the moment the due documents were listed and this one.
     */
    private boolean seal(long documentId, long dueBy) {
        if (!inProgress.add(documentId)) {
            return false;
        }
        try {
            long now = documents.now();
            if (!documents.claimSealing(documentId, now, now + CLAIM.toSeconds(), dueBy)) {
                return false; // sealed, no longer due, or being sealed by another instance
            }
            Document d = documents.find(documentId).orElse(null);
            if (d == null || d.status() != DocumentStatus.COMPLETED || d.signedFileId() != null) {
                return false;
            }
            long started = System.nanoTime();
            Sealed sealed = build(d);
            StoredFiles.Saved saved = files.save(sealed.pdf());
            finish(d, saved, sealed);
            sealTimes.record((System.nanoTime() - started) / 1_000_000);
            return true;
        } catch (IOException | RuntimeException e) {
            failed(documentId, e);
            return false;
        } finally {
            inProgress.remove(documentId);
        }
    }

    /**
     * Counts the failed attempt and schedules the next after about 1 min, 5 min, 30 min, 2 h and 6 h;
     * after that the document shows seal_status "failed" and its owner is told, once.
     */
    private void failed(long documentId, Exception e) {
        failedAttempts.increment();
        String error = shortError(e);
        try {
            db.inTransaction(() -> {
                Document d = documents.find(documentId).orElse(null);
                int attempt = d == null ? 0 : d.seal().attempts() + 1;
                boolean givingUp = attempt > RETRY_DELAYS.size();
                Long retryAt = givingUp || d == null ? null : documents.now() + RETRY_DELAYS.get(attempt - 1).toSeconds();
                if (d != null && documents.sealFailed(documentId, error, retryAt) > 0 && givingUp) {
                    notify.sealFailed(d, error);
                }
                LOG.log(Level.WARNING, "sealing document " + documentId + " failed on attempt " + attempt
                        + (givingUp ? "; no more attempts" : "; it will be retried"), e);
            });
        } catch (RuntimeException recording) {
            LOG.log(Level.WARNING, "sealing document " + documentId + " failed and the failure could not be recorded", e);
        }
    }

    /** Sealing attempts that failed since start, to be retried or for good. */
    public long failedAttempts() {
        return failedAttempts.sum();
    }

    /** One line for the document response and the owner's email: what went wrong, never a stack trace. */
    private static String shortError(Exception e) {
        String text = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        text = text.replaceAll("\\s+", " ").strip();
        return text.length() <= 300 ? text : text.substring(0, 299) + "…";
    }

    private Sealed build(Document d) throws IOException {
        List<Signer> parties = signers.forDocument(d.id());
        List<Field> all = fields.forDocument(d.id());
        PlacedValues.Split values = PlacedValues.split(all, detected.ofDocument(d.id()), signers);
        List<FieldAttachment> attached = attachments.forDocument(d.id());
        List<byte[]> appended = new ArrayList<>();
        for (FieldAttachment a : attached) {
            appended.add(files.read(a.pdfFileId()));
        }
        byte[] unsigned = FinalPdfBuilder.build(files.read(d.pdfFileId()), values.painted(), values.filled(), appended,
                certificateData(d, parties).withAttachments(listed(attached, all, parties))
                        .withFiles(listed(new FileLayout(documentFiles.forDocument(d.id())))));
        long completedAt = d.completedAt() == null ? documents.now() : d.completedAt();
        return sealer.seal(unsigned, "All parties signed with " + siteName, siteName, Instant.ofEpochSecond(completedAt));
    }

    private CertificateData certificateData(Document d, List<Signer> parties) {
        List<CertificateData.Party> ps = parties.stream().map(s -> new CertificateData.Party(s.name(), s.email(),
                s.role().wire(), outcome(s), s.signatureIp(), s.signatureUserAgent(), at(s.invitedAt()),
                at(s.viewedAt()), at(s.signedAt()))).toList();
        Map<String, String> names = new HashMap<>();
        parties.forEach(s -> names.put(s.email().toLowerCase(Locale.ROOT), s.name()));
        List<CertificateData.Event> events = audit.list(d.id()).stream().map(e -> event(e, names)).toList();
        String origin = d.templateId() == null ? null : "template " + d.templateId();
        return new CertificateData(d.title(), Wire.id(d.id()), d.fileHash(), at(d.completedAt()), origin,
                links.site() + "/verify", wire.zone(), ps, events, siteName, CERTIFICATE_WORDS::get);
    }

    /**
     * The certificate's block for each of the document's files, by its name, its pages in the sealed PDF
     * and its original's SHA-256; none for a document of one file, which the original's digest names.
     */
    private static List<CertificateData.DocumentFile> listed(FileLayout layout) {
        if (layout.files().size() < 2) {
            return List.of();
        }
        List<CertificateData.DocumentFile> out = new ArrayList<>();
        int first = 1;
        for (DocumentFile f : layout.files()) {
            String name = DrawableText.drawablePart(f.originalFilename());
            out.add(new CertificateData.DocumentFile(name.isBlank() ? "-" : name, first, first + f.totalPages() - 1,
                    f.fileHash()));
            first += f.totalPages();
        }
        return out;
    }

    /** The certificate's line for each attached file: the field's name (or type and id), its signer, name and digest. */
    private static List<CertificateData.Attachment> listed(List<FieldAttachment> attached, List<Field> all,
            List<Signer> parties) {
        return attached.stream().map(a -> {
            String field = all.stream().filter(f -> f.id() == a.fieldId()).map(Field::name).filter(n -> !n.isBlank())
                    .findFirst().orElse("attachment " + Wire.id(a.fieldId()));
            String signer = parties.stream().filter(p -> p.id() == a.signerId()).map(p -> p.name() + " <" + p.email() + ">")
                    .findFirst().orElse(null);
            String name = DrawableText.drawablePart(a.filename());
            return new CertificateData.Attachment(field, signer, name.isBlank() ? "attachment." + a.kind().wire() : name,
                    a.sha256());
        }).toList();
    }

    private static Instant at(Long epochSeconds) {
        return epochSeconds == null ? null : Instant.ofEpochSecond(epochSeconds);
    }

    /** An approver's "signed" is an approval and "declined" a rejection, as the certificate says them. */
    private static String outcome(Signer s) {
        if (s.role() == Signer.Role.APPROVER) {
            return switch (s.status()) {
                case SIGNED -> "approved";
                case DECLINED -> "rejected";
                default -> s.status().wire();
            };
        }
        return s.status().wire();
    }

    /**
     * An invitation or reminder is recorded under whoever caused it (often the previous party, whose
     * signature opened the next group); the certificate names the party it went to instead. A shown
     * signing link names both: the user who took it and the party it lets act.
     */
    private CertificateData.Event event(AuditEvent e, Map<String, String> namesByEmail) {
        String actor = e.signerName() != null ? e.signerName()
                : e.apiKeyId() != null ? "API key " + e.apiKeyId()
                : e.userId() != null ? "User " + e.userId() : siteName;
        String party = e.detail() == null ? null
                : namesByEmail.getOrDefault(e.detail().toLowerCase(Locale.ROOT), e.detail());
        if ((e.action().equals("invitation_sent") || e.action().equals("reminder_sent")) && party != null) {
            actor = "to " + party;
        } else if (e.action().equals("signing_link_shown") && party != null) {
            actor = actor + ", link of " + party;
        } else if (e.action().equals("signer_verified") && e.detail() != null) {
            actor = actor + " (" + e.detail() + ")";
        }
        return new CertificateData.Event(at(e.createdAt()), e.action(), actor, e.ipAddress());
    }

    private static DocumentStore.SealedFile stored(StoredFiles.Saved saved, Sealed sealed) {
        Long evidenceExpiresAt = sealed.evidenceExpiresAt() == null ? null : sealed.evidenceExpiresAt().getEpochSecond();
        return new DocumentStore.SealedFile(saved.id(), saved.sha256(), sealed.level(), sealed.sealedAt().getEpochSecond(),
                evidenceExpiresAt);
    }

    /** Records the sealed file and queues the emails; a concurrent sealer's duplicate is discarded. */
    private void finish(Document d, StoredFiles.Saved saved, Sealed sealed) {
        // A concurrent sealer won: forget our copy's key in the transaction, erase its bytes after.
        java.util.Optional<String> duplicate = db.inTransaction(() -> {
            Document now = documents.find(d.id()).orElse(null);
            if (now == null || now.signedFileId() != null) {
                return files.forget(saved.id());
            }
            documents.markCompleted(d.id(), stored(saved, sealed));
            files.claim(saved.id());
            // Receivers hear of completion only now, so the sealed file is there to download at once.
            events.document(now, "document.completed", Map.of("signed_file_hash", saved.sha256()));
            // One copy per address: the owner may also be a party.
            Set<String> sent = new HashSet<>();
            for (Signer s : signers.forDocument(d.id())) {
                if (sent.add(s.email().toLowerCase(Locale.ROOT))) {
                    notify.completed(now, s, saved.id());
                }
            }
            User owner = notify.owner(now);
            if (sent.add(owner.email().toLowerCase(Locale.ROOT))) {
                notify.completedToOwner(now, owner, saved.id());
            }
            return java.util.Optional.<String>empty();
        });
        duplicate.ifPresentOrElse(files::erase, () -> LOG.info("document " + d.id() + " sealed"));
    }
}
