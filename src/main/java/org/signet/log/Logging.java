package org.signet.log;

import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;

/**
 * Log records on standard error, one line each (a stack trace after its line): as text (time,
 * level, logger, message) or, with {@code log.format=json}, one JSON object per line.
 */
public final class Logging {
    private Logging() {}

    public static void configure() {
        LogManager.getLogManager().reset();
        Logger root = Logger.getLogger("");
        Handler console = new StandardError();
        console.setLevel(Level.ALL);
        root.addHandler(console);
        root.setLevel(Level.INFO);
    }

    /** Writes standard error's records as {@code format}: "text" or "json" (see {@link JsonLineFormatter}). */
    public static void useFormat(String format) {
        Formatter formatter = format.equals("json") ? new JsonLineFormatter() : new LineFormatter();
        for (Handler h : Logger.getLogger("").getHandlers()) {
            if (h instanceof StandardError) {
                h.setFormatter(formatter);
            }
        }
    }

    /**
     * Standard error, flushed after every record like the JDK's ConsoleHandler, except the access
     * log's: its writer hands over lines in batches and flushes once after each, one write instead
     * of one per request.
     */
    static final class StandardError extends StreamHandler {
        StandardError() {
            super(System.err, new LineFormatter());
        }

        @Override
        public synchronized void publish(LogRecord record) {
            super.publish(record);
            if (!AccessLines.LOGGER.equals(record.getLoggerName())) {
                flush();
            }
        }

        /** Flushes; standard error stays open for whoever else writes to it. */
        @Override
        public synchronized void close() {
            flush();
        }
    }
}
