package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import org.signet.domain.DocumentFile;

/**
 * A document's files, in their order (the first is written with the document, see {@link DocumentStore#insert}),
 * or, through {@link #forTemplates}, a template's, kept the same way in template_files; there a file's
 * {@code documentId} is its template's id.
 */
public final class DocumentFileStore {
    private final Database db;
    private final Clock clock;
    private final String table;
    private final String owner;
    private final String columns;

    public DocumentFileStore(Database db, Clock clock) {
        this(db, clock, "document_files", "document_id");
    }

    private DocumentFileStore(Database db, Clock clock, String table, String owner) {
        this.db = db;
        this.clock = clock;
        this.table = table;
        this.owner = owner;
        this.columns = "id, " + owner + ", position, original_filename, media_type, total_pages, page_sizes, "
                + "original_file_id, pdf_file_id, file_hash";
    }

    /** The templates' files, in template_files. */
    public static DocumentFileStore forTemplates(Database db, Clock clock) {
        return new DocumentFileStore(db, clock, "template_files", "template_id");
    }

    public List<DocumentFile> forDocument(long documentId) {
        return db.query("SELECT " + columns + " FROM " + table + " WHERE " + owner + " = ? ORDER BY position",
                this::map, documentId);
    }

    /** Adds {@code f} after the document's last file; its id and position are given here. */
    public DocumentFile append(DocumentFile f) {
        return db.queryOne("INSERT INTO " + table + "(" + owner + ", position, original_filename, media_type, "
                        + "total_pages, page_sizes, original_file_id, pdf_file_id, file_hash, created_at) VALUES "
                        + "(?, (SELECT COALESCE(MAX(position), 0) + 1 FROM " + table + " WHERE " + owner + " = ?), "
                        + "?,?,?,?,?,?,?,?) RETURNING " + columns, this::map, f.documentId(), f.documentId(),
                f.originalFilename(), f.mediaType(), f.totalPages(), DocumentStore.pagesJson(f.pages()),
                f.originalFileId(), f.pdfFileId(), f.fileHash(), clock.millis() / 1000).orElseThrow();
    }

    public boolean delete(long fileId) {
        return db.update("DELETE FROM " + table + " WHERE id = ?", fileId) > 0;
    }

    private DocumentFile map(Row r) throws SQLException {
        return new DocumentFile(r.getLong("id"), r.getLong(owner), r.getInt("position"),
                r.string("original_filename"), r.string("media_type"), r.getInt("total_pages"), DocumentStore.pages(r.string("page_sizes")),
                r.getLong("original_file_id"), r.getLong("pdf_file_id"), r.string("file_hash"));
    }
}
