package org.signet.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.signet.process.ChildProcess;

/**
 * A real PostgreSQL 15 from Debian's package, started once per test JVM in a temporary folder on a
 * free loopback port and stopped when the JVM exits, handing each caller a fresh empty database.
 */
public final class Postgres {
    public static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");
    private static final String USER = "signet";
    private static final int START_ATTEMPTS = 3;
    private static final long COMMAND_LIMIT_SECONDS = 120;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static Postgres shared;

    private final Path home;
    private final int port;
    private final String password;
    /** The database {@link #migratedDatabase} copies, once made. */
    private String migrated;

    private Postgres(Path home, int port, String password) {
        this.home = home;
        this.port = port;
        this.password = password;
    }

    /** One empty database on the shared server: where a test connects and as whom. */
    public record Database(String name, String url, String user, String password) {
        public Connection connect() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        /**
         * The settings that open Signet on this database, for a test server; two servers started with them
         * on one data folder are two instances of one site (the same keys, the same database).
         */
        public String[] settings() {
            return new String[] {"db.url=" + url, "db.user=" + user, "db.password=" + password};
        }

        /** Opens this database as Signet does, migrated; the caller closes it. */
        public org.signet.store.Database open(int poolSize) throws org.signet.store.Migrations.SchemaTooNewException {
            return org.signet.store.Database.openPostgres(url, user, password, poolSize);
        }
    }

    /** The server of this JVM, started on first use; fails naming the package where it is not installed. */
    public static synchronized Postgres shared() throws IOException {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    /**
     * A new database with Signet's tables already made: a copy of one database migrated once per JVM,
     * which PostgreSQL makes in a fraction of the time the migrations take, for the many tests that
     * each start Signet on a database of their own and need it empty of data, not of tables.
     */
    public synchronized Database migratedDatabase() throws SQLException {
        if (migrated == null) {
            Database template = freshDatabase();
            try {
                org.signet.store.Database.openPostgres(template.url(), USER, password, 1).close();
            } catch (org.signet.store.Migrations.SchemaTooNewException e) {
                throw new SQLException(e.getMessage(), e);
            }
            migrated = template.name();
        }
        return freshDatabase("TEMPLATE " + migrated);
    }

    /** A new empty database ({@code t_} and random hex) owned by the test user. */
    public Database freshDatabase() throws SQLException {
        return freshDatabase("");
    }

    /** As above, made with {@code options} of CREATE DATABASE (such as {@code TEMPLATE template0 LC_CTYPE 'C'}). */
    public Database freshDatabase(String options) throws SQLException {
        String name = "t_" + HexFormat.of().formatHex(randomBytes(8));
        try (Connection c = DriverManager.getConnection(url("postgres"), USER, password);
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name + " " + options);
        }
        return new Database(name, url(name), USER, password);
    }

    public int port() {
        return port;
    }

    private String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    private static Postgres start() throws IOException {
        if (!Files.isExecutable(BIN.resolve("initdb")) || !Files.isExecutable(BIN.resolve("pg_ctl"))) {
            throw new AssertionError(BIN + "/initdb and pg_ctl are missing: install Debian's postgresql package "
                    + "(apt-get install postgresql; .ci/run does)");
        }
        Path home = Files.createTempDirectory("signet-pg-");
        String password = HexFormat.of().formatHex(randomBytes(16));
        Files.writeString(home.resolve("password"), password + "\n", StandardCharsets.UTF_8);
        if (asRoot()) {
            // the server refuses to run as root, so its folder belongs to Debian's postgres user
            run(home, List.of("chown", "-R", "postgres:postgres", home.toString()), false);
        }
        run(home, List.of(BIN.resolve("initdb").toString(), "-D", home.resolve("data").toString(), "-U", USER,
                "--pwfile=" + home.resolve("password"), "--auth-local=trust", "--auth-host=scram-sha-256",
                "-E", "UTF8", "--locale=C", "--lc-ctype=C.UTF-8", "--no-sync"), true);
        int port = startOnFreePort(home);
        Postgres postgres = new Postgres(home, port, password);
        Runtime.getRuntime().addShutdownHook(new Thread(postgres::stop, "stop-postgres-" + port));
        return postgres;
    }

    /** Another process may take the free port between asking and binding, so a refused start tries a new one. */
    private static int startOnFreePort(Path home) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
            int port = ChildProcess.freePort();
            try {
                // fsync off: a test database need not survive a power cut, and syncing slows every test
                run(home, List.of(BIN.resolve("pg_ctl").toString(), "-D", home.resolve("data").toString(),
                        "-l", home.resolve("server.log").toString(), "-w", "-t", "60", "-o",
                        "-p " + port + " -k " + home + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"), true);
                return port;
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    private void stop() {
        try {
            run(home, List.of(BIN.resolve("pg_ctl").toString(), "-D", home.resolve("data").toString(),
                    "-m", "immediate", "-w", "stop"), true);
        } catch (IOException | RuntimeException e) {
            System.err.println("PostgreSQL on port " + port + " did not stop: " + e.getMessage());
        }
        deleteTree(home);
    }

    private static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Runs a command, as Debian's postgres user when {@code asServer} and this JVM is root; fails with its output. */
    private static void run(Path home, List<String> command, boolean asServer) throws IOException {
        List<String> full = new ArrayList<>();
        if (asServer && asRoot()) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        Path out = Files.createTempFile("signet-pg-command-", ".log");
        try {
            Process p = new ProcessBuilder(full).directory(home.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile()).start();
            if (!p.waitFor(COMMAND_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", full) + " did not finish in " + COMMAND_LIMIT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", full) + " exited with " + p.exitValue() + ":\n"
                        + Files.readString(out, StandardCharsets.UTF_8) + serverLog(home));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + full.get(0), e);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static String serverLog(Path home) throws IOException {
        Path log = home.resolve("server.log");
        return Files.exists(log) ? "\nserver log:\n" + Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not delete " + root + ": " + e.getMessage());
        }
    }
}
