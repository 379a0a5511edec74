package org.signet;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestServer;

/** App's start: what an operator is told about the configuration before the first request. */
class AppTest {
    @TempDir
    Path dir;

    @Test
    void start_renamedSetting_warnsNamingTheNewKey() throws Exception {
        List<String> warnings = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel() == Level.WARNING) {
                    warnings.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger("signet");
        log.addHandler(capture);
        try (TestServer server = TestServer.start(dir, "server.threads=4")) {
            assertTrue(warnings.stream().anyMatch(w -> w.startsWith("server.threads (in the command line) is now called"
                    + " db.readers")), warnings.toString());
        } finally {
            log.removeHandler(capture);
        }
    }
}
