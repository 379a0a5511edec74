package org.signet.store;

import java.util.Optional;

/**
 * The fields found in a document's or a template's PDF at upload, as one JSON array each. A second
 * put replaces the first with an upsert both SQLite and PostgreSQL understand.
 */
public final class DetectedFieldStore {
    private final Database db;

    public DetectedFieldStore(Database db) {
        this.db = db;
    }

    public void putForDocument(long documentId, String json) {
        db.update("INSERT INTO detected_fields(document_id, fields) VALUES (?, ?) "
                + "ON CONFLICT (document_id) DO UPDATE SET fields = excluded.fields", documentId, json);
    }

    public Optional<String> forDocument(long documentId) {
        return db.queryOne("SELECT fields FROM detected_fields WHERE document_id = ?", r -> r.string("fields"),
                documentId);
    }

    public void putForTemplate(long templateId, String json) {
        db.update("INSERT INTO template_detected_fields(template_id, fields) VALUES (?, ?) "
                + "ON CONFLICT (template_id) DO UPDATE SET fields = excluded.fields", templateId, json);
    }

    public Optional<String> forTemplate(long templateId) {
        return db.queryOne("SELECT fields FROM template_detected_fields WHERE template_id = ?", r -> r.string("fields"),
                templateId);
    }
}
