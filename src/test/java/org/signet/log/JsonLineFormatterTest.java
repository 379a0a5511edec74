package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.signet.json.Json;

class JsonLineFormatterTest {
    private final JsonLineFormatter formatter = new JsonLineFormatter();

    @SuppressWarnings("unchecked")
    private Map<String, Object> line(LogRecord r) throws Exception {
        String text = formatter.format(r);
        assertTrue(text.endsWith(System.lineSeparator()), text);
        assertEquals(1, text.lines().count(), "one line: " + text);
        return (Map<String, Object>) Json.parse(text.strip());
    }

    @Test
    void format_plainRecord_timeInUtcLevelLoggerMessage_noOtherField() throws Exception {
        LogRecord r = new LogRecord(Level.WARNING, "Mail {0} failed:\n{1}");
        r.setLoggerName("org.signet.mail.MailSender");
        r.setParameters(new Object[] {42, "timeout \"here\""});
        r.setInstant(Instant.parse("2026-03-29T00:59:59.123456Z"));

        Map<String, Object> json = line(r);

        assertEquals(List.of("time", "level", "logger", "message"), List.copyOf(json.keySet()));
        assertEquals("2026-03-29T00:59:59.123Z", json.get("time"));
        assertEquals("WARNING", json.get("level"));
        assertEquals("org.signet.mail.MailSender", json.get("logger"));
        assertEquals("Mail 42 failed:\ntimeout \"here\"", json.get("message"));
    }

    @Test
    void format_requestRecordWithThrown_requestIdAndStackAsStrings() throws Exception {
        RequestLogRecord r = new RequestLogRecord("signet.http", Level.SEVERE, "request AbC123 failed", "AbC123");
        r.setThrown(new IOException("connection reset"));

        Map<String, Object> json = line(r);

        assertEquals("AbC123", json.get("request_id"));
        String thrown = (String) json.get("thrown");
        assertTrue(thrown.startsWith("java.io.IOException: connection reset"), thrown);
        assertTrue(thrown.contains("\tat org.signet.log.JsonLineFormatterTest"), thrown);
        assertFalse(((String) json.get("message")).contains("IOException"));
    }
}
