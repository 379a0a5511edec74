package org.signet.store;

import java.util.Optional;

/**
 * Emailed codes waiting for their mail to go out, sealed, by the ticket the mail's placeholder names:
 * for instances sharing one database, any of which may send the mail.
 */
public final class EmailCodeMailStore {
    private final Database db;

    public EmailCodeMailStore(Database db) {
        this.db = db;
    }

    public void put(long ticket, long signerId, byte[] codeSealed, long expiresAt) {
        db.update("INSERT INTO email_code_mail(ticket, signer_id, code_sealed, expires_at) VALUES (?,?,?,?)",
                ticket, signerId, codeSealed, expiresAt);
    }

    /** The sealed code of {@code ticket} if it is still valid at {@code now}. */
    public Optional<byte[]> find(long ticket, long now) {
        return db.queryOne("SELECT code_sealed FROM email_code_mail WHERE ticket = ? AND expires_at > ?",
                r -> r.bytes("code_sealed"), ticket, now);
    }

    /** Forgets the signer's waiting code, and every code expired by {@code now}. */
    public void deleteForSigner(long signerId, long now) {
        db.update("DELETE FROM email_code_mail WHERE signer_id = ? OR expires_at <= ?", signerId, now);
    }
}
