package org.signet.log;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.slf4j.Marker;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** One SLF4J logger as the {@code java.util.logging} logger of the same name; markers are ignored. */
final class LibraryLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    private final transient Logger target;

    LibraryLogger(String name) {
        this.name = name;
        this.target = Logger.getLogger(name);
    }

    static Level level(org.slf4j.event.Level level) {
        return switch (level) {
            case TRACE -> Level.FINEST;
            case DEBUG -> Level.FINE;
            case INFO -> Level.INFO;
            case WARN -> Level.WARNING;
            case ERROR -> Level.SEVERE;
        };
    }

    @Override
    protected void handleNormalizedLoggingCall(org.slf4j.event.Level level, Marker marker, String pattern,
            Object[] arguments, Throwable thrown) {
        LogRecord r = new LogRecord(level(level), MessageFormatter.basicArrayFormat(pattern, arguments));
        r.setLoggerName(name);
        // The caller is the library, not this class; the record names its logger, which says as much.
        r.setSourceClassName(name);
        r.setThrown(thrown);
        target.log(r);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    public boolean isTraceEnabled() {
        return target.isLoggable(Level.FINEST);
    }

    @Override
    public boolean isDebugEnabled() {
        return target.isLoggable(Level.FINE);
    }

    @Override
    public boolean isInfoEnabled() {
        return target.isLoggable(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return target.isLoggable(Level.WARNING);
    }

    @Override
    public boolean isErrorEnabled() {
        return target.isLoggable(Level.SEVERE);
    }
}
