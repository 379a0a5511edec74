package org.signet.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.signet.config.Config;
import org.signet.process.JavaCommand;
import org.signet.store.Database;
import org.signet.store.Migrations;

/**
 * {@code bench --db jdbc:postgresql://...}: Signet on an empty PostgreSQL database it fills,
 * adding signers at 16 connections against raw single-row insert transactions into the same table
 * on the same server, then one, two and three instances behind nginx taking the same writes and
 * reads, each count against one instance.
 */
public final class PostgresBench {
    private static final int INSTANCES = 3;
    /** The schema that holds the growth comparison's large side. */
    private static final String GROWN = "signet_grown";
    private static final int READ_CONNECTIONS = ReadComparison.CONNECTIONS;
    /** On a machine with few cores more instances only share them: the target is that nothing falls. */
    private static final double NOT_FALLING = 0.9;

    private final BenchSettings settings;
    private final String url;
    private final String user;
    private final String password;
    private final PrintStream out;
    private final Progress progress;

    public PostgresBench(BenchSettings settings, String url, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.url = url;
        this.user = settings.environment().getOrDefault("SIGNET_DB_USER", "");
        this.password = settings.environment().getOrDefault("SIGNET_DB_PASSWORD", "");
        this.out = out;
        this.progress = new Progress(err);
    }

    public void run() throws IOException, InterruptedException {
        requireEmpty();
        Files.createDirectories(settings.folder());
        Path scratch = Files.createTempDirectory(settings.folder().toAbsolutePath().normalize(), "signet-bench-pg-");
        try {
            Map<String, String> database = Map.of("SIGNET_DB_URL", url, "SIGNET_DB_USER", user, "SIGNET_DB_PASSWORD",
                    password);
            Run run = newRun(scratch, database);
            BenchFolder.Accounts accounts;
            try (Database db = open(url)) {
                accounts = BenchFolder.prepare(db);
                BenchFolder.addDocuments(db, accounts.growthOwner(), 1, BenchSettings.SMALL);
            }
            List<BenchFigure> rows = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            measure(run, scratch, database, accounts, rows, notes);
            out.printf("Signet bench on PostgreSQL: %d processors, Java %s; %s%n", Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.version"), run.signetCommand().describe());
            out.printf("HTTP loads: %s each side%n%n", ReadComparison.phases(run));
            Table.print(out, rows);
            out.println();
            out.println("Baselines, measured in the same run: writes, one connection per thread, BEGIN/INSERT/COMMIT of one");
            out.println("signer into the same table of the same database; instances, the same load through nginx to one instance.");
            notes.forEach(n -> out.println("- " + n));
        } finally {
            Bench.delete(scratch);
        }
    }

    private void measure(Run run, Path scratch, Map<String, String> database, BenchFolder.Accounts accounts,
            List<BenchFigure> rows, List<String> notes) throws IOException, InterruptedException {
        List<Run.Started> started = new ArrayList<>();
        try {
            started.add(run.signet(instanceFolder(scratch, 0), "signet-1.log", database));
            Server first = started.get(0).server();
            GrowthComparison.Result growth = growth(run, scratch, first, accounts);
            rows.addAll(growth.rows());
            SignetClient api = run.client(first, accounts.main());
            byte[] onePage = Pdfs.document(1);
            String document = Fixtures.readDocument(api, onePage);
            List<String> drafts = Fixtures.drafts(api, onePage, WriteComparison.DOCUMENTS);
            WriteComparison.Result writes = writes(run, first, api, drafts);
            rows.addAll(writes.rows());
            notes.add(writes.note());
            for (int i = 1; i < INSTANCES; i++) {
                copyKeys(scratch, i);
                started.add(run.signet(instanceFolder(scratch, i), "signet-" + (i + 1) + ".log", database));
            }
            rows.addAll(instances(run, scratch, started, api, document, drafts, notes));
        } finally {
            started.forEach(Run.Started::close);
        }
    }

    /**
     * The growth comparison: Signet on a second set of its tables, in a schema of their own in the same
     * database, holding {@code --documents} documents, beside the first one holding 1,000.
     */
    private GrowthComparison.Result growth(Run run, Path scratch, Server small, BenchFolder.Accounts accounts)
            throws IOException {
        progress.say(String.format(Locale.ROOT, "growth: schema %s grown to %,d documents with SQL", GROWN,
                settings.documents()));
        String grown = grownSchema(accounts);
        settle();
        copyKeys(scratch, INSTANCES);
        Map<String, String> database = Map.of("SIGNET_DB_URL", grown, "SIGNET_DB_USER", user, "SIGNET_DB_PASSWORD",
                password);
        try (Run.Started large = run.signet(instanceFolder(scratch, INSTANCES), "signet-grown.log", database);
                SignetClient smallApi = run.client(small, accounts.growth());
                SignetClient largeApi = run.client(large.server(), accounts.growth())) {
            return GrowthComparison.measure(run, smallApi, largeApi);
        }
    }

    /** Makes schema {@link #GROWN} with Signet's tables, the same accounts and keys, and the growth documents; its URL. */
    private String grownSchema(BenchFolder.Accounts accounts) throws IOException {
        String home;
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_schema()")) {
            rs.next();
            home = rs.getString(1);
            s.execute("CREATE SCHEMA " + GROWN);
        } catch (SQLException e) {
            throw new IOException("cannot make schema " + GROWN + ": " + e.getMessage(), e);
        }
        // The home schema stays on the path: pg_trgm's operators live where the first migration put them.
        String grown = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + GROWN + "," + home;
        try (Database db = open(grown)) {
            for (String table : List.of("users", "api_keys", "stored_files")) {
                db.update("INSERT INTO " + GROWN + "." + table + " SELECT * FROM " + home + "." + table);
            }
            BenchFolder.addDocuments(db, accounts.growthOwner(), 1, settings.documents());
        }
        return grown;
    }

    private Database open(String at) throws IOException {
        try {
            return Database.openPostgres(at, user, password, 2);
        } catch (Migrations.SchemaTooNewException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private WriteComparison.Result writes(Run run, Server signet, SignetClient api, List<String> drafts)
            throws IOException, InterruptedException {
        settle();
        progress.say("writes: Signet on PostgreSQL, " + ReadComparison.phases(run));
        Measured viaSignet = WriteComparison.signet(run, signet.process(), signet.address(), api, drafts);
        settle();
        progress.say("writes: raw PostgreSQL inserts, " + ReadComparison.phases(run));
        List<Long> ids = drafts.stream().map(Long::valueOf).toList();
        Measured raw = WriteComparison.baseline(run, PostgresInserts.on(url, user, password, ids));
        PostgresInserts.remove(url, user, password);
        return new WriteComparison.Result("writes on PostgreSQL", viaSignet, raw);
    }

    /** The writes and the reads through nginx to one, two and three instances; each row against one instance. */
    private List<BenchFigure> instances(Run run, Path scratch, List<Run.Started> started, SignetClient api,
            String document, List<String> drafts, List<String> notes) throws IOException, InterruptedException {
        List<BenchFigure> rows = new ArrayList<>();
        if (!NginxFront.installed()) {
            progress.say("instances: " + NginxFront.BINARY + " is missing (Debian's nginx package); left out");
            return rows;
        }
        byte[] read = api.getRequest("/documents/" + document);
        LoadResult oneWrites = null;
        LoadResult oneReads = null;
        for (int n = 1; n <= INSTANCES; n++) {
            List<InetSocketAddress> behind = started.subList(0, n).stream().map(s -> s.server().address()).toList();
            try (NginxFront nginx = NginxFront.start(scratch.resolve("nginx-" + n), behind)) {
                settle();
                progress.say("instances: " + n + " behind nginx, writes then reads, " + ReadComparison.phases(run));
                LoadResult writes = WriteComparison.signet(run, null, nginx.address(), api, drafts).load();
                LoadResult reads = Load.run(READ_CONNECTIONS, HttpWorker.on(nginx.address(), run.loopback(),
                        c -> () -> read), settings.warmup(), settings.duration());
                oneWrites = oneWrites == null ? writes : oneWrites;
                oneReads = oneReads == null ? reads : oneReads;
                rows.add(new BenchFigure(instancesName(n, "writes, POST signers, " + WriteComparison.CONNECTIONS
                        + " connections"), "req/s", writes.perSecond(), oneWrites.perSecond(),
                        Target.ratioAtLeast(NOT_FALLING)));
                rows.add(new BenchFigure(instancesName(n, "writes: p99"), "ms", writes.p99Millis(), oneWrites.p99Millis(),
                        Target.valueAtMost(100, "ms")));
                rows.add(new BenchFigure(instancesName(n, "reads, GET /documents/{id}, " + READ_CONNECTIONS
                        + " connections"), "req/s", reads.perSecond(), oneReads.perSecond(),
                        Target.ratioAtLeast(NOT_FALLING)));
                rows.add(new BenchFigure(instancesName(n, "reads: p99"), "ms", reads.p99Millis(), oneReads.p99Millis(),
                        Target.valueAtMost(100, "ms")));
                rows.add(new BenchFigure(instancesName(n, "errors (non-2xx)"), "", writes.errors() + reads.errors(),
                        oneWrites.errors() + oneReads.errors(), Target.valueAtMost(0, "")));
                notes.add(instancesName(n, "failures: writes " + writes.failuresText() + "; reads " + reads.failuresText()));
            }
        }
        return rows;
    }

    private static String instancesName(int n, String what) {
        return String.format(Locale.ROOT, "%d instance%s behind nginx: %s", n, n == 1 ? "" : "s", what);
    }

    /** The bench fills the database it is given, so it takes only one that holds no table yet. */
    /**
     * VACUUM (ANALYZE) of the whole database before each measured phase, as a site's database stands
     * between bursts: autovacuum, woken by the rows a set-up or an earlier phase wrote (a million at
     * once for the growth comparison), would otherwise take its turn, and its share of the two cores,
     * inside a later phase's window.
     */
    private void settle() throws IOException {
        long began = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.execute("VACUUM (ANALYZE)");
        } catch (SQLException e) {
            throw new IOException("cannot vacuum the database at --db: " + e.getMessage(), e);
        }
        progress.say(String.format(Locale.ROOT, "settled: VACUUM (ANALYZE) took %.1f s", (System.nanoTime() - began) / 1e9));
    }

    private void requireEmpty() throws IOException {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM information_schema.tables "
                        + "WHERE table_schema = current_schema()")) {
            rs.next();
            if (rs.getLong(1) > 0) {
                throw new IOException("the database at --db already holds tables; the bench fills the database it is "
                        + "given, so give it an empty one (CREATE DATABASE ...)");
            }
        } catch (SQLException e) {
            throw new IOException("cannot reach the database at --db (" + e.getMessage() + "); the user and password "
                    + "come from SIGNET_DB_USER and SIGNET_DB_PASSWORD", e);
        }
    }

    private Run newRun(Path scratch, Map<String, String> database) throws IOException {
        Map<String, String> environment = new HashMap<>(settings.environment());
        environment.putAll(database);
        environment.putAll(Bench.SERVER_ENVIRONMENT);
        Config config = Bench.config(instanceFolder(scratch, 0), environment, Map.of("server.host", "127.0.0.1"));
        return new Run(settings, JavaCommand.ofCodeOf(Bench.class).options(settings.jvmOptions()), scratch,
                Loopback.probe(), progress, config.integer("server.connections"), config.string("db.synchronous"),
                config.restBase(), Bench.SERVER_ENVIRONMENT);
    }

    private static Path instanceFolder(Path scratch, int i) throws IOException {
        return Files.createDirectories(scratch.resolve("signet-" + (i + 1)));
    }

    /** Every instance needs the same keys: the first start made them, the others get copies. */
    private static void copyKeys(Path scratch, int to) throws IOException {
        Path from = instanceFolder(scratch, 0).resolve("keys");
        Path into = Files.createDirectories(instanceFolder(scratch, to).resolve("keys"));
        try (Stream<Path> keys = Files.list(from)) {
            for (Path k : keys.toList()) {
                Files.copy(k, into.resolve(k.getFileName()));
            }
        }
    }
}
