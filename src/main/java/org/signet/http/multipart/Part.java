package org.signet.http.multipart;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/** One part of a multipart/form-data body, whose content is streamed from the body as it is read. */
public final class Part {
    private final String name;
    private final Optional<String> filename;
    private final String contentType;
    private final InputStream content;

    Part(String name, Optional<String> filename, String contentType, InputStream content) {
        this.name = Objects.requireNonNull(name, "name");
        this.filename = Objects.requireNonNull(filename, "filename");
        this.contentType = Objects.requireNonNull(contentType, "contentType");
        this.content = Objects.requireNonNull(content, "content");
    }

    /** The form field name. */
    public String name() {
        return name;
    }

    /**
     * The client's file name exactly as sent, path included; {@code filename*} (RFC 5987) wins over
     * {@code filename}. Removing a path is the caller's decision.
     */
    public Optional<String> filename() {
        return filename;
    }

    /** The declared media type, {@code text/plain} when absent (RFC 7578 §4.4); never trust it for files. */
    public String contentType() {
        return contentType;
    }

    /**
     * The part's content; it ends at the part's delimiter, and reading it may throw
     * {@link MultipartIOException} when the body is truncated or too large.
     */
    public InputStream content() {
        return content;
    }

    /** Reads the whole content as UTF-8 text of at most maxChars UTF-16 chars. */
    public String readText(int maxChars) throws IOException, MultipartException {
        if (maxChars < 0) {
            throw new IllegalArgumentException("maxChars must not be negative: " + maxChars);
        }
        // A UTF-16 char never takes more than 3 UTF-8 bytes, so more bytes than this is too long.
        int maxBytes = (int) Math.min(Integer.MAX_VALUE - 8, 3L * maxChars);
        byte[] bytes;
        try {
            bytes = content.readNBytes(maxBytes + 1);
        } catch (MultipartIOException e) {
            throw e.reason();
        }
        if (bytes.length > maxBytes) {
            throw tooLong(maxChars);
        }
        String text = decodeUtf8(bytes);
        if (text.length() > maxChars) {
            throw tooLong(maxChars);
        }
        return text;
    }

    private MultipartException tooLong(int maxChars) {
        return new MultipartException("field '" + name + "' is longer than " + maxChars + " characters");
    }

    private String decodeUtf8(byte[] bytes) throws MultipartException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MultipartException("field '" + name + "' is not valid UTF-8");
        }
    }

    @Override
    public String toString() {
        return "Part[name=" + name + ", filename=" + filename.orElse("") + ", contentType=" + contentType + "]";
    }
}
