package org.signet.http;

import java.util.logging.Logger;

/**
 * One line per request: method, path, status, milliseconds, key id, request id. Signing tokens
 * are credentials, so the token segment of {@code /sign/...} paths is masked; query strings
 * (which may carry {@code wps_sign}) are never logged.
 */
final class AccessLog {
    private static final Logger LOG = Logger.getLogger("signet.access");

    void record(String method, String rawPath, int status, long startedNanos, Request request, String requestId) {
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        String key = "-";
        try {
            key = request == null ? "-" : String.valueOf(request.caller().keyId());
        } catch (IllegalStateException notAuthenticated) {
            // public route: no key
        }
        LOG.info(method + " " + mask(rawPath) + " " + status + " " + millis + "ms key=" + key + " rid=" + requestId);
    }

    static String mask(String path) {
        if (path != null && path.startsWith("/sign/")) {
            int end = path.indexOf('/', 6);
            return "/sign/****" + (end < 0 ? "" : path.substring(end));
        }
        return path;
    }
}
