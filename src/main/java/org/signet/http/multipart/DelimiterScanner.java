package org.signet.http.multipart;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A buffered view of a multipart body that finds delimiter lines with a Boyer-Moore-Horspool
 * search over a 64 KiB buffer and enforces the body byte limit while reading.
 */
final class DelimiterScanner {
    static final int BUFFER_SIZE = 64 * 1024;
    /** Whitespace allowed between a boundary and its CRLF (RFC 2046 §5.1.1 transport-padding). */
    private static final int MAX_PADDING = 256;

    private final InputStream in;
    private final long maxBytes;
    private final byte[] delimiter;
    private final int[] shift = new int[256];
    private final byte[] buf = new byte[BUFFER_SIZE];
    private long consumed;
    private int pos;
    private int lim;
    /** Start of the delimiter that ends the current content, or -1 while not yet found. */
    private int found = -1;
    /** No delimiter starts before this index; saves rescanning bytes already searched. */
    private int scanned;
    private MultipartException failure;

    DelimiterScanner(InputStream in, String boundary, long maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.US_ASCII);
        Arrays.fill(shift, delimiter.length);
        for (int i = 0; i < delimiter.length - 1; i++) {
            shift[delimiter[i] & 0xff] = delimiter.length - 1 - i;
        }
        // RFC 2046 §5.1.1: the CRLF before a boundary belongs to the boundary, and the first
        // boundary may open the body; a virtual leading CRLF lets one search find every one.
        buf[0] = '\r';
        buf[1] = '\n';
        lim = 2;
    }

    /** Copies content bytes that precede the next delimiter; -1 once that delimiter is reached. */
    int readContent(byte[] b, int off, int len) throws IOException {
        int ready = contentReady();
        while (ready == 0 && found != pos) {
            fill();
            ready = contentReady();
        }
        if (ready == 0) {
            return -1;
        }
        int n = Math.min(ready, len);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    /** Discards whatever content remains before the next delimiter. */
    void skipContent() throws IOException {
        while (true) {
            pos += contentReady();
            if (found == pos) {
                return;
            }
            fill();
        }
    }

    /** Content bytes available without reading from the body. */
    int contentReady() throws IOException {
        failIfFailed();
        if (found < 0) {
            search();
        }
        return (found >= 0 ? found : Math.max(scanned, pos)) - pos;
    }

    /**
     * Consumes the delimiter found by {@link #skipContent} and the rest of its line; true when it
     * was the close delimiter, whose epilogue is left unread.
     */
    boolean finishDelimiter() throws IOException {
        pos = found + delimiter.length;
        found = -1;
        scanned = pos;
        ensure(2);
        if (buf[pos] == '-' && buf[pos + 1] == '-') {
            pos += 2;
            return true;
        }
        for (int padding = 0; ensure(1) && (buf[pos] == ' ' || buf[pos] == '\t'); padding++) {
            if (padding == MAX_PADDING) {
                throw fail(new MultipartException("malformed boundary line"));
            }
            pos++;
        }
        ensure(2);
        if (buf[pos] != '\r' || buf[pos + 1] != '\n') {
            throw fail(new MultipartException("malformed boundary line"));
        }
        pos += 2;
        return false;
    }

    /** Reads header lines up to the empty line that ends them, refusing more than maxBytes. */
    List<String> readHeaderLines(int maxBytes) throws IOException {
        List<String> lines = new ArrayList<>();
        int budget = maxBytes;
        while (true) {
            int end = findLineEnd(budget);
            int length = end - pos;
            budget -= length + 2;
            if (length == 0) {
                pos = end + 2;
                return lines;
            }
            // Browsers send header parameters such as file names as raw UTF-8 (RFC 7578 §5.1.1).
            lines.add(new String(buf, pos, length, StandardCharsets.UTF_8));
            pos = end + 2;
        }
    }

    private int findLineEnd(int budget) throws IOException {
        int checked = 0;
        while (true) {
            for (int i = pos + checked; i < lim - 1; i++) {
                if (buf[i] == '\r' && buf[i + 1] == '\n') {
                    if (i + 2 - pos > budget) {
                        break;
                    }
                    return i;
                }
            }
            if (lim - pos >= budget) {
                throw fail(new MultipartException("part headers exceed " + MultipartReader.MAX_HEADER_BYTES
                        + " bytes"));
            }
            checked = Math.max(0, lim - 1 - pos);
            fill();
        }
    }

    private void search() {
        int n = delimiter.length;
        int last = lim - n;
        int i = Math.max(scanned, pos);
        while (i <= last) {
            int j = n - 1;
            while (j >= 0 && buf[i + j] == delimiter[j]) {
                j--;
            }
            if (j < 0) {
                found = i;
                return;
            }
            i += shift[buf[i + n - 1] & 0xff];
        }
        scanned = Math.max(Math.max(scanned, pos), last + 1);
    }

    private boolean ensure(int n) throws IOException {
        while (lim - pos < n) {
            fill();
        }
        return true;
    }

    /** Moves unread bytes to the front and reads more, never more than one byte past the limit. */
    private void fill() throws IOException {
        failIfFailed();
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            scanned = Math.max(0, scanned - pos);
            found = found >= 0 ? found - pos : -1;
            pos = 0;
        }
        long room = maxBytes - consumed;
        int want = room < buf.length - lim ? (int) room + 1 : buf.length - lim;
        if (want == 0) {
            throw new IllegalStateException("scanner buffer full");
        }
        int n = in.read(buf, lim, want);
        if (n < 0) {
            throw fail(new MultipartException("body ended before the closing boundary"));
        }
        consumed += n;
        lim += n;
        if (consumed > maxBytes) {
            throw fail(new MultipartException("body exceeds " + maxBytes + " bytes", true));
        }
    }

    private void failIfFailed() throws MultipartIOException {
        if (failure != null) {
            throw new MultipartIOException(failure);
        }
    }

    private MultipartIOException fail(MultipartException e) {
        failure = e;
        return new MultipartIOException(e);
    }
}
