package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.domain.AttachmentKind;
import org.signet.domain.FieldAttachment;

/** The files signers attached to their attachment fields, one per field. */
public final class AttachmentStore {
    private static final String COLUMNS = "field_id, document_id, signer_id, file_id, pdf_file_id, kind, filename, "
            + "size, sha256, created_at";

    private final Database db;
    private final Clock clock;

    public AttachmentStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * Records {@code a} for its field, in place of the file it had, which is returned so the caller can
     * forget its stored files in the same transaction.
     */
    public Optional<FieldAttachment> put(FieldAttachment a) {
        Optional<FieldAttachment> before = find(a.fieldId());
        db.update("INSERT INTO field_attachments(" + COLUMNS + ") VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT(field_id) "
                + "DO UPDATE SET file_id = excluded.file_id, pdf_file_id = excluded.pdf_file_id, kind = excluded.kind, "
                + "filename = excluded.filename, size = excluded.size, sha256 = excluded.sha256, "
                + "created_at = excluded.created_at", a.fieldId(), a.documentId(), a.signerId(), a.fileId(),
                a.pdfFileId(), a.kind().wire(), a.filename(), a.size(), a.sha256(), clock.millis() / 1000);
        return before;
    }

    public Optional<FieldAttachment> find(long fieldId) {
        return db.queryOne("SELECT " + COLUMNS + " FROM field_attachments WHERE field_id = ?", AttachmentStore::map,
                fieldId);
    }

    /** Drops the records of {@code signerId}'s attachments on the document; the caller forgets their files. */
    public void removeForSigner(long documentId, long signerId) {
        db.update("DELETE FROM field_attachments WHERE document_id = ? AND signer_id = ?", documentId, signerId);
    }

    /** The document's attachments in the order of their fields. */
    public List<FieldAttachment> forDocument(long documentId) {
        return db.query("SELECT " + COLUMNS + " FROM field_attachments WHERE document_id = ? ORDER BY field_id",
                AttachmentStore::map, documentId);
    }

    private static FieldAttachment map(Row r) throws SQLException {
        return new FieldAttachment(r.getLong("field_id"), r.getLong("document_id"), r.getLong("signer_id"),
                r.getLong("file_id"), r.getLong("pdf_file_id"), AttachmentKind.fromWire(r.string("kind")).orElseThrow(),
                r.string("filename"), r.getLong("size"), r.string("sha256"), r.getLong("created_at"));
    }
}
