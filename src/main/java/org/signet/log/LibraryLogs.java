package org.signet.log;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The SLF4J provider that hands the libraries' log records (HikariCP's, and whatever else logs
 * through SLF4J) to {@code java.util.logging}, where Signet's own handler writes them as text or
 * JSON like every other line. Without a provider SLF4J prints its own warning on standard error at
 * the first logger, which is neither format. Found through {@code META-INF/services}.
 */
public final class LibraryLogs implements SLF4JServiceProvider {
    /** The SLF4J interface this provider was written against. */
    private static final String API_VERSION = "2.0.99";

    private final ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();
    private final ILoggerFactory factory = name -> loggers.computeIfAbsent(name, LibraryLogger::new);
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return API_VERSION;
    }

    @Override
    public void initialize() {
        // nothing to set up: java.util.logging is configured by Signet's own Logging
    }
}
