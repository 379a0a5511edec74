package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.TimeZone;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The hand-built line against SimpleFormatter with the format Signet used: the same text, record for record. */
class LineFormatterTest {
    private static final String FORMAT = "java.util.logging.SimpleFormatter.format";

    private String formatBefore;
    private TimeZone zoneBefore;

    @BeforeEach
    void useTheOldFormat() {
        formatBefore = System.getProperty(FORMAT);
        zoneBefore = TimeZone.getDefault();
        System.setProperty(FORMAT, "%1$tF %1$tT %4$-7s %3$s %5$s%6$s%n");
        TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
    }

    @AfterEach
    void restore() {
        if (formatBefore == null) {
            System.clearProperty(FORMAT);
        } else {
            System.setProperty(FORMAT, formatBefore);
        }
        TimeZone.setDefault(zoneBefore);
    }

    private static LogRecord record(Level level, String logger, String message, Instant at) {
        LogRecord r = new LogRecord(level, message);
        r.setLoggerName(logger);
        r.setInstant(at);
        return r;
    }

    @Test
    void format_sameTextAsSimpleFormatter() {
        SimpleFormatter simple = new SimpleFormatter();
        LineFormatter line = new LineFormatter(ZoneId.of("Europe/Berlin"));
        LogRecord withParams = record(Level.WARNING, "org.signet.mail.MailSender", "Mail {0} failed: {1}",
                Instant.parse("2026-03-29T00:59:59Z"));
        withParams.setParameters(new Object[] {42, "timeout"});
        LogRecord withTrace = record(Level.SEVERE, "signet", "request failed", Instant.parse("2026-11-24T10:04:55.999Z"));
        withTrace.setThrown(new IOException("connection reset"));

        for (LogRecord r : List.of(
                record(Level.INFO, "signet.access", "GET /wp-json/wpsigner/v1/stats 200 3ms key=3 rid=AbC",
                        Instant.parse("2026-11-24T10:04:55Z")),
                record(Level.INFO, "signet.access", "the next second", Instant.parse("2026-11-24T10:04:56.001Z")),
                record(Level.FINEST, null, "no logger name", Instant.parse("2026-03-29T01:00:00Z")),
                withParams, withTrace)) {
            assertEquals(simple.format(r), line.format(r));
        }
    }
}
