package org.signet.service;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.LongStream;
import org.signet.domain.Actor;
import org.signet.domain.AuditEvent;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.DocumentFile;
import org.signet.domain.DocumentList;
import org.signet.domain.DocumentPatch;
import org.signet.domain.DocumentQuery;
import org.signet.domain.DocumentStatus;
import org.signet.domain.ExternalRef;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.FileLayout;
import org.signet.domain.ListScope;
import org.signet.domain.NewDocument;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentFileStore;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StatsStore;
import org.signet.store.StoredFiles;
import org.signet.text.FileNames;
import org.signet.text.Wire;

/**
 * Documents as their owners see them: list, read, create, update, delete, download, audit
 * trail and statistics. Each call checks ownership and does its reads and writes in one
 * transaction, a change together with its audit event.
 */
public final class Documents {
    private final Database db;
    private final RecentDetails recentDetails = new RecentDetails();
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final DocumentFileStore documentFiles;
    private final AttachmentStore attachments;
    private final StoredFiles files;
    private final AuditStore audit;
    private final StatsStore stats;
    private final Workflow workflow;
    private final WebhookEvents events;
    private final DocumentAccess access;
    private final DetectedFields detected;
    private final Wire wire;
    private final SiteDefaults defaults;
    private final SealTimes sealTimes;
    private final CompletionCertificates certificates;

    /** A file to hand out: its name and type for the client, its size, and how to read it. */
    public record Download(String filename, String mediaType, long size, Opener opener) {
        public InputStream open() throws IOException {
            return opener.open();
        }
    }

    /** Opens a stored file's plaintext. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    /** The audit trail of one document and whether its hash chain is intact. */
    public record Trail(Document document, List<AuditEvent> events, boolean chainValid) {}

    public Documents(DocumentStores s, StatsStore stats, Workflow workflow, WebhookEvents events, Wire wire,
            SiteDefaults defaults, SealTimes sealTimes) {
        this.db = s.db();
        this.sealTimes = sealTimes;
        this.documents = s.documents();
        this.signers = s.signers();
        this.fields = s.fields();
        this.documentFiles = s.documentFiles();
        this.attachments = s.attachments();
        this.files = s.files();
        this.audit = s.audit();
        this.stats = stats;
        this.workflow = workflow;
        this.events = events;
        this.access = new DocumentAccess(s);
        this.detected = new DetectedFields(s);
        this.wire = wire;
        this.defaults = defaults;
        this.certificates = new CompletionCertificates(s);
    }

    /**
     * One page of the documents the principal may see: their own, or everyone's for an administrator;
     * the total and the page from one snapshot, so they agree.
     */
    public DocumentList list(Principal p, DocumentStatus status, String search, int page, int perPage) {
        return list(p, status, search, null, page, perPage);
    }

    /**
     * As {@link #list}, narrowed to the documents the client gave {@code externalId} (null: any). A
     * client's ids are its own: that lookup sees the caller's own documents only, an administrator's too.
     */
    public DocumentList list(Principal p, DocumentStatus status, String search, String externalId, int page,
            int perPage) {
        return list(p, null, status, search, externalId, page, perPage);
    }

    /**
     * As {@link #list}, within team {@code teamId} (for anyone in it) or, for null, the caller's own documents
     * and their teams' (a team key's: its team's); an external id is looked up among those the caller made,
     * or the team's.
     */
    public DocumentList list(Principal p, Long teamId, DocumentStatus status, String search, String externalId,
            int page, int perPage) {
        return db.read(() -> {
            ListScope scope = access.ownership().scope(p, teamId, TeamRole.VIEWER);
            Long owner = externalId != null && scope.teamId() == null ? Long.valueOf(p.userId()) : null;
            return documents.list(new DocumentQuery(owner, status, search, externalId, page, perPage, scope));
        });
    }

    /**
     * The caller's personal documents alone, none of a team's: the administrator pages' "Personal" list. A team's
     * key has no personal documents.
     */
    public DocumentList listPersonal(Principal p, DocumentStatus status, String search, int page, int perPage) {
        if (p.actsForTeam()) {
            return new DocumentList(List.of(), 0);
        }
        return documents.list(new DocumentQuery(null, status, search, null, page, perPage, ListScope.personal(p.userId())));
    }

    /** The document with its signers and fields, read in one consistent snapshot. */
    /**
     * One document with its signers and fields. Reads that nothing has changed since are answered
     * from {@link RecentDetails}; the ownership rule is applied to every caller all the same.
     */
    public DocumentDetail detail(Principal p, long id) {
        if (db.inTransactionNow()) {
            return detailOf(access.read(p, id));
        }
        long writesEnded = db.writesEnded();
        DocumentDetail recent = recentDetails.get(id, writesEnded);
        if (recent != null) {
            access.check(p, recent.document());
            return recent;
        }
        DocumentDetail read = db.read(() -> detailOf(access.read(p, id)));
        recentDetails.put(writesEnded, read);
        return read;
    }

    public List<Signer> signers(Principal p, long id) {
        return db.read(() -> signers.forDocument(access.read(p, id).id()));
    }

    /**
     * The fields found in the document's file, each for the signer its number maps to, in the save shape;
     * see {@link DetectedFields#assigned}.
     */
    public List<Map<String, Object>> detectedFields(Principal p, long id, Map<Integer, Long> signerOf) {
        return detected.assigned(p, id, signerOf);
    }

    /** The fields found in the document's file when it was uploaded, in the save shape, each naming its signer number. */
    public List<Map<String, Object>> foundFields(Principal p, long id) {
        return db.read(() -> detected.ofDocument(access.require(p, id).id()));
    }

    /** The document's fields and the files attached to its attachment fields, read together. */
    public DocumentDetail fields(Principal p, long id) {
        return db.read(() -> detailOf(access.read(p, id)));
    }

    private Map<Long, FieldAttachment> attachedTo(long documentId) {
        Map<Long, FieldAttachment> byField = new LinkedHashMap<>();
        attachments.forDocument(documentId).forEach(a -> byField.put(a.fieldId(), a));
        return byField;
    }

    public Map<String, Long> stats(Principal p) {
        return stats(p, null);
    }

    /** The counters of team {@code teamId}'s documents, or for null of the documents {@link #list} shows the caller. */
    public Map<String, Long> stats(Principal p, Long teamId) {
        return db.read(() -> stats.countsIn(access.ownership().scope(p, teamId, TeamRole.VIEWER)));
    }

    /**
     * Completions per day over the {@code days} days up to {@code today} in {@code zone}, oldest first,
     * days without any included as zero; documents the principal may see, as {@link #stats}.
     */
    public Map<LocalDate, Long> completionsPerDay(Principal p, LocalDate today, int days, ZoneId zone) {
        return completionsPerDay(p, null, today, days, zone);
    }

    /** As {@link #completionsPerDay}, for team {@code teamId}'s documents (null: as {@link #stats}). */
    public Map<LocalDate, Long> completionsPerDay(Principal p, Long teamId, LocalDate today, int days, ZoneId zone) {
        ListScope scope = db.read(() -> access.ownership().scope(p, teamId, TeamRole.VIEWER));
        LocalDate first = today.minusDays(days - 1L);
        Map<LocalDate, Long> perDay = new LinkedHashMap<>();
        for (LocalDate d = first; !d.isAfter(today); d = d.plusDays(1)) {
            perDay.put(d, 0L);
        }
        long since = first.atStartOfDay(zone).toEpochSecond();
        for (long at : stats.completedSince(scope, since)) {
            perDay.computeIfPresent(Instant.ofEpochSecond(at).atZone(zone).toLocalDate(), (d, n) -> n + 1);
        }
        return perDay;
    }

    /** Document {@code id}'s files in order, in the caller's transaction or read. */
    List<DocumentFile> files(long id) {
        return documentFiles.forDocument(id);
    }

    /**
     * Puts {@code more}, already stored and claimed, after new draft {@code d}'s first file, with
     * {@code joinedPdf} (all of them joined) as the PDF its parties see: a draft made from a template of
     * several files. In the caller's transaction.
     */
    Document appendFiles(Document d, List<DocumentFile> more, long joinedPdf) {
        List<DocumentFile> all = new ArrayList<>(documentFiles.forDocument(d.id()));
        more.forEach(f -> all.add(documentFiles.append(f.of(d.id()))));
        return documents.changeFiles(d.id(), new FileLayout(all), joinedPdf);
    }

    /** Keeps fields found in a staged file, as the JSON array stored with it, for the document made from it. */
    void keepDetected(long documentId, String detectedJson) {
        detected.recordJson(documentId, detectedJson);
    }

    /**
     * A new personal draft of {@code ownerId}'s from an accepted file, with its {@code document_created} event;
     * its title is {@code draft}'s, whose team is not looked at (see {@link #create(Principal, AcceptedFile,
     * DraftDetails, Actor)}).
     */
    public Document create(long ownerId, AcceptedFile file, DraftDetails draft, Actor actor) {
        return create(ownerId, file, draft.forTeam(null), null, actor);
    }

    /**
     * A new draft of {@code p}'s, in the team {@code draft} names (where {@code p} is a member, not a viewer)
     * or, for none, {@code p}'s own (a team key's: its team's).
     */
    public Document create(Principal p, AcceptedFile file, DraftDetails draft, Actor actor) {
        return db.inTransaction(() -> create(p.userId(), file, draft.forTeam(teamForNew(p, draft.teamId())), null,
                actor));
    }

    /** The team a new document or template of {@code p}'s goes to; see {@link Ownership#teamForNew}. */
    Long teamForNew(Principal p, Long teamId) {
        return access.ownership().teamForNew(p, teamId, TeamRole.MEMBER);
    }

    /** As {@link #create}, for a document made from template {@code templateId}, which its trail names. */
    Document create(long ownerId, AcceptedFile file, DraftDetails draft, Long templateId, Actor actor) {
        boolean delegation = defaults.allowDelegation(draft.allowDelegation());
        return db.inTransaction(() -> {
            Document d = documents.insert(new NewDocument(ownerId, draft.title(), file.originalFilename(),
                    file.kind().mediaType(), file.totalPages(), file.pages(), file.originalFileId(), file.pdfFileId(),
                    file.fileHash(), draft.expiresAt(), draft.reminderIntervalDays(), templateId, draft.ref(),
                    delegation, draft.teamId()));
            files.claim(file.originalFileId(), file.pdfFileId());
            detected.recordForDocument(d.id(), file.detected());
            List<String> notes = new ArrayList<>();
            if (templateId != null) {
                notes.add("from template " + templateId);
            }
            if (file.removalNote() != null) {
                notes.add(file.removalNote());
            }
            audit.record(d.id(), "document_created", actor, notes.isEmpty() ? null : String.join("; ", notes));
            events.document(d, "document.created");
            return d;
        });
    }

    /**
     * Applies a PUT: new details with a {@code document_updated} event naming what changed, then
     * the status change through the workflow, all or nothing; answers the document as it now is.
     */
    public DocumentDetail update(Principal p, long id, DocumentPatch patch, Actor actor) {
        return db.inTransaction(() -> {
            Document d = access.require(p, id);
            DocumentStatus to = patch.status() == null || patch.status() == d.status() ? null
                    : requireUpdatable(d, patch.status());
            Map<String, Object> changed = changes(d, patch);
            if (!changed.isEmpty()) {
                d = documents.updateDetails(d.id(), Objects.requireNonNullElse(patch.title(), d.title()),
                        patch.setsExpiry() ? patch.expiresAt() : d.expiresAt(),
                        patch.setsReminder() ? patch.reminderIntervalDays() : d.reminderIntervalDays(),
                        Objects.requireNonNullElse(patch.allowDelegation(), d.allowDelegation()));
                if (changed.containsKey("retention_days")) {
                    documents.setRetentionDays(d.id(), patch.retentionDays());
                    d = documents.find(d.id()).orElseThrow();
                }
                audit.record(d.id(), "document_updated", actor, Json.write(changed));
            }
            d = applyRef(d, patch, actor);
            if (to != null) {
                d = workflow.changeStatus(d, to, actor);
            }
            return detailOf(d);
        });
    }

    /**
     * What the patch changes, by wire name and new value. The title is part of what the parties signed
     * (the certificate of completion prints it), so it is frozen once anyone has signed, approved or
     * declined. The expiry and the reminder interval are not part of it: an open document's expiry may
     * still be extended.
     */
    private Map<String, Object> changes(Document d, DocumentPatch patch) {
        Map<String, Object> changed = new LinkedHashMap<>();
        if (patch.title() != null && !patch.title().equals(d.title())) {
            if (signers.forDocument(d.id()).stream().anyMatch(Signer::acted)) {
                throw Workflow.invalidState("The title cannot change once someone has signed or approved the document.");
            }
            changed.put("title", patch.title());
        }
        if (patch.setsExpiry() && !Objects.equals(patch.expiresAt(), d.expiresAt())) {
            if (d.status().terminal()) {
                throw Refusal.invalidParam("expires_at", "expires_at cannot change once the document is "
                        + d.status().wire() + ".");
            }
            changed.put("expires_at", wire.time(patch.expiresAt()));
        }
        if (patch.setsReminder() && !Objects.equals(patch.reminderIntervalDays(), d.reminderIntervalDays())) {
            changed.put("reminder_interval_days", patch.reminderIntervalDays());
        }
        // Who may act stays the owner's to decide while the document is out: it may change in any state.
        if (patch.allowDelegation() != null && patch.allowDelegation() != d.allowDelegation()) {
            changed.put("allow_delegation", patch.allowDelegation());
        }
        if (patch.setsRetention() && !Objects.equals(patch.retentionDays(), d.retentionDays())) {
            if (patch.retentionDays() != null) {
                defaults.retention().refusal(patch.retentionDays()).ifPresent(why -> {
                    throw Refusal.invalidParam("retention_days", why);
                });
            }
            changed.put("retention_days", patch.retentionDays());
        }
        return changed;
    }

    /**
     * Sets the client's handle as the patch asks. It is the client's bookkeeping, not part of what was
     * signed, so it may change in any state; the trail says what changed, not to what: the values are
     * the client's business.
     */
    private Document applyRef(Document d, DocumentPatch patch, Actor actor) {
        ExternalRef now = d.ref();
        ExternalRef next = new ExternalRef(patch.setsExternalId() ? patch.externalId() : now.externalId(),
                patch.metadata() != null ? patch.metadata() : now.metadata());
        Map<String, Object> which = new LinkedHashMap<>();
        if (!Objects.equals(next.externalId(), now.externalId())) {
            which.put("external_id", "changed");
        }
        if (!next.metadata().equals(now.metadata())) {
            which.put("metadata", "changed");
        }
        if (which.isEmpty()) {
            return d;
        }
        audit.record(d.id(), "document_updated", actor, Json.write(which));
        return documents.updateRef(d.id(), next);
    }

    /**
     * Deletes rows, destroys the files' keys, keeps a tombstone; then erases the encrypted bytes. A document under
     * a legal hold is kept: 409 {@code document_held} until the hold is released.
     */
    public void delete(Principal p, long id) {
        delete(p, id, false);
    }

    /**
     * As {@link #delete(Principal, long)}, for a draft only, as the administrator pages offer it: a document that
     * went out is refused with 400 {@code invalid_state} and kept, whatever it holds, until it is recalled.
     */
    public void deleteDraft(Principal p, long id) {
        delete(p, id, true);
    }

    private void delete(Principal p, long id, boolean draftOnly) {
        List<String> erase = db.inTransaction(() -> {
            Document d = access.require(p, id);
            if (draftOnly && d.status() != DocumentStatus.DRAFT) {
                throw Workflow.invalidState("Only a draft can be deleted here; this document is " + d.status().wire()
                        + ".");
            }
            if (documents.held(d.id())) {
                throw Refusal.conflict("document_held", "The document is under a legal hold; release the hold "
                        + "before deleting it.");
            }
            // Read before the rows go: deleting the document deletes its attachments' rows with it.
            List<Long> fileIds = fileIds(d);
            attachments.forDocument(d.id()).forEach(a -> LongStream.of(a.fileIds()).forEach(fileIds::add));
            if (!documents.delete(d)) {
                throw Refusal.notFound("Document");
            }
            events.document(d, "document.deleted");
            List<String> names = new ArrayList<>();
            for (Long fileId : fileIds) {
                files.forget(fileId).ifPresent(names::add);
            }
            return names;
        });
        erase.forEach(files::erase);
    }

    /** Every stored file the document owns, each once: its files' originals and PDFs, the joined PDF, the sealed one. */
    private List<Long> fileIds(Document d) {
        Set<Long> ids = new LinkedHashSet<>();
        ids.add(d.originalFileId());
        ids.add(d.pdfFileId());
        documentFiles.forDocument(d.id()).forEach(f -> {
            ids.add(f.originalFileId());
            ids.add(f.pdfFileId());
        });
        if (d.signedFileId() != null) {
            ids.add(d.signedFileId());
        }
        return new ArrayList<>(ids);
    }

    /**
     * The file to download, recorded as a {@code document_downloaded} event: the sealed PDF once
     * the document is completed, unless {@code version} is "original"; "signed" asks for the sealed
     * PDF alone. A completed document whose seal is not stored yet is a 409 {@code seal_pending},
     * never the original under the completed label.
     */
    public Download download(Principal p, long id, String version, Actor actor) {
        return download(p, id, version, null, actor);
    }

    /**
     * As {@link #download(Principal, long, String, Actor)}; with {@code fileId}, that file's original as
     * uploaded (404 when the document has no such file).
     */
    public Download download(Principal p, long id, String version, Long fileId, Actor actor) {
        if (fileId != null) {
            return originalOf(p, id, fileId, actor);
        }
        return db.inTransaction(() -> {
            Document d = access.read(p, id);
            boolean completed = d.status() == DocumentStatus.COMPLETED;
            if (d.signedFileId() == null && !version.equals("original") && (completed || version.equals("signed"))) {
                throw completed ? sealPending(d) : Refusal.notFound("Signed file");
            }
            boolean signed = d.signedFileId() != null && !version.equals("original");
            long stored = signed ? d.signedFileId() : d.originalFileId();
            long size = files.size(stored).orElseThrow(() -> Refusal.notFound("File"));
            audit.record(d.id(), "document_downloaded", actor, signed ? "signed" : "original");
            String type = signed ? "application/pdf" : d.mediaType();
            String name = signed ? FileNames.sealed(d.title()) : FileNames.download(d.originalFilename(), type);
            return new Download(name, type, size, () -> files.open(stored));
        });
    }

    private Download originalOf(Principal p, long id, long fileId, Actor actor) {
        return db.inTransaction(() -> {
            Document d = access.read(p, id);
            DocumentFile f = new FileLayout(documentFiles.forDocument(d.id())).file(fileId)
                    .orElseThrow(() -> Refusal.notFound("File"));
            long size = files.size(f.originalFileId()).orElseThrow(() -> Refusal.notFound("File"));
            audit.record(d.id(), "document_downloaded", actor, "original of file " + f.id());
            return new Download(FileNames.download(f.originalFilename(), f.mediaType()), f.mediaType(), size,
                    () -> files.open(f.originalFileId()));
        });
    }

    /**
     * The seal is not stored yet: the wait it likely needs (from the completion, or from the next
     * attempt after a failure, plus how long a seal takes here), or none when sealing gave up, where
     * only the owner's retry helps.
     */
    private Refusal sealPending(Document d) {
        if (d.seal().failed()) {
            return new Refusal(Refusal.Kind.CONFLICT, "seal_pending", "The document is completed but its sealed PDF "
                    + "could not be made: " + d.seal().error(), Json.object("seal_status", "failed"));
        }
        Long retryAt = d.seal().retryAt();
        long startsAt = retryAt != null ? retryAt : d.completedAt() != null ? d.completedAt() : documents.now();
        return new Refusal(Refusal.Kind.CONFLICT, "seal_pending", "The document is completed and its sealed PDF is "
                + "being made; try again shortly.", Json.object("retry_after", sealTimes.secondsLeft(startsAt,
                        documents.now()), "seal_status", "pending"));
    }

    /**
     * The certificate of completion alone: the pages the sealed PDF ends with, recorded as a
     * {@code document_downloaded} event. 404 before completion; a completed document whose seal is not
     * stored yet is a 409 {@code seal_pending}, as its sealed PDF is.
     */
    public Download certificate(Principal p, long id, Actor actor) {
        return certificates.of(p, id, actor, this::sealPending);
    }

    public Trail trail(Principal p, long id) {
        return db.read(() -> {
            Document d = access.read(p, id);
            return new Trail(d, audit.list(d.id()), audit.chainValid(d.id()));
        });
    }

    private DocumentDetail detailOf(Document d) {
        List<Signer> parties = signers.forDocument(d.id());
        List<Field> all = fields.forDocument(d.id());
        // Most documents have no attachment field: they cost no look-up of attached files.
        Map<Long, FieldAttachment> attached = all.stream().anyMatch(f -> f.type().attachment()) ? attachedTo(d.id())
                : Map.of();
        return new DocumentDetail(d, parties, all, attached, new FileLayout(documentFiles.forDocument(d.id())));
    }

    /** The status a document would move to, or 400 invalid_transition naming what is allowed. */
    static DocumentStatus requireUpdatable(Document d, DocumentStatus to) {
        if (!d.status().allowedByUpdate().contains(to)) {
            throw Refusal.invalid("invalid_transition", "A " + d.status().wire() + " document cannot be set to "
                    + to.wire() + ".", Map.of("from", d.status().wire(), "to", to.wire(),
                    "allowed", d.status().allowedByUpdate().stream().map(DocumentStatus::wire).sorted().toList()));
        }
        return to;
    }
}
