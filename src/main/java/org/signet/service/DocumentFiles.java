package org.signet.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentFile;
import org.signet.domain.DocumentStatus;
import org.signet.domain.FileLayout;
import org.signet.domain.Principal;
import org.signet.error.Refusal;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentFileStore;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.StoredFiles;

/**
 * The files of a draft (see docs/api/documents.md, Several files): more added after the first, or
 * one removed. The PDF the parties see and the seal covers is the files' PDFs
 * joined in order; it is made again, outside the transaction, at each change, and the change is
 * recorded only if the files are still those it was made from.
 */
public final class DocumentFiles {
    /** Enough for an agreement with its annexes; each file costs a join of all of them at every change. */
    public static final int MAX_FILES = 20;
    /** As for one upload: a document's joined pages stay within what intake lets one PDF have. */
    public static final int MAX_PAGES = 1000;

    private final Database db;
    private final DocumentStore documents;
    private final DocumentFileStore rows;
    private final FieldStore fields;
    private final StoredFiles files;
    private final AuditStore audit;
    private final DocumentAccess access;
    private final DetectedFields detected;
    private final WorkGate gate;

    public DocumentFiles(DocumentStores s, WorkGate gate) {
        this.db = s.db();
        this.documents = s.documents();
        this.rows = s.documentFiles();
        this.fields = s.fields();
        this.files = s.files();
        this.audit = s.audit();
        this.access = new DocumentAccess(s);
        this.detected = new DetectedFields(s);
        this.gate = gate;
    }

    /** The document's files in order; 404 or 403 as for the document. */
    public FileLayout layout(Principal p, long documentId) {
        return db.read(() -> new FileLayout(rows.forDocument(access.read(p, documentId).id())));
    }

    /** Checks, before an upload is received, that {@code documentId} is the caller's draft with room for a file. */
    public void requireRoom(Principal p, long documentId) {
        db.read(() -> {
            Document d = requireDraft(access.require(p, documentId));
            if (rows.forDocument(d.id()).size() >= MAX_FILES) {
                throw Refusal.invalid("too_many_files", "A document holds at most " + MAX_FILES + " files.");
            }
            return d;
        });
    }

    /** Adds {@code file}, stored by the intake, after the draft's last file; answers the document as it now is. */
    public Document add(Principal p, long documentId, AcceptedFile file, Actor actor) throws IOException {
        FileLayout before = layout(p, documentId);
        requireRoom(p, documentId);
        if (before.totalPages() + file.totalPages() > MAX_PAGES) {
            throw Refusal.invalid("too_many_pages", "A document's files hold at most " + MAX_PAGES + " pages together; "
                    + "these would hold " + (before.totalPages() + file.totalPages()) + ".");
        }
        List<Long> pdfs = new ArrayList<>(before.files().stream().map(DocumentFile::pdfFileId).toList());
        pdfs.add(file.pdfFileId());
        StoredFiles.Saved joined = join(pdfs);
        List<String> erase = db.inTransaction(() -> {
            Document d = unchanged(p, documentId, before);
            DocumentFile added = rows.append(file.asFileOf(d.id()));
            files.claim(file.originalFileId(), file.pdfFileId(), joined.id());
            List<DocumentFile> now = new ArrayList<>(before.files());
            now.add(added);
            String note = "file " + added.id() + " (" + file.originalFilename() + ")"
                    + (file.removalNote() == null ? "" : "; " + file.removalNote());
            return changed(d, new FileLayout(now), joined.id(), "file_added", note, actor);
        });
        erase.forEach(files::erase);
        return db.read(() -> access.require(p, documentId));
    }

    /**
     * Removes file {@code fileId} from the draft. The last file stays (a document is made of at least one),
     * and a file with fields on it stays until the fields are saved without them: 400 {@code last_file}
     * or {@code file_has_fields}, changing nothing. Fields on later files keep their place in their file.
     */
    public Document remove(Principal p, long documentId, long fileId, Actor actor) throws IOException {
        FileLayout before = layout(p, documentId);
        requireDraft(db.read(() -> access.require(p, documentId)));
        DocumentFile gone = before.file(fileId).orElseThrow(() -> Refusal.notFound("File"));
        if (before.files().size() == 1) {
            throw Refusal.invalid("last_file", "A document keeps at least one file; this is its last.");
        }
        int from = before.offset(fileId) + 1;
        int to = from + gone.totalPages() - 1;
        List<DocumentFile> kept = before.files().stream().filter(f -> f.id() != fileId).toList();
        requireNoFields(documentId, from, to);
        long pdf = kept.size() == 1 ? kept.get(0).pdfFileId()
                : join(kept.stream().map(DocumentFile::pdfFileId).toList()).id();
        List<String> erase = db.inTransaction(() -> {
            Document d = unchanged(p, documentId, before);
            requireNoFields(d.id(), from, to);
            rows.delete(fileId);
            fields.movePagesUp(d.id(), to, gone.totalPages());
            if (from == 1) {
                // The fields found at upload were the first file's: its form goes with it.
                detected.recordJson(d.id(), "[]");
            }
            files.claim(pdf);
            List<String> names = changed(d, new FileLayout(kept), pdf, "file_removed",
                    "file " + fileId + " (" + gone.originalFilename() + ")", actor);
            forgetAll(new LinkedHashSet<>(List.of(gone.originalFileId(), gone.pdfFileId()))).forEach(names::add);
            return names;
        });
        erase.forEach(files::erase);
        return db.read(() -> access.require(p, documentId));
    }

    private void requireNoFields(long documentId, int from, int to) {
        int on = db.read(() -> fields.countOnPages(documentId, from, to));
        if (on > 0) {
            throw Refusal.invalid("file_has_fields", on + " field(s) lie on this file; save the fields without them "
                    + "before removing it.", Map.of("fields", on));
        }
    }

    private static Document requireDraft(Document d) {
        if (d.status() != DocumentStatus.DRAFT) {
            throw Workflow.invalidState("Files can be added or removed only while the document is a draft; it is "
                    + d.status().wire() + ".");
        }
        return d;
    }

    /** The draft, in the transaction, if its files are still {@code before}'s; 409 {@code files_changed} if not. */
    private Document unchanged(Principal p, long documentId, FileLayout before) {
        Document d = requireDraft(access.require(p, documentId));
        List<Long> ids = rows.forDocument(d.id()).stream().map(DocumentFile::id).toList();
        if (!ids.equals(before.files().stream().map(DocumentFile::id).toList())) {
            throw Refusal.conflict("files_changed", "The document's files changed meanwhile; try again.");
        }
        return d;
    }

    /**
     * Records {@code layout} with {@code pdf} as the joined PDF and the trail's event; answers the stored
     * files no longer needed (the joined PDF replaced), to erase once the transaction commits.
     */
    private List<String> changed(Document d, FileLayout layout, long pdf, String action, String note, Actor actor) {
        documents.changeFiles(d.id(), layout, pdf);
        audit.record(d.id(), action, actor, note);
        Set<Long> ownPdfs = new LinkedHashSet<>();
        layout.files().forEach(f -> ownPdfs.add(f.pdfFileId()));
        List<String> names = new ArrayList<>();
        if (d.pdfFileId() != pdf && !ownPdfs.contains(d.pdfFileId())) {
            forgetAll(Set.of(d.pdfFileId())).forEach(names::add);
        }
        return names;
    }

    private List<String> forgetAll(Set<Long> ids) {
        List<String> names = new ArrayList<>();
        ids.forEach(id -> files.forget(id).ifPresent(names::add));
        return names;
    }

    private StoredFiles.Saved join(List<Long> pdfFileIds) throws IOException {
        return JoinedFiles.join(files, gate, pdfFileIds);
    }
}
