package org.signet.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * Streams the plaintext of a stored file one authenticated chunk at a time; no byte of a chunk is
 * released before its tag has been checked, and the stream ends only after the last-chunk mark.
 */
final class DecryptingInputStream extends InputStream {
    private final PushbackInputStream in;
    private final ChunkCipher cipher;
    private final String name;
    private final byte[] sealed = new byte[ChunkCipher.SEALED_CHUNK_SIZE];
    private final byte[] plain = new byte[ChunkCipher.SEALED_CHUNK_SIZE];
    private long index;
    private int pos;
    private int lim;
    private boolean lastSeen;

    /** Checks the header at once, so a file that is not a vault file fails on open. */
    DecryptingInputStream(InputStream in, ChunkCipher cipher, String name) throws IOException {
        this.in = new PushbackInputStream(in, 1);
        this.cipher = cipher;
        this.name = name;
        byte[] header = this.in.readNBytes(ChunkCipher.HEADER.length);
        if (!Arrays.equals(header, ChunkCipher.HEADER)) {
            throw new IOException("stored file " + name + " is not a Signet vault file of a known version");
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        while (pos == lim) {
            if (lastSeen) {
                return -1;
            }
            nextChunk();
        }
        int n = Math.min(len, lim - pos);
        System.arraycopy(plain, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int available() {
        return lim - pos;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** A short chunk, or a full one with nothing after it, must be the one sealed as last. */
    private void nextChunk() throws IOException {
        int n = in.readNBytes(sealed, 0, sealed.length);
        boolean last = n < sealed.length || ChunkCipher.atEnd(in);
        if (n < ChunkCipher.TAG_BYTES) {
            throw new IOException("stored file " + name + " is truncated at chunk " + index);
        }
        try {
            lim = cipher.apply(index, last, sealed, n, plain);
        } catch (IOException e) {
            throw new IOException("stored file " + name + ": " + e.getMessage(), e);
        }
        pos = 0;
        lastSeen = last;
        index++;
    }
}
