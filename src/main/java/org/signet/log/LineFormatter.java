package org.signet.log;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;

/**
 * Formats a record as {@code 2026-11-24 10:04:55 INFO    logger message}, then the stack trace if
 * there is one: the layout SimpleFormatter gives with {@code %1$tF %1$tT %4$-7s %3$s %5$s%6$s%n},
 * built directly instead of parsing that format string for every line (the access log writes one
 * per request). The time text is made once per second.
 */
final class LineFormatter extends Formatter {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final ZoneId zone;
    private volatile Second last = new Second(Long.MIN_VALUE, "");

    /** A second and its text. */
    private record Second(long epochSecond, String text) {}

    LineFormatter() {
        this(ZoneId.systemDefault());
    }

    LineFormatter(ZoneId zone) {
        this.zone = zone;
    }

    @Override
    public String format(LogRecord r) {
        String level = r.getLevel().getLocalizedName();
        StringBuilder b = new StringBuilder(160).append(time(r.getInstant())).append(' ').append(level);
        for (int i = level.length(); i < 7; i++) {
            b.append(' ');
        }
        b.append(' ').append(r.getLoggerName()).append(' ').append(formatMessage(r));
        if (r.getThrown() != null) {
            b.append(System.lineSeparator()).append(stackTrace(r.getThrown()));
        }
        return b.append(System.lineSeparator()).toString();
    }

    /** The stack trace as {@code printStackTrace} writes it, ending in a line separator. */
    static String stackTrace(Throwable thrown) {
        StringWriter trace = new StringWriter();
        try (PrintWriter w = new PrintWriter(trace)) {
            thrown.printStackTrace(w);
        }
        return trace.toString();
    }

    private String time(Instant at) {
        Second s = last;
        if (s.epochSecond() != at.getEpochSecond()) {
            s = new Second(at.getEpochSecond(), TIME.format(at.atZone(zone)));
            last = s;
        }
        return s.text();
    }
}
