package org.signet.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.regex.Pattern;

/**
 * Watches whether a request's body was read to its end. A handler that answers early (a body over a
 * limit, say) leaves the rest unread, and the JDK server then closes the connection after the answer;
 * the answer has to say so with {@code Connection: close} (RFC 9112 section 9.6), or a client would
 * send its next request on a connection that is about to close and never hear back.
 */
final class UnreadBody extends FilterInputStream {
    /** Compiled once: every request is asked. */
    private static final Pattern ZEROS = Pattern.compile("0+");
    private final boolean announced;
    private boolean ended;

    private UnreadBody(InputStream in, boolean announced) {
        super(in);
        this.announced = announced;
    }

    /** Puts a watch on {@code exchange}'s request body; handlers read it through the watch from now on. */
    static UnreadBody watch(HttpExchange exchange) {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        boolean announced = exchange.getRequestHeaders().containsKey("Transfer-Encoding")
                || length != null && !ZEROS.matcher(length).matches();
        UnreadBody body = new UnreadBody(exchange.getRequestBody(), announced);
        exchange.setStreams(body, null);
        return body;
    }

    /** Whether the request came with a body whose end nobody has read. */
    boolean leftUnread() {
        return announced && !ended;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        ended |= b < 0;
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        ended |= n < 0;
        return n;
    }

    /** Skips by reading, so that the end is noticed however the body is consumed. */
    @Override
    public long skip(long n) throws IOException {
        return skipByReading(this, n);
    }

    /** Skips {@code n} bytes of {@code in} through its own {@code read}, so that a stream counting what it reads sees them. */
    static long skipByReading(InputStream in, long n) throws IOException {
        byte[] buffer = new byte[(int) Math.min(Math.max(n, 0), 8192)];
        long skipped = 0;
        while (skipped < n) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
            if (read < 0) {
                break;
            }
            skipped += read;
        }
        return skipped;
    }
}
