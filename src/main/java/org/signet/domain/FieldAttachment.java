package org.signet.domain;

import java.util.Objects;

/**
 * A file a signer attached to their attachment field: {@code fileId} is the file as kept (an image as
 * uploaded, a PDF with its active content taken out), {@code pdfFileId} the PDF whose pages the sealed
 * document appends (the same file for a PDF); {@code size} and {@code sha256} are those of the kept file.
 */
public record FieldAttachment(long fieldId, long documentId, long signerId, long fileId, long pdfFileId,
        AttachmentKind kind, String filename, long size, String sha256, long createdAt) {

    public FieldAttachment {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(filename, "filename");
        Objects.requireNonNull(sha256, "sha256");
    }

    /** The stored files this attachment holds: one for a PDF, two for an image. */
    public long[] fileIds() {
        return fileId == pdfFileId ? new long[] {fileId} : new long[] {fileId, pdfFileId};
    }
}
