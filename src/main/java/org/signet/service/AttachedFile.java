package org.signet.service;

import java.util.List;
import org.signet.domain.AttachmentKind;

/**
 * A file a signer attached that passed intake and is stored encrypted: {@code fileId} is the file as
 * kept (an image as uploaded, a PDF with its active content taken out), {@code pdfFileId} the PDF the
 * sealed document appends (the same file for a PDF); {@code size} and {@code sha256} are the kept file's.
 */
public record AttachedFile(String filename, AttachmentKind kind, long fileId, long pdfFileId, long size,
        String sha256, List<String> removed) {

    public AttachedFile {
        removed = List.copyOf(removed);
    }

    /** The stored files: one for a PDF, two for an image. */
    long[] fileIds() {
        return fileId == pdfFileId ? new long[] {fileId} : new long[] {fileId, pdfFileId};
    }
}
