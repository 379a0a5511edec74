package org.signet.cli;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.signet.log.Logging;
import org.signet.config.Config;
import org.signet.config.DatabaseUrl;
import org.signet.config.ConfigException;
import org.signet.config.Version;

/** Signet's command line: parses, loads configuration, and hands over to one command. */
public final class Cli {
    static final String USAGE = """
            Usage: java -jar signet.jar <command> [options]

            Commands:
              serve [--port N] [--host H] [--config FILE]   run the service (default 127.0.0.1:8080)
              demo [--port N]                              run on a fresh ./demo-data seeded with sample data
              users add --email E --name N [--admin] [--password-stdin]
              users list
              users passwd --email E [--password-stdin]
              users disable --email E
              users reset-2fa --email E                    remove the user's second factor (a lost authenticator app)
              keys create --user EMAIL --name N --permission full|read [--description D] [--rate-limit N] [--json]
              keys list
              keys revoke KEY                              KEY is the wps_... key or its numeric id
              seals renew [--document ID]                  renew sealed PDFs' evidence: every one due, or one now
              retention run [--as-of TIME] [--dry-run]     purge the documents whose retention has run out, now or as
                                                           of TIME (2031-01-15 or 2031-01-15T09:00:00Z); --dry-run
                                                           lists what would go (and what is held) and changes nothing
              people export --email E --to DIR             write everything Signet holds about E into the new folder DIR
              people erase --email E [--dry-run]           remove E from drafts, purge the ended documents nothing keeps,
                                                           and say what is kept and why; --dry-run changes nothing
              backup --to DIR [--include-keys]            a checked copy of the data folder, taken while Signet serves;
                                                           the keys only with --include-keys
              restore --from DIR --data NEW [--keys DIR]   check a backup and restore it into a new or empty folder;
                                                           the master key from --keys DIR, else from the backup
              db copy --to %s [--user U] [--password-env VAR]
                                                           copy this SQLite site, database and files, into an empty
                                                           PostgreSQL database and check the copy; the password is
                                                           read from the environment variable VAR
              bench [--warmup S] [--duration S] [--documents N] [--samples N] [--jvm OPTIONS]
                                                           compare Signet's speed with baselines and print a table
                                                           (defaults 20 s, 10 s, 1000000, 5; a scratch folder is
                                                           made in --data, default the current folder, and removed)

            Every command takes --data DIR (default ./data), the folder with the database, files and keys.
            Options may stand before or after the command words.
              --help      this text
              --version   the version
            """.formatted(DatabaseUrl.postgresql("HOST:PORT/NAME"));

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final InputStream stdin;

    public Cli(PrintStream out, PrintStream err, Map<String, String> environment, InputStream stdin) {
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.stdin = stdin;
    }

    /** Runs one command and returns the process exit code (0 ok, 1 failed, 2 usage). */
    public int run(String[] args) {
        try {
            Arguments a = Arguments.parse(args);
            if (a.flag("version")) {
                out.println("signet " + Version.current());
                return 0;
            }
            if (a.flag("help") || a.wordCount() == 0) {
                out.print(USAGE);
                return a.flag("help") ? 0 : 2;
            }
            return dispatch(a);
        } catch (UsageException e) {
            err.println("signet: " + e.getMessage());
            err.println("Run with --help for usage.");
            return 2;
        } catch (ConfigException e) {
            err.println("signet: configuration error: " + e.getMessage());
            return 1;
        } catch (CommandException e) {
            err.println("signet: " + e.getMessage());
            return 1;
        }
    }

    private int dispatch(Arguments a) throws UsageException, ConfigException, CommandException {
        String command = a.word(0) + (a.wordCount() > 1 ? " " + a.word(1) : "");
        return switch (a.word(0)) {
            case "serve" -> new ServeCommand(out).run(config(a, dataDir(a)));
            case "demo" -> new DemoCommand(out).run(config(a, Path.of("demo-data")));
            case "users" -> new UsersCommand(out, this::readPassword).run(a, config(a, dataDir(a)));
            case "keys" -> new KeysCommand(out).run(a, config(a, dataDir(a)));
            case "seals" -> new SealsCommand(out).run(a, config(a, dataDir(a)));
            case "retention" -> new RetentionCommand(out).run(a, config(a, dataDir(a)));
            case "people" -> new PeopleCommand(out).run(a, config(a, dataDir(a)));
            case "backup" -> new BackupCommand(out, err).run(a, config(a, dataDir(a)));
            case "restore" -> new RestoreCommand(out).run(a);
            case "db" -> new DbCommand(out, environment).run(a, config(a, dataDir(a)));
            case "bench" -> new BenchCommand(out, err, environment).run(a);
            default -> throw new UsageException("unknown command '" + command + "'");
        };
    }

    private static Path dataDir(Arguments a) {
        return Path.of(a.option("data").orElse("data"));
    }

    private Config config(Arguments a, Path dataDir) throws ConfigException {
        Map<String, String> flags = new LinkedHashMap<>();
        a.option("port").ifPresent(p -> flags.put("server.port", p));
        a.option("host").ifPresent(h -> flags.put("server.host", h));
        Config config = Config.load(dataDir, a.option("config").map(Path::of), environment, flags);
        Logging.useFormat(config.string("log.format"));
        return config;
    }

    /** Reads one line from standard input (for --password-stdin, or when there is no console). */
    private Optional<char[]> readPassword() {
        try {
            if (System.console() != null && stdin == System.in) {
                return Optional.ofNullable(System.console().readPassword("Password: "));
            }
            String line = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)).readLine();
            return Optional.ofNullable(line).map(String::toCharArray);
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }
}
