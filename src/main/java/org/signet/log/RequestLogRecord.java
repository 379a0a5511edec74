package org.signet.log;

import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * A log record about one request, carrying that request's id (the {@code X-Request-Id} it was
 * answered with), so a structured log format can give the id a field of its own.
 */
public final class RequestLogRecord extends LogRecord {
    private static final long serialVersionUID = 1L;

    private final String requestId;

    public RequestLogRecord(String logger, Level level, String message, String requestId) {
        super(level, message);
        setLoggerName(logger);
        this.requestId = requestId;
    }

    public String requestId() {
        return requestId;
    }
}
