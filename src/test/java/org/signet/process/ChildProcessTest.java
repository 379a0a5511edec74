package org.signet.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real child JVM ({@link Talker}) started, awaited, stopped and killed as Signet's are. */
class ChildProcessTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private Launch talker(Path log, String... lines) {
        return Launch.of("Talker", JavaCommand.ofThisJvm().mainClass(Talker.class.getName()).args(List.of(lines)), log);
    }

    @Test
    void awaitLogLine_childSaysIt_answersTheMatch() throws IOException {
        try (ChildProcess c = talker(dir.resolve("a.log"), "warming up", "listening on 4711").start()) {
            assertEquals("4711", c.awaitLogLine(Pattern.compile("listening on (\\d+)"), LIMIT).group(1));
            assertTrue(c.alive());
        }
    }

    @Test
    void awaitLogLine_childEndsFirst_failsWithItsCodeAndTheLogsTail() throws IOException {
        try (ChildProcess c = talker(dir.resolve("a.log"), "no such file").environment(Map.of("TALKER_EXIT", "3"))
                .start()) {
            IOException e = assertThrows(IOException.class, () -> c.awaitLogLine(Pattern.compile("never"), LIMIT));
            assertTrue(e.getMessage().startsWith("Talker ended with code 3 before"), e.getMessage());
            assertTrue(e.getMessage().endsWith("its log ends:\nno such file"), e.getMessage());
        }
    }

    @Test
    void awaitReady_neverReady_failsAtTheDeadlineCountedFromTheStart() throws IOException {
        try (ChildProcess c = talker(dir.resolve("a.log"), "up").start()) {
            IOException e = assertThrows(IOException.class, () -> c.awaitReady("ready", () -> false, Duration.ZERO));
            assertTrue(e.getMessage().startsWith("Talker was not ready within 0 s of its start"), e.getMessage());
        }
    }

    @Test
    void kill_runningChild_exitCodeOfSigkill() throws IOException {
        try (ChildProcess c = talker(dir.resolve("a.log"), "up").start()) {
            c.awaitLogLine(Pattern.compile("up"), LIMIT);

            assertEquals(ChildProcess.EXIT_SIGKILL, c.kill());
            assertFalse(c.alive());
        }
    }

    @Test
    void stop_jvmStopsOnSigterm_exitCodeOfSigterm() throws IOException {
        try (ChildProcess c = talker(dir.resolve("a.log"), "up").start()) {
            c.awaitLogLine(Pattern.compile("up"), LIMIT);

            assertEquals(ChildProcess.EXIT_SIGTERM, c.stop(LIMIT));
        }
    }

    @Test
    void awaitExit_childExitsByItself_itsCode() throws IOException {
        try (ChildProcess c = talker(dir.resolve("a.log")).environment(Map.of("TALKER_EXIT", "7")).start()) {
            assertEquals(7, c.awaitExit(LIMIT));
        }
    }

    @Test
    void log_appendedAfterAnotherChild_onlyItsOwnLines() throws IOException {
        Path shared = dir.resolve("shared.log");
        try (ChildProcess first = talker(shared, "first").environment(Map.of("TALKER_EXIT", "0")).start()) {
            first.awaitExit(LIMIT);
        }
        try (ChildProcess second = talker(shared, "second").appendingLog().environment(Map.of("TALKER_EXIT", "0"))
                .start()) {
            second.awaitExit(LIMIT);

            assertEquals("second\n", second.log());
        }
        try (ChildProcess third = talker(shared, "third").environment(Map.of("TALKER_EXIT", "0")).start()) {
            third.awaitExit(LIMIT);

            assertEquals("third\n", third.log(), "without appending, the log starts afresh");
        }
    }

    @Test
    void awaitHttp200_serverAnswers_returnsTimeSinceStart() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/healthz", x -> {
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        server.start();
        try (ChildProcess c = talker(dir.resolve("a.log"), "up").start()) {
            Duration took = c.awaitHttp200(server.getAddress().getPort(), "/healthz", LIMIT);

            assertTrue(!took.isNegative() && took.compareTo(LIMIT) < 0, took.toString());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void close_childRunning_stopsIt() throws IOException {
        ChildProcess c = talker(dir.resolve("a.log"), "up").closeGrace(Duration.ZERO).start();
        c.close();

        assertFalse(c.alive());
    }
}
