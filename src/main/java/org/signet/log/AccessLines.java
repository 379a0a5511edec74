package org.signet.log;

import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The one writer of the access log, the logger {@code signet.access}: a line per answered request,
 * whether the dispatcher or the front answered it, and a line per connection the front ended. Lines
 * are written by one background thread ({@link AsyncLog}), stamped with the time they were queued;
 * none is dropped.
 */
public final class AccessLines {
    /** The logger's name; its handlers are flushed after each batch of lines, not after each line. */
    public static final String LOGGER = "signet.access";
    private static final Logger LOG = Logger.getLogger(LOGGER);
    /** One writer for every server in the JVM (tests start many); it lives as long as the JVM. */
    private static final AsyncLog LINES = new AsyncLog(LOG, 8192, "signet-access-log");

    private AccessLines() {}

    /** Whether lines are written at all; a caller may skip composing one when not. */
    public static boolean enabled() {
        return LOG.isLoggable(Level.INFO);
    }

    /**
     * One answered request: {@code METHOD PATH STATUS Nms key=K rid=R}, and {@code (note)} after it when
     * there is one. The path is as it may be shown (no query, no credentials); {@code key} is "-" without one.
     */
    public static void request(String method, String path, int status, long millis, String key, String requestId,
            String note) {
        if (!enabled()) {
            return;
        }
        String line = method + " " + path + " " + status + " " + millis + "ms key=" + key + " rid=" + requestId
                + (note == null ? "" : " (" + note + ")");
        write(new RequestLogRecord(LOG.getName(), Level.INFO, line, requestId), "request");
    }

    /** A connection ended before a request was answered on it: from whom and why. */
    public static void connectionClosed(String address, String why) {
        if (enabled()) {
            write(new LogRecord(Level.INFO, "connection from " + address + " closed: " + why), "connectionClosed");
        }
    }

    /** Waits until the lines queued so far are written (a graceful stop); false if time ran out. */
    public static boolean awaitWritten(Duration timeout) {
        return LINES.awaitWritten(timeout);
    }

    private static void write(LogRecord line, String method) {
        line.setLoggerName(LOG.getName());
        // Named, or a formatter that shows the source would find the writer thread's stack.
        line.setSourceClassName(AccessLines.class.getName());
        line.setSourceMethodName(method);
        LINES.log(line);
    }
}
