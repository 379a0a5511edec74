package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.process.JavaCommand;
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
        Path data = dir.resolve("data");
        Path err = dir.resolve("stderr.txt");
        List<String> command = JavaCommand.ofThisJvm().options(List.of("-Xmx128m", "-XX:TieredStopAtLevel=1"))
                .mainClass("org.signet.Main").args(List.of("keys", "list", "--data", data.toString())).toList();
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(err.toFile());
        b.environment().put("SIGNET_LOG_FORMAT", "json");
        Process p = b.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keys list ended");
        String written = Files.readString(err, StandardCharsets.UTF_8);

        assertEquals(0, p.exitValue(), written);
        assertFalse(written.contains("SLF4J"), written);
        for (String line : written.lines().toList()) {
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
