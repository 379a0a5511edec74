package org.signet.store;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.signet.domain.IdempotentRequest;

/**
 * POSTs claimed under an API key's idempotency keys, and the answers they got. An answer is kept
 * sealed ({@link SealedValues}), bound to its API key and idempotency key, since it may hold a new
 * signer's link; {@code answer_bytes} is its sealed size, which the cap on one API key's answers adds up.
 */
public final class IdempotencyStore {
    private static final String COLUMNS = "method, target, body_sha256, body_length, state, status, content_type, "
            + "answer_sealed, created_at";

    private final Database db;
    private final SealedValues sealed;

    /** A kept answer: whose, under which key, and its sealed size. */
    public record Kept(String idempotencyKey, long bytes) {}

    public IdempotencyStore(Database db, SealedValues sealed) {
        this.db = db;
        this.sealed = sealed;
    }

    /** Claims the key for a request now starting; false when the key is already taken (the primary key decides). */
    public boolean claim(long keyId, String idempotencyKey, String method, String target, long now) {
        return db.update("INSERT INTO idempotency_keys(key_id, idempotency_key, method, target, state, created_at) "
                + "VALUES (?,?,?,?,'in_progress',?) ON CONFLICT(key_id, idempotency_key) DO NOTHING",
                keyId, idempotencyKey, method, target, now) == 1;
    }

    public Optional<IdempotentRequest> find(long keyId, String idempotencyKey) {
        return db.queryOne("SELECT " + COLUMNS + " FROM idempotency_keys WHERE key_id = ? AND idempotency_key = ?",
                r -> map(r, answerContext(keyId, idempotencyKey)), keyId, idempotencyKey);
    }

    /** Records the finished request's body fingerprint and its answer, sealed. */
    public void complete(long keyId, String idempotencyKey, String bodySha256, long bodyLength, int status,
            String contentType, byte[] body) {
        byte[] answer = sealed.seal(body, answerContext(keyId, idempotencyKey));
        db.update("UPDATE idempotency_keys SET state = 'done', body_sha256 = ?, body_length = ?, status = ?, "
                + "content_type = ?, answer_sealed = ?, answer_bytes = ? WHERE key_id = ? AND idempotency_key = ? "
                + "AND state = 'in_progress'", bodySha256, bodyLength, status, contentType, answer, answer.length, keyId,
                idempotencyKey);
    }

    /** The sealed size of every answer kept for API key {@code keyId}. */
    public long keptBytes(long keyId) {
        return db.queryLong("SELECT COALESCE(SUM(answer_bytes), 0) FROM idempotency_keys WHERE key_id = ?", keyId);
    }

    /** Up to {@code limit} of the answers kept for API key {@code keyId}, oldest first. */
    public List<Kept> oldestKept(long keyId, int limit) {
        return db.query("SELECT idempotency_key, answer_bytes FROM idempotency_keys WHERE key_id = ? AND state = 'done' "
                + "ORDER BY created_at LIMIT ?", r -> new Kept(r.string("idempotency_key"), r.getLong("answer_bytes")),
                keyId, limit);
    }

    /**
     * Seals up to {@code limit} answers an earlier Signet kept in clear ({@code response_body}), in one
     * transaction; returns how many. A batch at a time: together they may be far larger than the heap.
     */
    public int sealClearAnswers(int limit) {
        return db.inTransaction(() -> {
            List<Clear> clear = db.query("SELECT key_id, idempotency_key, response_body FROM idempotency_keys "
                    + "WHERE response_body IS NOT NULL LIMIT ?", r -> new Clear(r.getLong("key_id"),
                    r.string("idempotency_key"), r.bytes("response_body")), limit);
            for (Clear c : clear) {
                byte[] answer = sealed.seal(c.answer(), answerContext(c.keyId(), c.idempotencyKey()));
                db.update("UPDATE idempotency_keys SET response_body = NULL, answer_sealed = ?, answer_bytes = ? "
                        + "WHERE key_id = ? AND idempotency_key = ?", answer, answer.length, c.keyId(), c.idempotencyKey());
            }
            return clear.size();
        });
    }

    private record Clear(long keyId, String idempotencyKey, byte[] answer) {}

    private static String answerContext(long keyId, String idempotencyKey) {
        return "idempotent-answer:" + keyId + ":" + idempotencyKey;
    }

    public void delete(long keyId, String idempotencyKey) {
        db.update("DELETE FROM idempotency_keys WHERE key_id = ? AND idempotency_key = ?", keyId, idempotencyKey);
    }

    /** Forgets one key's request if it was claimed before {@code cutoff}; true when there was one. */
    public boolean deleteIfCreatedBefore(long keyId, String idempotencyKey, long cutoff) {
        return db.update("DELETE FROM idempotency_keys WHERE key_id = ? AND idempotency_key = ? AND created_at < ?",
                keyId, idempotencyKey, cutoff) == 1;
    }

    public int deleteCreatedBefore(long cutoff) {
        return db.update("DELETE FROM idempotency_keys WHERE created_at < ?", cutoff);
    }

    public int deleteInProgress() {
        return db.update("DELETE FROM idempotency_keys WHERE state = 'in_progress'");
    }

    /** Releases every key claimed before {@code cutoff} whose request has not finished. */
    public int deleteInProgressBefore(long cutoff) {
        return db.update("DELETE FROM idempotency_keys WHERE state = 'in_progress' AND created_at < ?", cutoff);
    }

    /** Releases one key if it was claimed before {@code cutoff} and its request has not finished. */
    public boolean deleteIfInProgressBefore(long keyId, String idempotencyKey, long cutoff) {
        return db.update("DELETE FROM idempotency_keys WHERE key_id = ? AND idempotency_key = ? "
                + "AND state = 'in_progress' AND created_at < ?", keyId, idempotencyKey, cutoff) == 1;
    }

    private IdempotentRequest map(Row r, String context) throws SQLException {
        Long length = r.nullableLong("body_length");
        Integer status = r.nullableInt("status");
        byte[] answer = r.bytes("answer_sealed");
        return new IdempotentRequest(r.string("method"), r.string("target"), r.string("body_sha256"),
                length == null ? -1 : length, r.string("state").equals("done"), status == null ? 0 : status,
                r.string("content_type"), answer == null ? null : sealed.open(answer, context), r.getLong("created_at"));
    }
}
