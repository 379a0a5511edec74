package org.signet.store;

import java.sql.SQLException;
import java.util.Optional;
import org.signet.domain.EmailCode;

/** The {@code email_codes} table: one row per signer who has been mailed a code, holding its digest only. */
public final class EmailCodeStore {
    private static final String COLUMNS = "signer_id, code_hash, expires_at, sent_at, window_start, window_count";

    private final Database db;

    public EmailCodeStore(Database db) {
        this.db = db;
    }

    public Optional<EmailCode> find(long signerId) {
        return db.queryOne("SELECT " + COLUMNS + " FROM email_codes WHERE signer_id = ?", EmailCodeStore::map,
                signerId);
    }

    /** Writes the signer's row as {@code c} says, replacing any code that was waiting. */
    public void save(EmailCode c) {
        db.update("INSERT INTO email_codes(" + COLUMNS + ") VALUES (?,?,?,?,?,?) ON CONFLICT(signer_id) DO UPDATE SET "
                + "code_hash = excluded.code_hash, expires_at = excluded.expires_at, sent_at = excluded.sent_at, "
                + "window_start = excluded.window_start, window_count = excluded.window_count",
                c.signerId(), c.codeHash(), c.expiresAt(), c.sentAt(), c.windowStart(), c.windowCount());
    }

    /** Forgets the waiting code, so it opens the link once only; the mail limits keep counting. */
    public void used(long signerId) {
        db.update("UPDATE email_codes SET code_hash = NULL, expires_at = NULL WHERE signer_id = ?", signerId);
    }

    private static EmailCode map(Row r) throws SQLException {
        return new EmailCode(r.getLong("signer_id"), r.string("code_hash"), r.nullableLong("expires_at"),
                r.getLong("sent_at"), r.getLong("window_start"), r.getInt("window_count"));
    }
}
