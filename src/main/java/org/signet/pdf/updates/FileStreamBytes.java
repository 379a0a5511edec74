package org.signet.pdf.updates;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.signet.crypto.Tokens;

/** A stream's stored bytes at a place in the file, hashed by reading them when asked and not before. */
final class FileStreamBytes implements RawValue.StreamBytes {
    private final RawBytes bytes;
    private final long start;
    private final long length;

    FileStreamBytes(RawBytes bytes, long start, long length) {
        this.bytes = bytes;
        this.start = start;
        this.length = length;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String sha256() throws IOException {
        MessageDigest sha = Tokens.digest();
        RandomAccessFile file = bytes.file();
        byte[] buffer = new byte[64 * 1024];
        file.seek(start);
        for (long left = length; left > 0;) {
            int n = file.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new IOException("the file ended inside a stream");
            }
            sha.update(buffer, 0, n);
            left -= n;
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The first {@code length} bytes, for a stream the reader must decode itself; the caller bounds it. */
    byte[] read() throws IOException {
        return bytes.read(start, (int) length);
    }
}
