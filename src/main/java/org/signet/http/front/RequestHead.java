package org.signet.http.front;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A request head the front has checked: method, target in origin form, version, its header fields in
 * order, and how its body is framed. Written out again in a canonical form for the server behind the
 * front, so that the front and that server cannot read one request two ways.
 */
record RequestHead(String method, String target, String version, List<Field> fields, long contentLength,
        boolean chunked) {

    /** One header field as the client sent it, name and value trimmed. */
    record Field(String name, String value) {}

    RequestHead {
        fields = List.copyOf(fields);
    }

    boolean hasBody() {
        return chunked || contentLength > 0;
    }

    /** The head as CRLF-terminated lines, with {@code extra} added as the last field. */
    byte[] toBytes(Field extra) {
        StringBuilder out = new StringBuilder(256 + fields.size() * 48);
        out.append(method).append(' ').append(target).append(' ').append(version).append("\r\n");
        for (Field f : fields) {
            out.append(f.name()).append(": ").append(f.value()).append("\r\n");
        }
        out.append(extra.name()).append(": ").append(extra.value()).append("\r\n\r\n");
        // ISO-8859-1 gives back exactly the bytes the head was read from.
        return out.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
