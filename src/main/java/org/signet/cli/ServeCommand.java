package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.signet.App;
import org.signet.config.Config;
import org.signet.config.Version;
import org.signet.store.Migrations;
import org.signet.store.StoreException;
import sun.misc.Signal;

/** {@code serve}: runs Signet until SIGTERM or Ctrl-C, then stops gracefully and exits 0. */
final class ServeCommand {
    private static final Logger LOG = Logger.getLogger("signet");

    private final PrintStream out;

    ServeCommand(PrintStream out) {
        this.out = out;
    }

    int run(Config config) throws CommandException {
        App app = start(config);
        out.println("Signet is running at " + app.siteUrl() + " (REST base " + app.baseUrl() + ")");
        awaitShutdown(app);
        return 0;
    }

    /** Starts Signet on {@code config}, first logging the effective configuration (secrets masked), for serve and demo alike. */
    static App start(Config config) throws CommandException {
        LOG.info("Signet " + Version.current() + ", data folder " + config.dataDir() + "\n" + config.describe());
        try {
            return App.start(config, Clock.systemUTC());
        } catch (BindException e) {
            throw new CommandException("cannot listen on " + config.string("server.host") + ":"
                    + config.string("server.port") + ": " + e.getMessage());
        } catch (IOException | StoreException e) {
            // A database that cannot be reached or opened is a setting to mend, told in one line like the rest.
            throw new CommandException("cannot start: " + e.getMessage());
        } catch (Migrations.SchemaTooNewException e) {
            throw new CommandException(e.getMessage());
        }
    }

    /**
     * Blocks until SIGTERM (a service manager's stop) or SIGINT (Ctrl-C), then stops gracefully and
     * returns, so that the process exits 0 once the stop has finished and been logged. Handling the
     * signals here rather than in a shutdown hook matters for both: the JVM runs its hooks side by side,
     * the logging system's own among them, which closes the log while Signet is still stopping, and a
     * JVM ended by a signal exits 143, which service managers count as a failure. The hook stays for the
     * other ways a JVM is ended (SIGHUP, or a JVM run with signals left to the system).
     */
    static void awaitShutdown(App app) {
        CountDownLatch asked = new CountDownLatch(1);
        AtomicBoolean closed = new AtomicBoolean();
        Runnable stop = () -> {
            if (closed.compareAndSet(false, true)) {
                app.close();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "signet-shutdown"));
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), signal -> asked.countDown());
            } catch (IllegalArgumentException taken) {
                LOG.fine("SIG" + name + " is left to the JVM: " + taken.getMessage());
            }
        }
        try {
            asked.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.info("Signet is stopping: requests in flight may finish, new connections are refused");
        stop.run();
    }
}
