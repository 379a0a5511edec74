package org.signet.http;

import java.util.List;
import org.signet.log.AccessLines;

/**
 * The dispatcher's line per request in the access log ({@link AccessLines}): method, path, status,
 * milliseconds, key id, request id. Signing and public links' tokens are credentials, so the token segment of
 * {@code /sign/...} and {@code /p/...} paths is masked; query strings (which may carry {@code wps_sign}) are never logged.
 */
final class AccessLog {
    /** Paths whose next segment is a link's token. */
    private static final List<String> TOKEN_PATHS = List.of("/sign/", "/p/");

    AccessLog() {
    }

    void record(String method, String rawPath, int status, long startedNanos, Request request, String requestId) {
        if (!AccessLines.enabled()) {
            return;
        }
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        Caller caller = request == null ? null : request.callerOrNull();
        String key = caller == null ? "-" : String.valueOf(caller.keyId());
        AccessLines.request(method, mask(rawPath), status, millis, key, requestId, null);
    }

    /** The path with a signing link's or a public link's token, a credential each, left out. */
    static String mask(String path) {
        for (String prefix : TOKEN_PATHS) {
            if (path != null && path.startsWith(prefix)) {
                int end = path.indexOf('/', prefix.length());
                return prefix + "****" + (end < 0 ? "" : path.substring(end));
            }
        }
        return path;
    }
}
