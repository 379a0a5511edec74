package org.signet.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A request body that takes its SHA-256 as it is read, however the handler reads it (JSON at once, a
 * multipart upload streamed to a file), so an upload is fingerprinted without being held a second time.
 * Closing it leaves the rest unread for {@link #finish} to fingerprint; the exchange closes the stream.
 */
final class FingerprintedBody extends FilterInputStream {
    /** The SHA-256 of a body, in hex, and its length in bytes. */
    record Fingerprint(String sha256, long length) {}

    private final MessageDigest digest;
    private long length;

    private FingerprintedBody(InputStream in) {
        super(in);
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Puts the fingerprint between {@code exchange}'s request body and whoever reads it from now on. */
    static FingerprintedBody over(HttpExchange exchange) {
        FingerprintedBody body = new FingerprintedBody(exchange.getRequestBody());
        exchange.setStreams(body, null);
        return body;
    }

    /**
     * Reads what the handler left of the body, at most {@code maxMore} bytes, and gives the whole
     * body's fingerprint; empty when more than that was left, or the body could not be read to its end.
     */
    Optional<Fingerprint> finish(long maxMore) {
        byte[] buffer = new byte[8192];
        long more = 0;
        try {
            for (int n = read(buffer); n >= 0; n = read(buffer)) {
                more += n;
                if (more > maxMore) {
                    return Optional.empty();
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(new Fingerprint(HexFormat.of().formatHex(digest.digest()), length));
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            digest.update((byte) b);
            length++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            digest.update(b, off, n);
            length += n;
        }
        return n;
    }

    /** Skips by reading, so skipped bytes count in the fingerprint too. */
    @Override
    public long skip(long n) throws IOException {
        return UnreadBody.skipByReading(this, n);
    }

    /** Left open: what the handler did not read still belongs in the fingerprint. */
    @Override
    public void close() {
        // The exchange closes the underlying stream once the answer is written.
    }
}
