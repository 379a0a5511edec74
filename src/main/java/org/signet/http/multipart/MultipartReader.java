package org.signet.http.multipart;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a multipart/form-data body (RFC 7578 over RFC 2046 §5.1) one part at a time, streaming each
 * part's content and refusing bodies over a byte limit without reading the rest.
 */
public final class MultipartReader {
    static final int MAX_HEADER_BYTES = 16 * 1024;
    static final int MAX_PARTS = 50;
    private static final int MAX_BOUNDARY = 70;
    /** RFC 2046 §5.1.1 bchars, apart from the space that may not end a boundary. */
    private static final String BOUNDARY_CHARS =
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ";

    private final DelimiterScanner scanner;
    private PartContent current;
    private int parts;
    private boolean finished;
    private MultipartException failure;

    public MultipartReader(InputStream body, String boundary, long maxBodyBytes) {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(boundary, "boundary");
        if (boundary.isEmpty() || boundary.length() > MAX_BOUNDARY) {
            throw new IllegalArgumentException("boundary must be 1 to 70 characters");
        }
        if (maxBodyBytes < 0) {
            throw new IllegalArgumentException("maxBodyBytes must not be negative: " + maxBodyBytes);
        }
        this.scanner = new DelimiterScanner(body, boundary, maxBodyBytes);
    }

    /** Extracts the boundary from a {@code multipart/form-data} Content-Type header. */
    public static String boundaryOf(String contentType) throws MultipartException {
        if (contentType == null) {
            throw new MultipartException("missing Content-Type");
        }
        String malformed = "malformed Content-Type";
        HeaderParams parsed = HeaderParams.parse(contentType, malformed);
        if (!parsed.value().toLowerCase(Locale.ROOT).equals("multipart/form-data")) {
            throw new MultipartException("Content-Type is not multipart/form-data");
        }
        String boundary = parsed.params().get("boundary");
        if (boundary == null) {
            throw new MultipartException("missing boundary parameter in Content-Type");
        }
        if (boundary.isEmpty() || boundary.length() > MAX_BOUNDARY) {
            throw new MultipartException("boundary must be 1 to 70 characters");
        }
        for (int i = 0; i < boundary.length(); i++) {
            if (BOUNDARY_CHARS.indexOf(boundary.charAt(i)) < 0) {
                throw new MultipartException("boundary contains a character not allowed by RFC 2046");
            }
        }
        if (boundary.endsWith(" ")) {
            throw new MultipartException("boundary must not end with a space");
        }
        return boundary;
    }

    /**
     * Moves to the next part, skipping what was left unread of the previous one; empty after the
     * close delimiter. Once it has thrown, it throws the same refusal again.
     */
    public Optional<Part> next() throws IOException, MultipartException {
        if (failure != null) {
            throw failure;
        }
        try {
            return Optional.ofNullable(advance());
        } catch (MultipartIOException e) {
            failure = e.reason();
        } catch (MultipartException e) {
            failure = e;
        }
        throw failure;
    }

    private Part advance() throws IOException, MultipartException {
        if (finished) {
            return null;
        }
        skipToDelimiter();
        if (current != null) {
            current.stale = true;
        }
        if (scanner.finishDelimiter()) {
            finished = true;
            return null;
        }
        if (++parts > MAX_PARTS) {
            throw new MultipartException("more than " + MAX_PARTS + " parts");
        }
        Map<String, String> headers = headers(scanner.readHeaderLines(MAX_HEADER_BYTES));
        FormDataDisposition disposition = FormDataDisposition.parse(headers.get("content-disposition"));
        String type = headers.getOrDefault("content-type", "text/plain");
        current = new PartContent(scanner);
        return new Part(disposition.name(), disposition.filename(), type, current);
    }

    private void skipToDelimiter() throws IOException, MultipartException {
        try {
            scanner.skipContent();
        } catch (MultipartIOException e) {
            // Without a single delimiter the Content-Type named a boundary the body does not use.
            if (parts == 0 && current == null && !e.reason().tooLarge()) {
                throw new MultipartException(
                        "body ended before the closing boundary: no line holds the boundary from Content-Type");
            }
            throw e;
        }
    }

    /** Joins folded lines and keys headers by lower-cased name (RFC 7578 §4.8 ignores the others). */
    private static Map<String, String> headers(List<String> lines) throws MultipartException {
        Map<String, String> headers = new HashMap<>();
        String lastName = null;
        for (String line : lines) {
            if ((line.startsWith(" ") || line.startsWith("\t")) && lastName != null) {
                headers.merge(lastName, " " + line.trim(), String::concat);
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new MultipartException("malformed part header");
            }
            lastName = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            if (headers.putIfAbsent(lastName, line.substring(colon + 1).trim()) != null
                    && (lastName.equals("content-disposition") || lastName.equals("content-type"))) {
                throw new MultipartException("duplicate " + lastName + " header in a part");
            }
        }
        return headers;
    }

    /** A part's content, valid until the reader moves to the next part. */
    private static final class PartContent extends InputStream {
        private final DelimiterScanner scanner;
        private boolean stale;

        PartContent(DelimiterScanner scanner) {
            this.scanner = scanner;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            if (stale) {
                throw new IOException("part content is no longer readable: the reader moved to the next part");
            }
            return len == 0 ? 0 : scanner.readContent(b, off, len);
        }

        @Override
        public int available() throws IOException {
            return stale ? 0 : scanner.contentReady();
        }
    }
}
