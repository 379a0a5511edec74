package org.signet.log;

import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;
import org.signet.json.Json;

/**
 * Formats a record as one JSON object on one line, for log shippers: {@code time} (ISO-8601 in UTC,
 * to the millisecond), {@code level}, {@code logger}, {@code message}, and where the record has them
 * {@code request_id} and {@code thrown} (the stack trace as one string).
 */
final class JsonLineFormatter extends Formatter {
    @Override
    public String format(LogRecord r) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", DateTimeFormatter.ISO_INSTANT.format(r.getInstant().truncatedTo(ChronoUnit.MILLIS)));
        line.put("level", r.getLevel().getName());
        line.put("logger", r.getLoggerName());
        line.put("message", formatMessage(r));
        if (r instanceof RequestLogRecord request) {
            line.put("request_id", request.requestId());
        }
        if (r.getThrown() != null) {
            line.put("thrown", LineFormatter.stackTrace(r.getThrown()));
        }
        return Json.write(line) + System.lineSeparator();
    }
}
