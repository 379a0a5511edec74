package org.signet.domain;

import java.util.List;

/** What a new template is made of: its owner and team (or null), name and description, and its own copy of the stored files. */
public record NewTemplate(long ownerId, String name, String description, String originalFilename, String mediaType,
        List<PageSize> pages, long originalFileId, long pdfFileId, String fileHash, Long teamId) {

    public NewTemplate {
        pages = List.copyOf(pages);
    }
}
