package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import org.signet.service.BackupException;
import org.signet.service.Restore;

/**
 * {@code restore --from DIR --data NEW [--keys DIR]}: checks a backup and restores it into a new or
 * empty data folder; the master key comes from {@code --keys} when given, else from the backup.
 */
final class RestoreCommand {
    private final PrintStream out;

    RestoreCommand(PrintStream out) {
        this.out = out;
    }

    int run(Arguments a) throws UsageException, CommandException {
        Path from = Path.of(a.require("from"));
        Path to = Path.of(a.require("data"));
        try {
            Restore.Restored r = new Restore(Clock.systemUTC()).restore(from, to, a.option("keys").map(Path::of));
            out.println("Restored the backup of " + r.manifest().createdAt() + " into " + to + ": database integrity"
                    + " checked, " + r.files() + " encrypted files decrypted to their recorded SHA-256, " + r.chains()
                    + " audit chains checked. Start Signet with --data " + to + ".");
            return 0;
        } catch (BackupException e) {
            throw new CommandException("nothing was restored: " + e.getMessage());
        } catch (IOException e) {
            throw new CommandException("nothing was restored: " + e);
        }
    }
}
