package org.signet.pdf.verify;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;

/**
 * A signature's {@code /ByteRange} checked against the file: two ranges, the first from the start,
 * with exactly the hex string {@code /Contents} between them (ISO 32000-1 §12.8.1), and the bytes
 * they name read from disk rather than trusted from the parser.
 */
record ByteRange(long firstLength, long secondStart, long secondLength) {

    /** Largest decoded /Contents read: room for a CMS with its chain, revocation data and a timestamp. */
    static final int MAX_CONTENTS = 1 << 20;

    /** Where the revision this range signs ends. */
    long end() {
        return secondStart + secondLength;
    }

    /** The range a signature dictionary names, or null when it is not two ranges around a gap inside the file. */
    static ByteRange of(COSDictionary signature, long fileLength) {
        COSArray a = signature.getCOSArray(COSName.BYTERANGE);
        if (a == null || a.size() != 4) {
            return null;
        }
        long[] r = new long[4];
        for (int i = 0; i < 4; i++) {
            if (!(a.getObject(i) instanceof COSInteger n)) {
                return null;
            }
            r[i] = n.longValue();
        }
        boolean inside = r[0] == 0 && r[1] > 0 && r[2] > r[1] + 1 && r[2] <= fileLength && r[3] >= 0
                && r[3] <= fileLength - r[2];
        return inside ? new ByteRange(r[1], r[2], r[3]) : null;
    }

    /** Writes the signed bytes, both ranges, to {@code out}. */
    void writeTo(RandomAccessFile file, OutputStream out) throws IOException {
        copy(file, 0, firstLength, out);
        copy(file, secondStart, secondLength, out);
    }

    /**
     * The signature value: the hex string that fills the gap, decoded; null when the gap holds
     * anything else or more than {@link #MAX_CONTENTS} bytes.
     */
    byte[] contents(RandomAccessFile file) throws IOException {
        long gap = secondStart - firstLength;
        if (gap > 2L * MAX_CONTENTS + 2) {
            return null;
        }
        byte[] hex = new byte[(int) gap];
        file.seek(firstLength);
        file.readFully(hex);
        if (hex[0] != '<' || hex[hex.length - 1] != '>') {
            return null;
        }
        StringBuilder digits = new StringBuilder(hex.length);
        for (int i = 1; i < hex.length - 1; i++) {
            char c = (char) hex[i];
            if (Character.digit(c, 16) >= 0) {
                digits.append(c);
            } else if (!isWhiteSpace(c)) {
                return null;
            }
        }
        if (digits.length() % 2 != 0) {
            digits.append('0'); // a final odd digit counts as followed by 0 (ISO 32000-1 §7.3.4.3)
        }
        return HexFormat.of().parseHex(digits);
    }

    /** Whether the range ends just after an end-of-file marker and its line end, as a revision does. */
    boolean endsAtEndOfFileMarker(RandomAccessFile file) throws IOException {
        int tail = (int) Math.min(end(), 16);
        byte[] last = new byte[tail];
        file.seek(end() - tail);
        file.readFully(last);
        int i = tail;
        while (i > 0 && (last[i - 1] == '\n' || last[i - 1] == '\r')) {
            i--;
        }
        return tail - i <= 2 && i >= 5 && new String(last, i - 5, 5, java.nio.charset.StandardCharsets.US_ASCII)
                .equals("%%EOF");
    }

    /**
     * The SHA-256 of the file's first {@code n} bytes for each {@code n} in {@code ends}, read in one
     * pass: the file as it was at each signed revision, and at its own length the whole file.
     */
    static Map<Long, String> prefixDigests(RandomAccessFile file, SortedSet<Long> ends) throws IOException {
        Map<Long, String> out = new TreeMap<>();
        MessageDigest sha = sha256();
        byte[] buffer = new byte[64 * 1024];
        long at = 0;
        file.seek(0);
        for (long end : ends) {
            for (int n; at < end; at += n) {
                n = file.read(buffer, 0, (int) Math.min(buffer.length, end - at));
                if (n < 0) {
                    throw new IOException("the file ended at " + at + " before " + end);
                }
                sha.update(buffer, 0, n);
            }
            out.put(end, HexFormat.of().formatHex(clone(sha).digest()));
        }
        return out;
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static MessageDigest clone(MessageDigest d) {
        try {
            return (MessageDigest) d.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be cloned", e);
        }
    }

    private static boolean isWhiteSpace(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0;
    }

    private static void copy(RandomAccessFile file, long from, long length, OutputStream out) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        file.seek(from);
        for (long left = length; left > 0;) {
            int n = file.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new IOException("the file ended inside a signed range");
            }
            out.write(buffer, 0, n);
            left -= n;
        }
    }
}
