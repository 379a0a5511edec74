package org.signet.domain;

import java.util.List;

/**
 * One file of a document as stored: its original (as uploaded) and the PDF its pages come from, its
 * page sizes, and {@code position}, which orders a document's files (it may have gaps once a file is
 * removed; the order shown is the rank).
 */
public record DocumentFile(long id, long documentId, int position, String originalFilename, String mediaType,
        int totalPages, List<PageSize> pages, long originalFileId, long pdfFileId, String fileHash) {

    public DocumentFile {
        pages = List.copyOf(pages);
    }

    /** This file as one of {@code ownerId}'s, to be appended: its id and position are given then. */
    public DocumentFile of(long ownerId) {
        return new DocumentFile(0, ownerId, 0, originalFilename, mediaType, totalPages, pages, originalFileId, pdfFileId,
                fileHash);
    }
}
