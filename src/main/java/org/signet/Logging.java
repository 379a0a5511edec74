package org.signet;

import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** One-line log records on standard error: time, level, logger, message. */
public final class Logging {
    private Logging() {}

    public static void configure() {
        System.setProperty("java.util.logging.SimpleFormatter.format",
                "%1$tF %1$tT %4$-7s %3$s %5$s%6$s%n");
        LogManager.getLogManager().reset();
        Logger root = Logger.getLogger("");
        Handler console = new ConsoleHandler();
        console.setFormatter(new SimpleFormatter());
        console.setLevel(Level.ALL);
        root.addHandler(console);
        root.setLevel(Level.INFO);
    }
}
