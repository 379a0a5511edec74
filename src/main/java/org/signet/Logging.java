package org.signet;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;
import org.signet.http.AccessLog;

/** One-line log records on standard error: time, level, logger, message. */
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
            if (!AccessLog.LOGGER.equals(record.getLoggerName())) {
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
