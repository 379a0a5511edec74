package org.signet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.signet.http.AccessLog;

/** The standard-error handler: everything flushed at once, except access lines, which wait for their writer's flush. */
class LoggingTest {
    private final PrintStream original = System.err;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void restore() {
        System.setErr(original);
    }

    private static LogRecord record(String logger, String message) {
        LogRecord r = new LogRecord(Level.INFO, message);
        r.setLoggerName(logger);
        return r;
    }

    private String written() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void publish_otherLoggers_flushedAtOnce_accessLinesAtTheBatchFlush() {
        System.setErr(new PrintStream(err, false, StandardCharsets.UTF_8));
        Logging.StandardError handler = new Logging.StandardError();

        handler.publish(record(AccessLog.LOGGER, "GET /stats 200"));
        assertFalse(written().contains("GET /stats 200"), "an access line waits for its batch");

        handler.publish(record("signet.store", "an action after a committed transaction failed"));
        assertTrue(written().contains("an action after a committed transaction failed"), written());

        handler.publish(record(AccessLog.LOGGER, "GET /documents 200"));
        handler.flush();
        assertTrue(written().contains("GET /documents 200"), written());
    }
}
