package org.signet.service;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.http.ApiException;
import org.signet.http.Caller;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.StoredFiles;

/**
 * Document life outside the signing workflow: creation, details, deletion, downloads. Each
 * change and its audit event are written in one transaction.
 */
public final class Documents {
    private final Database db;
    private final DocumentStore documents;
    private final StoredFiles files;
    private final AuditStore audit;
    private final Clock clock;

    public Documents(Database db, DocumentStore documents, StoredFiles files, AuditStore audit,
            Clock clock) {
        this.db = db;
        this.documents = documents;
        this.files = files;
        this.audit = audit;
        this.clock = clock;
    }

    /** The document if the caller may see it: 404 when missing (checked first), 403 when not theirs (S3). */
    public Document visible(Caller caller, long id) {
        Document d = documents.find(id).orElseThrow(() -> ApiException.notFound("Document"));
        if (!caller.mayAccess(d.ownerId())) {
            throw ApiException.forbidden("document");
        }
        return d;
    }

    public Document create(DocumentStore.NewDocument fresh, Actor actor) {
        long id = db.inTransaction(() -> {
            long newId = documents.insert(fresh);
            audit.record(newId, "document_created", actor, null);
            return newId;
        });
        return documents.find(id).orElseThrow();
    }

    /** Applies new title, expiry and reminder interval; expiry may not change once terminal. */
    public Document updateDetails(Document d, String title, Long expiresAt, Integer reminderDays, Actor actor,
            String detail) {
        if (d.status().terminal() && !java.util.Objects.equals(expiresAt, d.expiresAt())) {
            throw ApiException.invalidParam("expires_at", "expires_at cannot change once the document is "
                    + d.status().wire() + ".");
        }
        db.inTransaction(() -> {
            documents.updateDetails(d.id(), title, expiresAt, reminderDays);
            audit.record(d.id(), "document_updated", actor, detail);
        });
        return documents.find(d.id()).orElseThrow();
    }

    /** Deletes rows, destroys the files' keys, keeps a tombstone; then erases the encrypted bytes. */
    public void delete(Document d) {
        List<String> erase = db.inTransaction(() -> {
            // Re-read inside the transaction: the signed file may have been added since d was read.
            Document current = documents.find(d.id()).orElseThrow(() -> ApiException.notFound("Document"));
            if (!documents.delete(current)) {
                throw ApiException.notFound("Document");
            }
            List<String> names = new ArrayList<>();
            for (Long fileId : fileIds(current)) {
                files.forget(fileId).ifPresent(names::add);
            }
            return names;
        });
        erase.forEach(files::erase);
    }

    private static List<Long> fileIds(Document d) {
        List<Long> ids = new ArrayList<>();
        ids.add(d.originalFileId());
        if (d.pdfFileId() != d.originalFileId()) {
            ids.add(d.pdfFileId());
        }
        if (d.signedFileId() != null) {
            ids.add(d.signedFileId());
        }
        return ids;
    }

    public void recordDownload(Document d, Actor actor, String version) {
        db.inTransaction(() -> audit.record(d.id(), "document_downloaded", actor, version));
    }

    /** The status a document would move to, or 400 invalid_transition naming what is allowed (S4). */
    public static DocumentStatus requireUpdatable(Document d, DocumentStatus to) {
        if (!d.status().allowedByUpdate().contains(to)) {
            throw new ApiException(400, "invalid_transition", "A " + d.status().wire() + " document cannot be set to "
                    + to.wire() + ".", java.util.Map.of("from", d.status().wire(), "to", to.wire(),
                    "allowed", d.status().allowedByUpdate().stream().map(DocumentStatus::wire).sorted().toList()));
        }
        return to;
    }

    long now() {
        return clock.millis() / 1000;
    }
}
