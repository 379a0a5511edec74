package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import org.signet.domain.DocumentFile;

/** A document's files, in their order; the first is written with the document (see {@link DocumentStore#insert}). */
public final class DocumentFileStore {
    private static final String COLUMNS = "id, document_id, position, original_filename, media_type, total_pages, page_sizes, "
            + "original_file_id, pdf_file_id, file_hash";

    private final Database db;
    private final Clock clock;

    public DocumentFileStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public List<DocumentFile> forDocument(long documentId) {
        return db.query("SELECT " + COLUMNS + " FROM document_files WHERE document_id = ? ORDER BY position",
                DocumentFileStore::map, documentId);
    }

    /** Adds {@code f} after the document's last file; its id and position are given here. */
    public DocumentFile append(DocumentFile f) {
        return db.queryOne("INSERT INTO document_files(document_id, position, original_filename, media_type, "
                        + "total_pages, page_sizes, original_file_id, pdf_file_id, file_hash, created_at) VALUES "
                        + "(?, (SELECT COALESCE(MAX(position), 0) + 1 FROM document_files WHERE document_id = ?), "
                        + "?,?,?,?,?,?,?,?) RETURNING " + COLUMNS, DocumentFileStore::map, f.documentId(), f.documentId(),
                f.originalFilename(), f.mediaType(), f.totalPages(), DocumentStore.pagesJson(f.pages()),
                f.originalFileId(), f.pdfFileId(), f.fileHash(), clock.millis() / 1000).orElseThrow();
    }

    public boolean delete(long fileId) {
        return db.update("DELETE FROM document_files WHERE id = ?", fileId) > 0;
    }

    private static DocumentFile map(Row r) throws SQLException {
        return new DocumentFile(r.getLong("id"), r.getLong("document_id"), r.getInt("position"),
                r.string("original_filename"), r.string("media_type"), r.getInt("total_pages"), DocumentStore.pages(r.string("page_sizes")),
                r.getLong("original_file_id"), r.getLong("pdf_file_id"), r.string("file_hash"));
    }
}
