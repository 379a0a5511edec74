package org.signet.service;

import java.util.List;
import org.signet.domain.DocumentFile;
import org.signet.domain.MediaKind;
import org.signet.domain.PageSize;
import org.signet.pdf.intake.DetectedField;

/**
 * An upload that passed intake and is stored encrypted: the client's file name (or
 * {@code document.<ext>} when it gave none), what it is, its pages, and the stored original and PDF
 * (the same file for a PDF upload without active content). {@code fileHash} is the SHA-256 of the
 * original bytes; {@code removed} names the kinds of active content taken out of the PDF;
 * {@code detected} are the fields found in it (text tags and form fields).
 */
public record AcceptedFile(String originalFilename, MediaKind kind, int totalPages, List<PageSize> pages,
        long originalFileId, long pdfFileId, String fileHash, List<String> removed, List<DetectedField> detected) {

    public AcceptedFile {
        pages = List.copyOf(pages);
        removed = List.copyOf(removed);
        detected = List.copyOf(detected);
    }

    /** A file whose fields are not looked for again: a staged file or a template's copy. */
    public AcceptedFile(String originalFilename, MediaKind kind, int totalPages, List<PageSize> pages,
            long originalFileId, long pdfFileId, String fileHash, List<String> removed) {
        this(originalFilename, kind, totalPages, pages, originalFileId, pdfFileId, fileHash, removed, List.of());
    }

    /** The audit trail's note of what was taken out, or null when nothing was. */
    public String removalNote() {
        return removed.isEmpty() ? null : "active content removed: " + String.join(", ", removed);
    }

    /** This file as one more of document or template {@code ownerId}'s files; its id and position are given as it is appended. */
    public DocumentFile asFileOf(long ownerId) {
        return new DocumentFile(0, ownerId, 0, originalFilename, kind.mediaType(), totalPages, pages, originalFileId,
                pdfFileId, fileHash);
    }
}
