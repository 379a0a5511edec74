package org.signet.domain;

import java.util.List;

/** A document kept for reuse: its own copy of the file, who made it and the team it belongs to (or null). Times are Unix seconds. */
public record Template(long id, long ownerId, String name, String description, String originalFilename,
        String mediaType, int totalPages, List<PageSize> pages, long originalFileId, long pdfFileId, String fileHash,
        long createdAt, long updatedAt, Long teamId) implements Owned {

    public Template {
        pages = List.copyOf(pages);
    }
}
