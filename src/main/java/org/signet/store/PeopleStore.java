package org.signet.store;

import java.util.List;

/**
 * Where one person (an email address) appears outside a document's own rows: the parties they are, and the
 * mail sent to them. What a person's export reads and their erasure removes, beside the documents' stores.
 */
public final class PeopleStore {
    private final Database db;

    public PeopleStore(Database db) {
        this.db = db;
    }

    /** A place the person has on a document: the signer row and its document. */
    public record Place(long signerId, long documentId) {}

    /** Every party row with this email, whatever its case, in document order. */
    public List<Place> places(String email) {
        return db.query("SELECT id, document_id FROM signers WHERE lower(email) = lower(?) ORDER BY document_id, id",
                r -> new Place(r.getLong("id"), r.getLong("document_id")), email);
    }

    /** A message Signet queued for the person: never its body, which holds a signing link (a credential). */
    public record Mail(long id, String template, String subject, String status, Long documentId, long createdAt,
            Long sentAt) {}

    /** Every message queued for this address, oldest first. */
    public List<Mail> mailsTo(String email) {
        return db.query("SELECT id, template, subject, status, document_id, created_at, sent_at FROM mail_outbox "
                + "WHERE lower(recipient) = lower(?) ORDER BY id", r -> new Mail(r.getLong("id"), r.string("template"),
                r.string("subject"), r.string("status"), r.nullableLong("document_id"), r.getLong("created_at"),
                r.nullableLong("sent_at")), email);
    }

    /** Removes a party from a document that can still change, with their fields, images, codes and sessions. */
    public void removePlace(long signerId) {
        db.update("DELETE FROM signers WHERE id = ?", signerId);
    }

    /**
     * Removes the mail to this address about document {@code documentId}, or (null) about no document or one
     * no longer stored; returns how many messages.
     */
    public int removeMail(String email, Long documentId) {
        if (documentId != null) {
            return db.update("DELETE FROM mail_outbox WHERE lower(recipient) = lower(?) AND document_id = ?", email,
                    documentId);
        }
        return db.update("DELETE FROM mail_outbox WHERE lower(recipient) = lower(?) AND (document_id IS NULL OR "
                + "NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = mail_outbox.document_id))", email);
    }
}
