package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * The standard-error handler: everything flushed at once, except access lines, which wait for their
 * writer's flush; lines as text or as JSON objects.
 */
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

        handler.publish(record(AccessLines.LOGGER, "GET /stats 200"));
        assertFalse(written().contains("GET /stats 200"), "an access line waits for its batch");

        handler.publish(record("signet.store", "an action after a committed transaction failed"));
        assertTrue(written().contains("an action after a committed transaction failed"), written());

        handler.publish(record(AccessLines.LOGGER, "GET /documents 200"));
        handler.flush();
        assertTrue(written().contains("GET /documents 200"), written());
    }

    @Test
    void useFormat_json_aRealServersAccessLinesAreJsonWithTheirRequestId(@TempDir Path dir) throws Exception {
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Logging.StandardError handler = new Logging.StandardError();
        Logger root = Logger.getLogger("");
        root.addHandler(handler);
        try (TestServer server = TestServer.start(dir)) {
            Logging.useFormat("json");
            HttpResponse<String> r = server.get("/healthz", null);
            String rid = r.headers().firstValue("X-Request-Id").orElseThrow();
            // The line is queued just after the answer is written, and written on its own thread.
            Waits.awaitUntil(() -> written().contains("\"request_id\":\"" + rid), "the access line of " + rid);

            // The JDK's console handler, if the root logger still has it, writes its own lines beside ours.
            Map<?, ?> access = written().lines().filter(l -> l.startsWith("{") && l.contains(rid))
                    .map(LoggingTest::json).findFirst().orElseThrow();
            assertEquals("signet.access", access.get("logger"));
            assertEquals("INFO", access.get("level"));
            assertEquals(rid, access.get("request_id"));
            assertTrue(((String) access.get("message")).startsWith("GET /healthz 200 "), access.toString());

            Logging.useFormat("text");
            String next = server.get("/healthz", null).headers().firstValue("X-Request-Id").orElseThrow();
            String textLine = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d INFO    signet.access GET /healthz 200 \\d+ms key=- rid=";
            Waits.awaitUntil(() -> written().lines().anyMatch(l -> l.matches(textLine + next)), "the text line of " + next);
        } finally {
            root.removeHandler(handler);
        }
    }

    private static Map<?, ?> json(String line) {
        try {
            return (Map<?, ?>) Json.parse(line);
        } catch (JsonSyntaxException e) {
            throw new AssertionError("not one JSON object: " + line, e);
        }
    }
}
