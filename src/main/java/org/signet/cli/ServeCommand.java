package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Logger;
import org.signet.App;
import org.signet.config.Config;
import org.signet.store.Migrations;

/** {@code serve}: runs Signet until SIGTERM or Ctrl-C, then stops gracefully. */
final class ServeCommand {
    private static final Logger LOG = Logger.getLogger("signet");

    private final PrintStream out;

    ServeCommand(PrintStream out) {
        this.out = out;
    }

    int run(Config config) throws CommandException {
        LOG.info("Signet " + Version.current() + ", data folder " + config.dataDir() + "\n" + config.describe());
        App app = start(config);
        out.println("Signet is running at " + app.siteUrl() + " (REST base " + app.baseUrl() + ")");
        awaitShutdown(app);
        return 0;
    }

    static App start(Config config) throws CommandException {
        try {
            return App.start(config, Clock.systemUTC());
        } catch (BindException e) {
            throw new CommandException("cannot listen on " + config.string("server.host") + ":"
                    + config.string("server.port") + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CommandException("cannot start: " + e.getMessage());
        } catch (Migrations.SchemaTooNewException e) {
            throw new CommandException(e.getMessage());
        }
    }

    /** Blocks until the JVM is asked to stop; the hook lets in-flight requests finish first. */
    static void awaitShutdown(App app) {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            app.close();
            stopped.countDown();
        }, "signet-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
