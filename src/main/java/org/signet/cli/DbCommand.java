package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.signet.config.Config;
import org.signet.config.DatabaseUrl;
import org.signet.service.DatabaseCopy;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Migrations;
import org.signet.store.StoreException;

/**
 * {@code db copy --to jdbc:postgresql://... [--user U] [--password-env VAR]}: copies the SQLite site
 * of the data folder, its database and its files, into an empty PostgreSQL database and checks the
 * copy. The password is read from the environment variable named, never from the command line.
 */
final class DbCommand {
    private final PrintStream out;
    private final Map<String, String> environment;

    DbCommand(PrintStream out, Map<String, String> environment) {
        this.out = out;
        this.environment = environment;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        if (a.wordCount() < 2 || !a.word(1).equals("copy")) {
            throw new UsageException("db takes one subcommand: copy --to " + DatabaseUrl.postgresql("HOST:PORT/NAME"));
        }
        String url = a.require("to");
        if (!url.startsWith(DatabaseUrl.postgresql(""))) {
            throw new UsageException("--to must be a PostgreSQL URL, " + DatabaseUrl.postgresql("HOST:PORT/NAME"));
        }
        String user = a.option("user").orElse("");
        String password = password(a);
        Path dataDir = config.dataDir();
        if (!DataFolder.holdsDatabase(dataDir)) {
            throw new CommandException("nothing was copied: " + dataDir + " holds no Signet database ("
                    + DataFolder.databaseFile(dataDir).getFileName() + "); name the site's folder with --data");
        }
        try (Database source = DataFolder.openDatabase(dataDir, config.string("db.synchronous"), 2);
                Database target = openTarget(url, user, password)) {
            DatabaseCopy.Report r = new DatabaseCopy(source, target, dataDir, Clock.systemUTC()).run();
            return report(r);
        } catch (DatabaseCopy.Refused e) {
            throw new CommandException("nothing was copied: " + e.getMessage());
        } catch (IOException | StoreException e) {
            throw new CommandException("the copy failed: " + e.getMessage()
                    + "; drop the target database and make it again before another try");
        } catch (Migrations.SchemaTooNewException e) {
            throw new CommandException("nothing was copied: " + e.getMessage());
        }
    }

    private String password(Arguments a) throws UsageException {
        if (a.option("password-env").isEmpty()) {
            return "";
        }
        String name = a.option("password-env").get();
        String value = environment.get(name);
        if (value == null) {
            throw new UsageException("--password-env names " + name + ", which is not set");
        }
        return value;
    }

    private static Database openTarget(String url, String user, String password) throws CommandException,
            Migrations.SchemaTooNewException {
        try {
            return Database.openPostgres(url, user, password, 4);
        } catch (StoreException e) {
            throw new CommandException("nothing was copied: cannot reach or prepare the PostgreSQL database: "
                    + e.getMessage());
        }
    }

    private int report(DatabaseCopy.Report r) {
        out.println("Copied " + r.tables() + " tables (" + r.rows() + " rows) and " + r.files() + " files ("
                + r.bytes() + " bytes, encrypted) into PostgreSQL.");
        out.println("Checked: rows per table equal, " + r.files() + " files decrypted to their recorded SHA-256, "
                + r.chains() + " audit chains valid.");
        if (r.problems().isEmpty()) {
            out.println("The copy is whole. Set db.url to the target and copy keys/ to every instance before starting.");
            return 0;
        }
        out.println("The copy differs from the site:");
        r.problems().forEach(p -> out.println("  " + p));
        return 1;
    }
}
