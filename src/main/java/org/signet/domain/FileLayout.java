package org.signet.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a document's files lie on its joined pages: the files in order, each starting on the page after
 * the previous one ends. Fields are stored on the joined pages; the interface names them by file and
 * page inside it, and this turns one into the other.
 */
public record FileLayout(List<DocumentFile> files) {

    /** A page of one file: which file (with its rank from 1) and the page inside it, from 1. */
    public record Place(DocumentFile file, int order, int page) {}

    public FileLayout {
        files = List.copyOf(files);
    }

    public DocumentFile first() {
        return files.get(0);
    }

    public Optional<DocumentFile> file(long fileId) {
        return files.stream().filter(f -> f.id() == fileId).findFirst();
    }

    /** The joined page just before file {@code fileId}'s first page: 0 for the first file. */
    public int offset(long fileId) {
        int offset = 0;
        for (DocumentFile f : files) {
            if (f.id() == fileId) {
                return offset;
            }
            offset += f.totalPages();
        }
        throw new IllegalArgumentException("no file " + fileId + " in this document");
    }

    /** Where joined page {@code page} (from 1) lies; a page past the end is placed in the last file. */
    public Place place(int page) {
        int offset = 0;
        for (int i = 0; i < files.size(); i++) {
            DocumentFile f = files.get(i);
            if (page <= offset + f.totalPages() || i == files.size() - 1) {
                return new Place(f, i + 1, page - offset);
            }
            offset += f.totalPages();
        }
        throw new IllegalStateException("a document has at least one file");
    }

    /** Every page size, the files' in order: the joined document's pages. */
    public List<PageSize> pages() {
        List<PageSize> all = new ArrayList<>();
        files.forEach(f -> all.addAll(f.pages()));
        return all;
    }

    public int totalPages() {
        return files.stream().mapToInt(DocumentFile::totalPages).sum();
    }
}
