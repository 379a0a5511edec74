package org.signet.mail;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** Records, formatted, what one class logs while open, so tests can check what reaches the log. */
final class LogCapture extends Handler implements AutoCloseable {
    final List<String> lines = new CopyOnWriteArrayList<>();
    // Held strongly: java.util.logging keeps loggers only weakly.
    private final Logger logger;

    LogCapture(Class<?> source) {
        logger = Logger.getLogger(source.getName());
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
