package org.signet.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.text.Wire;

/** The document's wire forms: the list form and the single-document form with its extras (see docs/api/documents.md, Reading and listing). */
public final class DocumentJson {
    private final Wire wire;

    public DocumentJson(Wire wire) {
        this.wire = wire;
    }

    public Map<String, Object> listForm(Document d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(d.id()));
        m.put("title", d.title());
        m.put("status", d.status().wire());
        m.put("original_filename", d.originalFilename());
        m.put("total_pages", Wire.integer(d.totalPages()));
        m.put("expires_at", wire.time(d.expiresAt()));
        m.put("completed_at", wire.time(d.completedAt()));
        m.put("created_at", wire.time(d.createdAt()));
        m.put("updated_at", wire.time(d.updatedAt()));
        m.put("external_id", d.ref().externalId());
        m.put("metadata", d.ref().metadata());
        return m;
    }

    /** The single-document form: never a storage location, never a hidden signer field. */
    public Map<String, Object> singleForm(Document d, List<Map<String, Object>> signers, List<Map<String, Object>> fields) {
        Map<String, Object> m = listForm(d);
        m.put("reminder_interval_days", Wire.integer(d.reminderIntervalDays()));
        m.put("allow_delegation", Wire.flag(d.allowDelegation()));
        m.put("file_hash", d.fileHash());
        if (d.signedFileHash() != null) {
            m.put("signed_file_hash", d.signedFileHash());
            if (d.seal().level() != null) {
                m.put("seal_level", d.seal().level().wire());
                m.put("sealed_at", wire.time(d.seal().sealedAt()));
            }
        } else if (d.status() == DocumentStatus.COMPLETED) {
            // Sealing runs after the last signature and is retried with backoff; say how it stands
            // rather than look finished without a final PDF.
            m.put("seal_status", d.seal().failed() ? "failed" : "pending");
            if (d.seal().failed()) {
                m.put("seal_error", d.seal().error());
            }
        }
        m.put("signers", signers);
        m.put("fields", fields);
        return m;
    }
}
