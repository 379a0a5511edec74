package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import org.signet.config.Config;
import org.signet.service.BackupException;
import org.signet.service.BackupManifest;
import org.signet.service.Backups;
import org.signet.store.Database;

/** {@code backup --to DIR [--include-keys]}: a checked backup of the data folder, beside a running server or without one. */
final class BackupCommand {
    private final PrintStream out;
    private final PrintStream err;

    BackupCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        Path to = Path.of(a.require("to"));
        boolean withKeys = a.flag("include-keys");
        if (withKeys) {
            err.println("Warning: this backup will hold the keys. Whoever holds both the keys and the data can read"
                    + " every document: keep it as safe as the data folder itself.");
        }
        try (Database db = Storage.open(config)) {
            BackupManifest m = new Backups(db, config.dataDir(), Clock.systemUTC()).make(to, withKeys);
            out.println("Backup complete in " + to + ": the database (integrity checked), " + m.files().size()
                    + " encrypted files (each decrypted to its recorded SHA-256), " + m.chainsChecked()
                    + " audit chains checked; " + (m.holdsKeys() ? "with the keys"
                    : "without the keys (keep the keys folder of " + config.dataDir() + " safe elsewhere)"));
            return 0;
        } catch (BackupException e) {
            throw new CommandException("no backup was made: " + e.getMessage());
        } catch (IOException e) {
            throw new CommandException("no backup was made: " + e);
        }
    }
}
