package org.signet.http;

import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.signet.log.RequestLogRecord;

/**
 * One line per request: method, path, status, milliseconds, key id, request id. Signing tokens
 * are credentials, so the token segment of {@code /sign/...} paths is masked; query strings
 * (which may carry {@code wps_sign}) are never logged. Lines are written by one background thread
 * ({@link AsyncLog}), stamped with the time the request ended; none is dropped.
 */
public final class AccessLog {
    /** The logger's name; its handlers are flushed after each batch of lines, not after each line. */
    public static final String LOGGER = "signet.access";
    private static final Logger LOG = Logger.getLogger(LOGGER);
    /** One writer for every server in the JVM (tests start many); it lives as long as the JVM. */
    private static final AsyncLog LINES = new AsyncLog(LOG, 8192, "signet-access-log");

    AccessLog() {
    }

    /** Waits until the lines of requests served so far are written (a graceful stop); false if time ran out. */
    public static boolean awaitWritten(Duration timeout) {
        return LINES.awaitWritten(timeout);
    }

    void record(String method, String rawPath, int status, long startedNanos, Request request, String requestId) {
        if (!LOG.isLoggable(Level.INFO)) {
            return;
        }
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        Caller caller = request == null ? null : request.callerOrNull();
        String key = caller == null ? "-" : String.valueOf(caller.keyId());
        LogRecord line = new RequestLogRecord(LOG.getName(), Level.INFO, method + " " + mask(rawPath) + " " + status
                + " " + millis + "ms key=" + key + " rid=" + requestId, requestId);
        // Named, or a formatter that shows the source would find the writer thread's stack.
        line.setSourceClassName(AccessLog.class.getName());
        line.setSourceMethodName("record");
        LINES.log(line);
    }

    static String mask(String path) {
        if (path != null && path.startsWith("/sign/")) {
            int end = path.indexOf('/', 6);
            return "/sign/****" + (end < 0 ? "" : path.substring(end));
        }
        return path;
    }
}
