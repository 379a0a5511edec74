package org.signet.pdf.intake;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.signet.domain.MediaKind;

/** Decides what kind of file an upload is from its first bytes, never from its name or declared type. */
public final class FileSniffer {

    /** How many leading bytes {@link #sniff} looks at; PDF readers accept a header this far in. */
    public static final int HEAD_LENGTH = 1024;

    private static final byte[] PDF_MAGIC = {'%', 'P', 'D', 'F', '-'};
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final byte[] JPEG_MAGIC = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF};

    private FileSniffer() {
    }

    /** The first {@link #HEAD_LENGTH} bytes of {@code file} (fewer for a shorter file; none for an empty one). */
    public static byte[] head(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(HEAD_LENGTH);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the uploaded file " + file, e);
        }
    }

    /**
     * Returns the kind of file whose first {@code length} bytes are in {@code head}, or empty when
     * they match none of PDF, PNG or JPEG.
     *
     * @throws IllegalArgumentException when {@code length} is negative or beyond {@code head}
     */
    public static Optional<MediaKind> sniff(byte[] head, int length) {
        if (head == null) {
            throw new NullPointerException("head");
        }
        if (length < 0 || length > head.length) {
            throw new IllegalArgumentException("length " + length + " outside 0.." + head.length);
        }
        if (startsWith(head, length, 0, PNG_MAGIC)) {
            return Optional.of(MediaKind.PNG);
        }
        if (startsWith(head, length, 0, JPEG_MAGIC)) {
            return Optional.of(MediaKind.JPEG);
        }
        // Readers tolerate junk (e.g. a mail header) before %PDF- within the first kilobyte.
        int limit = Math.min(length, HEAD_LENGTH) - PDF_MAGIC.length;
        for (int offset = 0; offset <= limit; offset++) {
            if (startsWith(head, length, offset, PDF_MAGIC)) {
                return Optional.of(MediaKind.PDF);
            }
        }
        return Optional.empty();
    }

    private static boolean startsWith(byte[] head, int length, int offset, byte[] magic) {
        if (offset + magic.length > length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (head[offset + i] != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
