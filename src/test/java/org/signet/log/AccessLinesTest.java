package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The one writer of the access log: the dispatcher's and the front's lines, in one format, with the request id. */
class AccessLinesTest {
    private static final Logger ACCESS = Logger.getLogger(AccessLines.LOGGER);

    private final List<LogRecord> records = new ArrayList<>();
    private final Handler recorder = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (records) {
                records.add(r);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void listen() {
        ACCESS.addHandler(recorder);
    }

    @AfterEach
    void stop() {
        ACCESS.removeHandler(recorder);
    }

    /** The records whose message mentions {@code marker}, once every line queued so far is written. */
    private List<LogRecord> written(String marker) {
        assertTrue(AccessLines.awaitWritten(Duration.ofSeconds(10)));
        synchronized (records) {
            return records.stream().filter(r -> r.getMessage().contains(marker)).toList();
        }
    }

    @Test
    void request_answeredRequest_oneLineCarryingItsId() {
        AccessLines.request("GET", "/wp-json/wpsigner/v1/stats", 200, 3, "7", "ridAnswered", null);

        List<LogRecord> lines = written("ridAnswered");
        assertEquals(1, lines.size());
        assertEquals("GET /wp-json/wpsigner/v1/stats 200 3ms key=7 rid=ridAnswered", lines.get(0).getMessage());
        assertEquals("ridAnswered", ((RequestLogRecord) lines.get(0)).requestId());
        assertEquals(AccessLines.LOGGER, lines.get(0).getLoggerName());
    }

    @Test
    void request_frontsOwnAnswer_noteInParentheses() {
        AccessLines.request("-", "-", 431, 0, "-", "ridRejected", "request_header_fields_too_large");

        assertEquals(List.of("- - 431 0ms key=- rid=ridRejected (request_header_fields_too_large)"),
                written("ridRejected").stream().map(LogRecord::getMessage).toList());
    }

    @Test
    void connectionClosed_addressAndWhy() {
        AccessLines.connectionClosed("192.0.2.9:4711", "slower than the minimum transfer rate");

        List<LogRecord> lines = written("192.0.2.9:4711");
        assertEquals("connection from 192.0.2.9:4711 closed: slower than the minimum transfer rate",
                lines.get(0).getMessage());
        assertEquals(AccessLines.class.getName(), lines.get(0).getSourceClassName());
    }
}
