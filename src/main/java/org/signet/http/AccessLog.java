package org.signet.http;

import org.signet.log.AccessLines;

/**
 * The dispatcher's line per request in the access log ({@link AccessLines}): method, path, status,
 * milliseconds, key id, request id. Signing tokens are credentials, so the token segment of
 * {@code /sign/...} paths is masked; query strings (which may carry {@code wps_sign}) are never logged.
 */
final class AccessLog {
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

    static String mask(String path) {
        if (path != null && path.startsWith("/sign/")) {
            int end = path.indexOf('/', 6);
            return "/sign/****" + (end < 0 ? "" : path.substring(end));
        }
        return path;
    }
}
