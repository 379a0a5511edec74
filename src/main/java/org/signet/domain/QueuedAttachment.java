package org.signet.domain;

import java.util.Objects;

/**
 * A file to attach to a queued message, named by its stored file rather than held in memory, so
 * the queue row stays small; the sender loads the bytes when it delivers.
 */
public record QueuedAttachment(String filename, String contentType, long storedFileId) {

    public QueuedAttachment {
        Objects.requireNonNull(filename, "filename");
        Objects.requireNonNull(contentType, "contentType");
    }
}
