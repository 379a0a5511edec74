package org.signet;

import org.signet.cli.Cli;
import org.signet.log.Logging;

/** Entry point: configures logging and runs the command line. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        Logging.configure();
        int code = new Cli(System.out, System.err, System.getenv(), System.in).run(args);
        System.exit(code);
    }
}
