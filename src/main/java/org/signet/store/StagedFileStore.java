package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.domain.PageSize;

/** Files staged by {@code POST /files} for a later {@code POST /documents}, owned by one user for 15 minutes. */
public final class StagedFileStore {
    private static final String COLUMNS = "id, user_id, token, original_filename, media_type, total_pages, page_sizes, "
            + "original_file_id, pdf_file_id, file_hash, removed_content, detected_fields, created_at";

    /** A staged file may become a document for this long, and is removed after it. */
    public static final long LIFETIME_SECONDS = 15 * 60;

    private final Database db;
    private final Clock clock;

    /**
     * A staged upload, already validated and encrypted; {@code detectedFields} is the JSON array of the
     * fields found in it, or null when none were.
     */
    public record Staged(long id, long userId, String token, String originalFilename, String mediaType,
            int totalPages, List<PageSize> pages, long originalFileId, long pdfFileId, String fileHash,
            List<String> removed, String detectedFields, long createdAt) {}

    /** An upload to stage, as {@link Staged} holds it before it has a row: no id, no time of staging yet. */
    public record NewStaged(long userId, String token, String originalFilename, String mediaType, int totalPages,
            List<PageSize> pages, long originalFileId, long pdfFileId, String fileHash, List<String> removed,
            String detectedFields) {}

    public StagedFileStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public void insert(NewStaged s) {
        db.update("INSERT INTO staged_files(user_id, token, original_filename, media_type, total_pages, page_sizes, "
                        + "original_file_id, pdf_file_id, file_hash, removed_content, detected_fields, created_at) "
                        + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", s.userId(), s.token(), s.originalFilename(),
                s.mediaType(), s.totalPages(), DocumentStore.pagesJson(s.pages()), s.originalFileId(), s.pdfFileId(),
                s.fileHash(), String.join("\n", s.removed()), s.detectedFields(), clock.millis() / 1000);
    }

    public Optional<Staged> findByToken(String token) {
        return db.queryOne("SELECT " + COLUMNS + " FROM staged_files WHERE token = ?", StagedFileStore::map, token);
    }

    /** Removes the row; false when it was already gone (used, or cleaned up meanwhile). */
    public boolean delete(long id) {
        return db.update("DELETE FROM staged_files WHERE id = ?", id) == 1;
    }

    public List<Staged> createdBefore(long epochSeconds) {
        return db.query("SELECT " + COLUMNS + " FROM staged_files WHERE created_at < ? LIMIT 100", StagedFileStore::map, epochSeconds);
    }

    private static Staged map(Row r) throws SQLException {
        String removed = r.string("removed_content");
        return new Staged(r.getLong("id"), r.getLong("user_id"), r.string("token"), r.string("original_filename"),
                r.string("media_type"), r.getInt("total_pages"), DocumentStore.pages(r.string("page_sizes")),
                r.getLong("original_file_id"), r.getLong("pdf_file_id"), r.string("file_hash"),
                removed.isEmpty() ? List.of() : List.of(removed.split("\n")), r.string("detected_fields"),
                r.getLong("created_at"));
    }
}
