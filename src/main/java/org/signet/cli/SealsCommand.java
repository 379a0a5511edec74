package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Optional;
import org.signet.CommandServices;
import org.signet.config.Config;
import org.signet.error.Refusal;
import org.signet.service.SealRenewal;
import org.signet.store.Database;

/**
 * {@code seals renew [--document ID]}: renews the evidence of one sealed document now, or of every
 * one whose renewal is due, as the hourly job would; beside a running server or without one.
 */
final class SealsCommand {
    private final PrintStream out;

    SealsCommand(PrintStream out) {
        this.out = out;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        if (!a.word(1).equals("renew")) {
            throw new UsageException("seals needs: renew");
        }
        Optional<Long> document = documentId(a);
        Clock clock = Clock.systemUTC();
        try (Database db = Storage.open(config)) {
            CommandServices.SealWork work = CommandServices.sealWork(config, db, clock);
            if (document.isPresent()) {
                return renewOne(work.renewal(), document.get());
            }
            requireAuthority(work.renewal());
            int renewed = work.dueRenewals().runOnce();
            out.println("Renewed " + renewed + " seal(s) due for renewal");
            return 0;
        } catch (IOException e) {
            throw new CommandException("cannot open the data folder " + config.dataDir() + ": " + e.getMessage());
        }
    }

    private int renewOne(SealRenewal renewal, long id) throws CommandException {
        try {
            Optional<String> sha256 = renewal.renew(id);
            out.println(sha256.map(h -> "Renewed the seal of document " + id + ": " + h)
                    .orElse("The seal of document " + id + " was renewed by another process meanwhile"));
            return 0;
        } catch (Refusal e) {
            throw new CommandException(e.getMessage());
        } catch (IOException e) {
            throw new CommandException("the seal of document " + id + " could not be renewed: " + e.getMessage());
        }
    }

    /** Every due seal asked for with no authority to renew any is a failure, not "renewed 0": the hourly job would do nothing either. */
    private static void requireAuthority(SealRenewal renewal) throws CommandException {
        try {
            renewal.requireAuthority();
        } catch (Refusal e) {
            throw new CommandException(e.getMessage());
        }
    }

    private static Optional<Long> documentId(Arguments a) throws UsageException {
        Optional<String> given = a.option("document");
        if (given.isPresent() && !given.get().matches("[1-9][0-9]{0,17}")) {
            throw new UsageException("--document must be a document id");
        }
        return given.map(Long::parseLong);
    }
}
