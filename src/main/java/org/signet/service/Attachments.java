package org.signet.service;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.signet.domain.Actor;
import org.signet.domain.AttachmentKind;
import org.signet.domain.Document;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.Principal;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.FieldStore;
import org.signet.store.StoredFiles;
import org.signet.text.FileNames;
import org.signet.text.Wire;

/**
 * Files signers attach to their attachment fields: taken through the document intake while it is the
 * signer's turn, stored encrypted and recorded against the field with the audit event
 * {@code attachment_added} in one transaction; replaced as often as the signer likes before they sign;
 * downloaded by the document's owner.
 */
public final class Attachments {
    private final Database db;
    private final Signing signing;
    private final LinkUnlock unlock;
    private final FieldStore fields;
    private final AttachmentStore attachments;
    private final StoredFiles files;
    private final AuditStore audit;
    private final FileIntake intake;
    private final DocumentAccess access;

    public Attachments(DocumentStores s, Signing signing, LinkUnlock unlock, FileIntake intake) {
        this.db = s.db();
        this.signing = signing;
        this.unlock = unlock;
        this.fields = s.fields();
        this.attachments = s.attachments();
        this.files = s.files();
        this.audit = s.audit();
        this.intake = intake;
        this.access = new DocumentAccess(s);
    }

    /** The attachment field {@code fieldId} of the link's signer, while they may act: checked before an upload is read. */
    public Field require(String token, Visit visit, long fieldId) {
        return require(signing.resolve(token), visit, fieldId);
    }

    private Field require(SignerLink resolved, Visit visit, long fieldId) {
        SignerLink link = unlock.requirePassed(resolved, visit.sessionId());
        Signing.requireCanAct(link);
        return fields.forSigner(link.signer().id()).stream().filter(f -> f.id() == fieldId && f.type().attachment())
                .findFirst().orElseThrow(() -> new Refusal(Refusal.Kind.NOT_FOUND, "field_not_found",
                        "Field " + fieldId + " is not one of your attachment fields.", Map.of()));
    }

    /**
     * Takes {@code file} (which the caller deletes afterwards) for the field, in place of any file it had;
     * the gates are checked again in the transaction that records it, and a refusal keeps nothing.
     */
    public FieldAttachment attach(String token, Visit visit, long fieldId, Path file, String clientFilename)
            throws IOException {
        Field field = require(token, visit, fieldId);
        Set<AttachmentKind> allowed = AttachmentKind.allowed(FieldValues.options(field.options()));
        AttachedFile kept = intake.acceptAttachment(file, FileNames.withoutPath(clientFilename), allowed);
        List<String> replaced = new ArrayList<>();
        FieldAttachment recorded;
        try {
            recorded = db.inTransaction(() -> {
                replaced.clear();
                return record(token, visit, fieldId, kept, replaced);
            });
        } catch (RuntimeException e) {
            discard(kept); // refused or failed: the new files go, the field keeps what it had
            throw e;
        }
        replaced.forEach(files::erase);
        return recorded;
    }

    private void discard(AttachedFile kept) {
        List<String> names = new ArrayList<>();
        db.inTransaction(() -> forget(names, kept.fileIds()));
        names.forEach(files::erase);
    }

    private FieldAttachment record(String token, Visit visit, long fieldId, AttachedFile kept, List<String> erase) {
        SignerLink link = signing.resolve(token);
        Field field = require(link, visit, fieldId);
        FieldAttachment a = new FieldAttachment(field.id(), field.documentId(), field.signerId(), kept.fileId(),
                kept.pdfFileId(), kept.kind(), kept.filename(), kept.size(), kept.sha256(), link.now());
        Optional<FieldAttachment> before = attachments.put(a);
        files.claim(a.fileIds());
        before.ifPresent(old -> forget(erase, old.fileIds()));
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("field_id", Wire.id(field.id()));
        detail.put("sha256", a.sha256());
        if (!kept.removed().isEmpty()) {
            detail.put("active_content_removed", kept.removed());
        }
        audit.record(field.documentId(), "attachment_added", Actor.signer(link.signer().id(), link.signer().name(),
                visit.ip(), visit.userAgent()), Json.write(detail));
        return a;
    }

    private void forget(List<String> erase, long... ids) {
        for (long id : ids) {
            files.forget(id).ifPresent(erase::add);
        }
    }

    /**
     * The file attached to field {@code fieldId} of a document {@code p} owns: 404 {@code not_found} when the
     * document or field does not exist or is not an attachment field, 404 {@code attachment_missing} while
     * nothing is attached, 403 for another user's document.
     */
    public Documents.Download download(Principal p, long documentId, long fieldId) {
        return db.read(() -> {
            Document d = access.read(p, documentId);
            Field field = fields.forDocument(d.id()).stream().filter(f -> f.id() == fieldId && f.type().attachment())
                    .findFirst().orElseThrow(() -> Refusal.notFound("Attachment field"));
            FieldAttachment a = attachments.find(field.id()).orElseThrow(() -> new Refusal(Refusal.Kind.NOT_FOUND,
                    "attachment_missing", "No file has been attached to field " + fieldId + " yet.", Map.of()));
            return new Documents.Download(a.filename(), a.kind().mediaType(), a.size(), () -> files.open(a.fileId()));
        });
    }
}
