package org.signet.bench;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One HTTP response as the bench's client read it: status, headers (names in lower case) and body. */
record Reply(int status, Map<String, String> headers, byte[] body) {
    Reply {
        headers = Map.copyOf(headers);
    }

    boolean ok() {
        return status >= 200 && status < 300;
    }

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    String header(String name) {
        return headers.get(name);
    }
}
