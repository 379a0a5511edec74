package org.signet.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** Records, formatted, what one class (or one named logger) logs while open, so tests can check what reaches the log. */
public final class LogCapture extends Handler implements AutoCloseable {
    public final List<String> lines = new CopyOnWriteArrayList<>();
    // Held strongly: java.util.logging keeps loggers only weakly.
    private final Logger logger;

    public LogCapture(Class<?> source) {
        this(source.getName());
    }

    public LogCapture(String loggerName) {
        logger = Logger.getLogger(loggerName);
        logger.addHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        lines.add(new SimpleFormatter().formatMessage(record));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
