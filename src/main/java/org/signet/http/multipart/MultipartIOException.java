package org.signet.http.multipart;

import java.io.IOException;
import java.util.Objects;

/**
 * Carries a {@link MultipartException} out of a part's {@code InputStream}, whose methods may only
 * throw {@code IOException}, so callers can tell a bad or oversized body from a failing connection.
 */
public final class MultipartIOException extends IOException {
    private static final long serialVersionUID = 1L;

    public MultipartIOException(MultipartException reason) {
        super(Objects.requireNonNull(reason, "reason").getMessage(), reason);
    }

    /** The refusal this exception carries. */
    public MultipartException reason() {
        return (MultipartException) getCause();
    }
}
