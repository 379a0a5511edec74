package org.signet.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.DocumentFile;
import org.signet.domain.FileLayout;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.domain.Template;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.store.DetectedFieldStore;
import org.signet.store.DocumentFileStore;
import org.signet.store.StoredFiles;
import org.signet.store.TeamStore;
import org.signet.store.TemplateStore;

/**
 * A template's files (see docs/api/templates.md, Several files), added and removed as a draft's are
 * (see {@link DocumentFiles}): within the same limits, never the last, never one with fields on it,
 * the joined PDF made again outside the transaction and recorded only if the files are still those
 * it was made from.
 */
public final class TemplateFiles {
    private final Database db;
    private final TemplateStore templates;
    private final DocumentFileStore rows;
    private final StoredFiles files;
    private final DetectedFieldStore detected;
    private final WorkGate gate;
    private final Ownership ownership;

    public TemplateFiles(Database db, TemplateStore templates, DocumentFileStore rows, StoredFiles files, WorkGate gate,
            TeamStore teams) {
        this.db = db;
        this.ownership = new Ownership(teams);
        this.templates = templates;
        this.rows = rows;
        this.files = files;
        this.detected = new DetectedFieldStore(db);
        this.gate = gate;
    }

    /** Checks, before an upload is received, that {@code templateId} is the caller's with room for a file. */
    public void requireRoom(Principal p, long templateId) {
        db.read(() -> {
            Template t = owned(p, templateId);
            if (rows.forDocument(t.id()).size() >= DocumentFiles.MAX_FILES) {
                throw Refusal.invalid("too_many_files", "A template holds at most " + DocumentFiles.MAX_FILES
                        + " files.");
            }
            return t;
        });
    }

    /** Adds {@code file}, stored by the intake, after the template's last file. */
    public void add(Principal p, long templateId, AcceptedFile file) throws IOException {
        FileLayout before = layout(p, templateId);
        requireRoom(p, templateId);
        int pages = before.totalPages() + file.totalPages();
        if (pages > DocumentFiles.MAX_PAGES) {
            throw Refusal.invalid("too_many_pages", "A template's files hold at most " + DocumentFiles.MAX_PAGES
                    + " pages together; these would hold " + pages + ".");
        }
        List<Long> pdfs = new ArrayList<>(before.files().stream().map(DocumentFile::pdfFileId).toList());
        pdfs.add(file.pdfFileId());
        StoredFiles.Saved joined = JoinedFiles.join(files, gate, pdfs);
        List<String> erase = db.inTransaction(() -> {
            Template t = unchanged(p, templateId, before);
            DocumentFile added = rows.append(file.asFileOf(t.id()));
            files.claim(file.originalFileId(), file.pdfFileId(), joined.id());
            List<DocumentFile> now = new ArrayList<>(before.files());
            now.add(added);
            return changed(t, new FileLayout(now), joined.id(), Set.of());
        });
        erase.forEach(files::erase);
    }

    /**
     * Removes file {@code fileId}: 400 {@code last_file} for the last, {@code file_has_fields} while fields
     * lie on it, changing nothing. Fields on later files keep their place in their file.
     */
    public void remove(Principal p, long templateId, long fileId) throws IOException {
        FileLayout before = layout(p, templateId);
        DocumentFile gone = before.file(fileId).orElseThrow(() -> Refusal.notFound("File"));
        if (before.files().size() == 1) {
            throw Refusal.invalid("last_file", "A template keeps at least one file; this is its last.");
        }
        int from = before.offset(fileId) + 1;
        int to = from + gone.totalPages() - 1;
        requireNoFields(templateId, from, to);
        List<DocumentFile> kept = before.files().stream().filter(f -> f.id() != fileId).toList();
        long pdf = kept.size() == 1 ? kept.get(0).pdfFileId()
                : JoinedFiles.join(files, gate, kept.stream().map(DocumentFile::pdfFileId).toList()).id();
        List<String> erase = db.inTransaction(() -> {
            Template t = unchanged(p, templateId, before);
            requireNoFields(t.id(), from, to);
            rows.delete(fileId);
            templates.moveFieldPagesUp(t.id(), to, gone.totalPages());
            if (from == 1) {
                // The fields found at upload were the first file's: its form goes with it.
                detected.putForTemplate(t.id(), "[]");
            }
            files.claim(pdf);
            return changed(t, new FileLayout(kept), pdf, new LinkedHashSet<>(List.of(gone.originalFileId(),
                    gone.pdfFileId())));
        });
        erase.forEach(files::erase);
    }

    /** The template's files in order; 404 or 403 as for the template. */
    public FileLayout layout(Principal p, long templateId) {
        return db.read(() -> new FileLayout(rows.forDocument(ownership.require(p, templates.find(templateId),
                TeamRole.VIEWER, "Template").id())));
    }

    /** Template {@code templateId}'s files in order, in the caller's transaction or read. */
    List<DocumentFile> files(long templateId) {
        return rows.forDocument(templateId);
    }

    /** Records {@code copies}, already stored, as the files of new template {@code templateId}, in order. */
    void record(long templateId, List<DocumentFile> copies) {
        copies.forEach(f -> rows.append(f.of(templateId)));
    }

    /** The stored files the template holds: each file's original and PDF, and the joined PDF. */
    Set<Long> storedFiles(Template t) {
        Set<Long> ids = new LinkedHashSet<>();
        rows.forDocument(t.id()).forEach(f -> ids.addAll(List.of(f.originalFileId(), f.pdfFileId())));
        ids.addAll(List.of(t.originalFileId(), t.pdfFileId()));
        return ids;
    }

    private void requireNoFields(long templateId, int from, int to) {
        int on = db.read(() -> templates.countFieldsOnPages(templateId, from, to));
        if (on > 0) {
            throw Refusal.invalid("file_has_fields", on + " field(s) lie on this file; save the fields without them "
                    + "before removing it.", Map.of("fields", on));
        }
    }

    /** The template, in the transaction, if its files are still {@code before}'s; 409 {@code files_changed} if not. */
    private Template unchanged(Principal p, long templateId, FileLayout before) {
        Template t = owned(p, templateId);
        List<Long> ids = rows.forDocument(t.id()).stream().map(DocumentFile::id).toList();
        if (!ids.equals(before.files().stream().map(DocumentFile::id).toList())) {
            throw Refusal.conflict("files_changed", "The template's files changed meanwhile; try again.");
        }
        return t;
    }

    /**
     * Records {@code layout} with {@code pdf} as the joined PDF; answers the stored files no longer needed
     * ({@code dropped} and the joined PDF replaced), to erase once the transaction commits.
     */
    private List<String> changed(Template t, FileLayout layout, long pdf, Set<Long> dropped) {
        templates.changeFiles(t.id(), layout, pdf);
        Set<Long> forget = new LinkedHashSet<>(dropped);
        boolean ownPdf = layout.files().stream().anyMatch(f -> f.pdfFileId() == t.pdfFileId());
        if (t.pdfFileId() != pdf && !ownPdf) {
            forget.add(t.pdfFileId());
        }
        List<String> names = new ArrayList<>();
        forget.forEach(id -> files.forget(id).ifPresent(names::add));
        return names;
    }

    private Template owned(Principal p, long id) {
        return ownership.require(p, templates.find(id), TeamRole.MEMBER, "Template");
    }
}
