package org.signet.store;

import java.util.Optional;

/** The fields found in a document's or a template's PDF at upload, as one JSON array each. */
public final class DetectedFieldStore {
    private final Database db;

    public DetectedFieldStore(Database db) {
        this.db = db;
    }

    public void putForDocument(long documentId, String json) {
        db.update("INSERT OR REPLACE INTO detected_fields(document_id, fields) VALUES (?, ?)", documentId, json);
    }

    public Optional<String> forDocument(long documentId) {
        return db.queryOne("SELECT fields FROM detected_fields WHERE document_id = ?", r -> r.string("fields"),
                documentId);
    }

    public void putForTemplate(long templateId, String json) {
        db.update("INSERT OR REPLACE INTO template_detected_fields(template_id, fields) VALUES (?, ?)", templateId,
                json);
    }

    public Optional<String> forTemplate(long templateId) {
        return db.queryOne("SELECT fields FROM template_detected_fields WHERE template_id = ?", r -> r.string("fields"),
                templateId);
    }
}
