package org.signet.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Document;
import org.signet.domain.DocumentFile;
import org.signet.domain.DocumentStatus;
import org.signet.domain.PurgeRecord;
import org.signet.domain.FileLayout;
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
        m.put("team_id", d.teamId() == null ? null : Wire.id(d.teamId()));
        return m;
    }

    /**
     * What a purged document answers: its record, with {@code purged_at}; no title, file name, party or field,
     * since those are gone (see docs/api/documents.md, Retention and legal holds).
     */
    public Map<String, Object> purgedForm(PurgeRecord r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(r.id()));
        m.put("status", r.status().wire());
        m.put("purged_at", wire.time(r.purgedAt()));
        m.put("created_at", wire.time(r.createdAt()));
        m.put("sent_at", wire.time(r.sentAt()));
        m.put("completed_at", wire.time(r.completedAt()));
        m.put("status_since", wire.time(r.statusSince()));
        m.put("seal_level", r.sealLevel() == null ? null : r.sealLevel().wire());
        m.put("sealed_at", wire.time(r.sealedAt()));
        m.put("parties", Wire.integer(r.parties()));
        m.put("audit_head", r.auditHead());
        m.put("sealed_revisions", r.revisions());
        return m;
    }

    /**
     * The single-document form: never a storage location, never a hidden signer field. Its
     * {@code original_filename} and {@code file_hash} are the first file's; {@code files} lists them all.
     */
    public Map<String, Object> singleForm(Document d, List<Map<String, Object>> signers, List<Map<String, Object>> fields,
            FileLayout files) {
        Map<String, Object> m = listForm(d);
        m.put("reminder_interval_days", Wire.integer(d.reminderIntervalDays()));
        m.put("allow_delegation", Wire.flag(d.allowDelegation()));
        m.put("retention_days", Wire.integer(d.retentionDays()));
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
        m.put("files", filesForm(files));
        m.put("signers", signers);
        m.put("fields", fields);
        return m;
    }

    /** Each file in order: its id, name, type, pages, SHA-256 and its rank from 1. */
    static List<Map<String, Object>> filesForm(FileLayout files) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < files.files().size(); i++) {
            DocumentFile f = files.files().get(i);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", Wire.id(f.id()));
            m.put("name", f.originalFilename());
            m.put("media_type", f.mediaType());
            m.put("pages", Wire.integer(f.totalPages()));
            m.put("order", Wire.integer(i + 1));
            m.put("file_hash", f.fileHash());
            out.add(m);
        }
        return out;
    }
}
