package org.signet.http.multipart;

/** A multipart/form-data body that Signet refuses: malformed, truncated or over the size limit. */
public final class MultipartException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean tooLarge;

    public MultipartException(String message) {
        this(message, false);
    }

    public MultipartException(String message, boolean tooLarge) {
        super(message);
        this.tooLarge = tooLarge;
    }

    /** True when the body was refused because it exceeded the byte limit, so the caller can answer 413. */
    public boolean tooLarge() {
        return tooLarge;
    }
}
