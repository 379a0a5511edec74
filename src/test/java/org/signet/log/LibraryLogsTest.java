package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.support.CommandLine;
import org.signet.support.SignetProcess;
import org.slf4j.LoggerFactory;

/** The libraries' SLF4J logging goes into Signet's own log, in its format, and SLF4J prints nothing of its own. */
class LibraryLogsTest {
    @TempDir
    Path dir;

    @Test
    void slf4jLogger_writesThroughJavaUtilLogging() {
        List<LogRecord> seen = new ArrayList<>();
        Logger target = Logger.getLogger("com.example.pool");
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord r) {
                seen.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        target.addHandler(recorder);
        try {
            IllegalStateException failure = new IllegalStateException("refused");
            LoggerFactory.getLogger("com.example.pool").warn("pool {} failed after {} tries", "signet", 3, failure);
            LoggerFactory.getLogger("com.example.pool").debug("not written at INFO");

            assertEquals(1, seen.size(), "records: " + seen.size());
            assertEquals(Level.WARNING, seen.get(0).getLevel());
            assertEquals("com.example.pool", seen.get(0).getLoggerName());
            assertEquals("pool signet failed after 3 tries", seen.get(0).getMessage());
            assertEquals(failure, seen.get(0).getThrown());
        } finally {
            target.removeHandler(recorder);
        }
    }

    @Test
    void command_jsonFormat_everyLineOnStandardErrorIsJson() throws Exception {
        CommandLine.Result r = SignetProcess.run(dir, Map.of("SIGNET_LOG_FORMAT", "json"), "keys", "list", "--data",
                dir.resolve("data").toString());

        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("SLF4J"), r.err());
        assertFalse(r.err().isBlank(), "a fresh folder's migrations are logged");
        for (String line : r.err().lines().toList()) {
            assertTrue(isJsonObject(line), "not a JSON line: " + line);
        }
    }

    private static boolean isJsonObject(String line) throws IOException {
        try {
            return Json.parse(line) instanceof java.util.Map;
        } catch (JsonSyntaxException e) {
            return false;
        }
    }
}
