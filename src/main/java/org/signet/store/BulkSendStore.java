package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.signet.domain.Actor;
import org.signet.domain.BulkSend;

/** Bulk sends and their rows: started whole, rows marked done one at a time, completed once none is pending. */
public final class BulkSendStore {
    private static final String COLUMNS = "b.id, b.owner_id, b.template_id, b.status, b.total, b.created_at, b.team_id, "
            + "b.completed_at, (SELECT count(*) FROM bulk_send_rows r WHERE r.bulk_send_id = b.id AND r.status = 'created') "
            + "AS created, (SELECT count(*) FROM bulk_send_rows r WHERE r.bulk_send_id = b.id AND r.status = 'failed') "
            + "AS failed";

    private final Database db;
    private final Clock clock;

    /** What a running bulk send's rows are made as: its owner (and team, or null), template and the actor that started it. */
    public record Running(long id, long ownerId, boolean admin, long templateId, Actor actor, Long teamId) {}

    /** A row still to make: its number and the checked request as JSON. */
    public record Pending(int number, String requestJson) {}

    public BulkSendStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * Inserts a running bulk send with its rows' requests (JSON), numbered from 1, its documents going to
     * {@code teamId} (or null); run inside a transaction.
     */
    public long insert(Running r, List<String> requests) {
        Actor actor = r.actor();
        long id = db.insert("INSERT INTO bulk_sends(owner_id, admin, template_id, api_key_id, ip_address, user_agent, "
                + "status, total, created_at, team_id) VALUES (?,?,?,?,?,?,'running',?,?,?)", r.ownerId(),
                r.admin() ? 1 : 0, r.templateId(), actor.apiKeyId(), actor.ipAddress(), actor.userAgent(),
                requests.size(), now(), r.teamId());
        for (int i = 0; i < requests.size(); i++) {
            db.update("INSERT INTO bulk_send_rows(bulk_send_id, row_number, request) VALUES (?,?,?)", id, i + 1,
                    requests.get(i));
        }
        return id;
    }

    public Optional<BulkSend> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM bulk_sends b WHERE b.id = ?", BulkSendStore::map, id);
    }

    /** Every row in order, with its outcome. */
    public List<BulkSend.RowOutcome> rows(long id) {
        return db.query("SELECT row_number, status, document_id, error FROM bulk_send_rows WHERE bulk_send_id = ? "
                + "ORDER BY row_number", r -> new BulkSend.RowOutcome(r.getInt("row_number"),
                BulkSend.RowStatus.valueOf(r.string("status").toUpperCase(Locale.ROOT)), r.nullableLong("document_id"),
                r.string("error")), id);
    }

    /** The running bulk sends, oldest first (index bulk_sends_running). */
    public List<Running> running() {
        return db.query("SELECT id, owner_id, admin, template_id, api_key_id, ip_address, user_agent, team_id FROM bulk_sends "
                + db.dialect().indexedBy("bulk_sends_running") + "WHERE status = 'running' ORDER BY id",
                r -> new Running(r.getLong("id"),
                r.getLong("owner_id"), r.getInt("admin") == 1, r.getLong("template_id"),
                new Actor(r.nullableLong("api_key_id"), null, null, null, r.string("ip_address"), r.string("user_agent")),
                r.nullableLong("team_id")));
    }

    /** Up to {@code limit} pending rows of a bulk send, in order (index bulk_send_rows_pending). */
    public List<Pending> pending(long id, int limit) {
        return db.query("SELECT row_number, request FROM bulk_send_rows" + db.dialect().indexedBy("bulk_send_rows_pending")
                + "WHERE bulk_send_id = ? AND status = 'pending' ORDER BY row_number LIMIT ?",
                r -> new Pending(r.getInt("row_number"), r.string("request")), id, limit);
    }

    /** Marks a pending row made into {@code documentId}, compare-and-set; false when it was no longer pending. */
    public boolean markCreated(long id, int row, long documentId) {
        return db.update("UPDATE bulk_send_rows SET status = 'created', document_id = ? WHERE bulk_send_id = ? "
                + "AND row_number = ? AND status = 'pending'", documentId, id, row) == 1;
    }

    /** Marks a pending row failed with why, compare-and-set; false when it was no longer pending. */
    public boolean markFailed(long id, int row, String error) {
        return db.update("UPDATE bulk_send_rows SET status = 'failed', error = ? WHERE bulk_send_id = ? "
                + "AND row_number = ? AND status = 'pending'", error, id, row) == 1;
    }

    /**
     * Completes a running bulk send none of whose rows is pending, compare-and-set; the bulk send as it
     * now is, or empty when rows are pending or it was completed already. Run inside a transaction.
     */
    public Optional<BulkSend> complete(long id) {
        int changed = db.update("UPDATE bulk_sends SET status = 'completed', completed_at = ? WHERE id = ? "
                + "AND status = 'running' AND NOT EXISTS (SELECT 1 FROM bulk_send_rows WHERE bulk_send_id = ? "
                + "AND status = 'pending')", now(), id, id);
        return changed == 1 ? find(id) : Optional.empty();
    }

    private long now() {
        return clock.millis() / 1000;
    }

    private static BulkSend map(Row r) throws SQLException {
        return new BulkSend(r.getLong("id"), r.getLong("owner_id"), r.getLong("template_id"),
                BulkSend.Status.valueOf(r.string("status").toUpperCase(Locale.ROOT)), r.getInt("total"),
                r.getInt("created"), r.getInt("failed"), r.getLong("created_at"), r.nullableLong("completed_at"),
                r.nullableLong("team_id"));
    }
}
