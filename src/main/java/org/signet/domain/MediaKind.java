package org.signet.domain;

import java.util.Optional;

/** The kinds of file Signet accepts as a document, with their media type and file extension. */
public enum MediaKind {
    PDF("application/pdf", "pdf"),
    PNG("image/png", "png"),
    JPEG("image/jpeg", "jpg");

    private final String mediaType;
    private final String extension;

    MediaKind(String mediaType, String extension) {
        this.mediaType = mediaType;
        this.extension = extension;
    }

    /** The IANA media type, e.g. {@code application/pdf}. */
    public String mediaType() {
        return mediaType;
    }

    /** The kind whose media type this is, as stored with a document. */
    public static MediaKind ofMediaType(String mediaType) {
        return find(mediaType).orElseThrow(
                () -> new IllegalArgumentException("not a media type Signet accepts: " + mediaType));
    }

    /** The kind whose media type this is, or empty for a type Signet does not accept. */
    public static Optional<MediaKind> find(String mediaType) {
        for (MediaKind k : values()) {
            if (k.mediaType.equals(mediaType)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** The usual file extension without the dot, e.g. {@code jpg}. */
    public String extension() {
        return extension;
    }
}
