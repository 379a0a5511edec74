package org.signet.proof;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * What an in-process Signet logs at WARNING or above while open, stack traces included: a busy
 * database can fail background work (sealing, mail) without any client seeing it. Lower levels are
 * silenced meanwhile: a line per request, message and seal from 64 clients would bury the test's
 * output (and the access log's cost is then not part of the figures).
 */
final class ServerLog extends Handler implements AutoCloseable {
    private final List<String> records = new CopyOnWriteArrayList<>();
    // Held strongly: java.util.logging keeps loggers only weakly.
    private final Logger root = Logger.getLogger("");
    private final Level rootLevel = root.getLevel();

    private ServerLog() {
        setLevel(Level.WARNING);
        root.addHandler(this);
        root.setLevel(Level.WARNING);
    }

    static ServerLog capture() {
        return new ServerLog();
    }

    @Override
    public void publish(LogRecord record) {
        if (!isLoggable(record)) {
            return;
        }
        StringWriter text = new StringWriter();
        text.append(record.getLevel().getName()).append(' ').append(record.getLoggerName()).append(": ")
                .append(new SimpleFormatter().formatMessage(record));
        if (record.getThrown() != null) {
            text.append('\n');
            record.getThrown().printStackTrace(new PrintWriter(text));
        }
        records.add(text.toString());
    }

    /** Every record so far at WARNING or above. */
    List<String> records() {
        return List.copyOf(records);
    }

    /** The records that speak of SQLite's busy or locked database. */
    List<String> busyDatabase() {
        return records.stream().filter(ServerLog::speaksOfBusyDatabase).toList();
    }

    static boolean speaksOfBusyDatabase(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return t.contains("database is locked") || t.contains("sqlite_busy") || t.contains("sqlite_locked")
                || t.contains("database table is locked");
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        root.removeHandler(this);
        root.setLevel(rootLevel);
    }
}
