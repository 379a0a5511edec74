package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Language;
import org.signet.domain.NewSigner;
import org.signet.domain.Signer;

/**
 * Signer rows and their state changes; the access token is made here and leaves only inside a signing URL.
 * A change of who holds a place or of what guards it moves the row's {@code gate_version}, which ends
 * every unlock given for the link before it.
 */
public final class SignerStore {
    private static final String COLUMNS = "id, document_id, name, email, role, signing_order, status, "
            + "access_token_sealed, pin_hash, require_login, verification, language, invited_at, last_reminded_at, viewed_at, signed_at, declined_at, decline_reason, "
            + "signature_ip, signature_user_agent, pin_failures, pin_locked_until, gate_version, created_at, updated_at";

    private final Database db;
    private final Clock clock;
    private final SignerTokens tokens;

    public SignerStore(Database db, Clock clock, SignerTokens tokens) {
        this.db = db;
        this.clock = clock;
        this.tokens = tokens;
    }

    /** Inserts a pending signer with a new access token (kept as its hash and sealed) and returns it as stored. */
    public Signer insert(NewSigner s) {
        long now = now();
        SignerTokens.Fresh token = tokens.create();
        return db.queryOne("INSERT INTO signers(document_id, name, email, role, signing_order, status, access_token, "
                        + "access_token_sealed, pin_hash, require_login, verification, language, created_at, updated_at) "
                        + "VALUES (?,?,?,?,?,'pending',?,?,?,?,?,?,?,?) RETURNING " + COLUMNS, this::map, s.documentId(),
                s.name(), s.email(), s.role().wire(), s.signingOrder(), token.hash(), token.sealed(), s.pinHash(),
                s.requireLogin(), s.verification().wire(), code(s.language()), now, now).orElseThrow();
    }

    /** Sets or, with null, clears the signer's own language; false when there is no such signer. */
    public boolean setLanguage(long id, Language language) {
        return db.update("UPDATE signers SET language = ?, updated_at = ? WHERE id = ?", code(language), now(), id) == 1;
    }

    /**
     * Rewrites who a party of a draft is and what guards their link, as the owner edits them before sending;
     * a null {@code pinHash} keeps the PIN there is, and the gate version moves, as any change of a gate moves it.
     */
    public Optional<Signer> updateDraft(long id, NewSigner s) {
        return db.queryOne("UPDATE signers SET name = ?, email = ?, role = ?, signing_order = ?, "
                + "pin_hash = COALESCE(?, pin_hash), require_login = ?, verification = ?, language = ?, "
                + "gate_version = gate_version + 1, updated_at = ? WHERE id = ? RETURNING " + COLUMNS, this::map,
                s.name(), s.email(), s.role().wire(), s.signingOrder(), s.pinHash(), s.requireLogin(),
                s.verification().wire(), code(s.language()), now(), id);
    }

    /** Puts a party at {@code order} in the signing order; parties of one number sign together. */
    public void setOrder(long id, int order) {
        db.update("UPDATE signers SET signing_order = ?, updated_at = ? WHERE id = ?", order, now(), id);
    }

    /** Removes a party of a draft; their fields and anything else of theirs go with them (ON DELETE CASCADE). */
    public boolean delete(long id) {
        return db.update("DELETE FROM signers WHERE id = ?", id) == 1;
    }

    public Optional<Signer> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM signers WHERE id = ?", this::map, id);
    }

    /**
     * Every party of the document that the signing link {@code token} belongs to, in signing order,
     * in one statement; empty when the token matches nobody.
     */
    public List<Signer> partiesOfToken(String token) {
        return db.query("SELECT " + COLUMNS + " FROM signers WHERE document_id = "
                + "(SELECT document_id FROM signers WHERE access_token = ?) ORDER BY signing_order, id",
                this::map, SignerTokens.hash(token));
    }

    /** A document's signers in signing order, then in the order they were added. */
    public List<Signer> forDocument(long documentId) {
        return db.query("SELECT " + COLUMNS + " FROM signers WHERE document_id = ? ORDER BY signing_order, id",
                this::map, documentId);
    }

    public boolean emailTaken(long documentId, String email) {
        return db.queryLong("SELECT count(*) FROM signers WHERE document_id = ? AND email = ?", documentId,
                email.trim()) > 0;
    }

    public void markInvited(long id) {
        long now = now();
        db.update("UPDATE signers SET invited_at = ?, updated_at = ? WHERE id = ?", now, now, id);
    }

    public void markReminded(long id) {
        long now = now();
        db.update("UPDATE signers SET last_reminded_at = ?, updated_at = ? WHERE id = ?", now, now, id);
    }

    /**
     * Recall: links stop working until the document is sent again, everyone starts over as pending, and
     * every unlock of their links ends (the gate version moves).
     */
    public void resetForRecall(long documentId) {
        db.update("UPDATE signers SET invited_at = NULL, last_reminded_at = NULL, viewed_at = NULL, status = 'pending', "
                + "gate_version = gate_version + 1, updated_at = ? WHERE document_id = ?", now(), documentId);
    }

    /** pending -> viewed, compare-and-set; false when the signer was no longer pending. */
    public boolean markViewed(long id) {
        long now = now();
        return db.update("UPDATE signers SET status = 'viewed', viewed_at = ?, updated_at = ? "
                + "WHERE id = ? AND status = 'pending'", now, now, id) == 1;
    }

    /**
     * Records the signature or approval with the signer's IP and user agent (hidden fields),
     * compare-and-set from {@code from}; false when the signer's status was no longer that.
     */
    public boolean markSigned(long id, Signer.Status from, String ip, String userAgent) {
        long now = now();
        return db.update("UPDATE signers SET status = 'signed', signed_at = ?, signature_ip = ?, "
                + "signature_user_agent = ?, updated_at = ? WHERE id = ? AND status = ?",
                now, ip, userAgent, now, id, from.wire()) == 1;
    }

    /** Records a decline (an approver's rejection), compare-and-set from {@code from}. */
    public boolean markDeclined(long id, Signer.Status from, String reason, String ip, String userAgent) {
        long now = now();
        return db.update("UPDATE signers SET status = 'declined', declined_at = ?, decline_reason = ?, signature_ip = ?, "
                + "signature_user_agent = ?, updated_at = ? WHERE id = ? AND status = ?",
                now, reason, ip, userAgent, now, id, from.wire()) == 1;
    }

    /**
     * Gives the party's place to another person, compare-and-set from {@code from} (pending or viewed):
     * same row, role, order, fields and language, a new name, email and token, so the old link matches
     * nobody any more. The place starts again: pending, not viewed, not invited (the caller invites when
     * the group is open), without the PIN, login and lockout that guarded it for the old person, and with
     * a new gate version, so no unlock the old person was given opens it. An
     * emailed code stays asked for, as it goes to whoever holds the place, but a code already sent
     * went to the old address and is forgotten. Empty when the party's status was no longer {@code from}.
     */
    public Optional<Signer> handOver(long id, Signer.Status from, String name, String email) {
        SignerTokens.Fresh token = tokens.create();
        Optional<Signer> after = db.queryOne("UPDATE signers SET name = ?, email = ?, access_token = ?, "
                + "access_token_sealed = ?, status = 'pending', pin_hash = NULL, require_login = 0, pin_failures = 0, "
                + "pin_locked_until = NULL, invited_at = NULL, last_reminded_at = NULL, viewed_at = NULL, "
                + "gate_version = gate_version + 1, updated_at = ? WHERE id = ? AND status = ? RETURNING " + COLUMNS, this::map, name, email,
                token.hash(), token.sealed(), now(), id, from.wire());
        after.ifPresent(s -> db.update("DELETE FROM email_codes WHERE signer_id = ?", s.id()));
        return after;
    }

    /** A wrong try counted: the tries counted since the count last started, and until when the link is locked (or null). */
    public record WrongTry(int failures, Long lockedUntil) {}

    /**
     * Counts one wrong try at a signer's gates (PIN, login, emailed code) in one statement, so tries at
     * several instances at once each count once: the try that brings the count to {@code maxTries} locks
     * the link until {@code lockUntil} and starts the count again. Empty, counting nothing, when the
     * link is locked at {@code now} already.
     */
    public Optional<WrongTry> countWrongTry(long id, int maxTries, long now, long lockUntil) {
        return db.queryOne("UPDATE signers SET pin_failures = CASE WHEN pin_failures + 1 >= ? THEN 0 "
                + "ELSE pin_failures + 1 END, pin_locked_until = CASE WHEN pin_failures + 1 >= ? THEN ? ELSE NULL END "
                + "WHERE id = ? AND (pin_locked_until IS NULL OR pin_locked_until <= ?) "
                + "RETURNING pin_failures, pin_locked_until",
                r -> new WrongTry(r.getInt("pin_failures"), r.nullableLong("pin_locked_until")),
                maxTries, maxTries, lockUntil, id, now);
    }

    /** A gate passed: the count of wrong tries starts again; false, changing nothing, when the link is locked at {@code now}. */
    public boolean clearWrongTries(long id, long now) {
        return db.update("UPDATE signers SET pin_failures = 0, pin_locked_until = NULL WHERE id = ? "
                + "AND (pin_locked_until IS NULL OR pin_locked_until <= ?)", id, now) == 1;
    }

    public void saveImage(long signerId, String kind, String method, byte[] png) {
        db.update("INSERT INTO signature_images(signer_id, kind, method, image, created_at) VALUES (?,?,?,?,?) "
                + "ON CONFLICT(signer_id, kind) DO UPDATE SET method = excluded.method, image = excluded.image, "
                + "created_at = excluded.created_at", signerId, kind, method, png, now());
    }

    /** A captured image and how it was made: draw, type or upload. */
    public record Captured(String method, byte[] image) {}

    public Optional<Captured> captured(long signerId, String kind) {
        return db.queryOne("SELECT method, image FROM signature_images WHERE signer_id = ? AND kind = ?",
                r -> new Captured(r.string("method"), r.bytes("image")), signerId, kind);
    }

    public Optional<byte[]> image(long signerId, String kind) {
        return db.queryOne("SELECT image FROM signature_images WHERE signer_id = ? AND kind = ?", r -> r.bytes("image"),
                signerId, kind);
    }

    private static String code(Language language) {
        return language == null ? null : language.code();
    }

    private long now() {
        return clock.millis() / 1000;
    }

    private Signer map(Row r) throws SQLException {
        return new Signer(r.getLong("id"), r.getLong("document_id"), r.string("name"), r.string("email"),
                Signer.Role.fromWire(r.string("role")).orElseThrow(), r.getInt("signing_order"),
                Signer.Status.fromWire(r.string("status")), tokens.reveal(r.bytes("access_token_sealed")),
                r.string("pin_hash"),
                r.bool("require_login"), Signer.Verification.fromWire(r.string("verification")).orElseThrow(),
                Language.fromCode(r.string("language")).orElse(null),
                r.nullableLong("invited_at"), r.nullableLong("last_reminded_at"),
                r.nullableLong("viewed_at"), r.nullableLong("signed_at"), r.nullableLong("declined_at"),
                r.string("decline_reason"), r.string("signature_ip"), r.string("signature_user_agent"),
                r.getInt("pin_failures"), r.nullableLong("pin_locked_until"), r.getLong("gate_version"),
                r.getLong("created_at"),
                r.getLong("updated_at"));
    }
}
