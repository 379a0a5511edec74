package org.signet.http.front;

import java.nio.ByteBuffer;

/** Where the body of one request ends as it passes through: after its Content-Length, or its last chunk. */
final class RequestBody {
    private final ChunkedBody chunks;
    private long remaining;

    private RequestBody(ChunkedBody chunks, long remaining) {
        this.chunks = chunks;
        this.remaining = remaining;
    }

    static RequestBody of(RequestHead head) {
        return head.chunked() ? new RequestBody(new ChunkedBody(), 0) : new RequestBody(null, head.contentLength());
    }

    /** Of the {@code available} bytes at the start of {@code b}, how many belong to this body. */
    int take(ByteBuffer b, int available) {
        if (chunks != null) {
            return chunks.feed(b, 0, available);
        }
        int n = (int) Math.min(available, remaining);
        remaining -= n;
        return n;
    }

    boolean done() {
        return chunks != null ? chunks.done() : remaining == 0;
    }

    boolean malformed() {
        return chunks != null && chunks.malformed();
    }
}
