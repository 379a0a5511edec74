package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.crypto.Tokens;
import org.signet.domain.ApiKey.Permission;
import org.signet.files.FileVault;
import org.signet.process.ChildProcess;
import org.signet.support.LocalPorts;
import org.signet.support.SuiteDatabase;
import org.signet.support.ApiFlow;
import org.signet.support.CommandLine;
import org.signet.support.CommandLine.Result;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/**
 * The database knows which master key seals its files: recorded at the first start (and at the first
 * start of a database made before it was kept), and a Signet or a command holding another key, or
 * none, is refused with a message naming the keys folder and never the key or its check value.
 */
class MasterKeyCheckTest {
    private static final String SHARE = "every Signet using this database must hold the same keys folder: copy it from"
            + " the data folder that made the database, or restore it from its backup";

    @TempDir
    Path dir;

    @Test
    void start_newDataFolder_recordsTheKeysHmacNeverTheKey() throws Exception {
        Path data = dir.resolve("data");
        try (TestServer server = TestServer.start(data)) {
            byte[] key = Files.readAllBytes(data.resolve("keys/master.key"));

            assertEquals(List.of(hmac(key)), recorded(server.app.database()));
            long at = server.app.database().queryLong("SELECT recorded_at FROM master_key_check");
            assertTrue(Math.abs(at - System.currentTimeMillis() / 1000) < 600, "recorded at " + at);
        }
    }

    @Test
    void start_againWithTheSameKeys_servesTheFilesSealedBefore() throws Exception {
        Path data = dir.resolve("data");
        ApiFlow flow;
        String doc;
        List<String> first;
        try (TestServer server = TestServer.start(data)) {
            flow = new ApiFlow(server, server.account("owner@example.org", false).full(), Clock.systemUTC());
            doc = flow.upload("Contract", 1);
            first = recorded(server.app.database());
        }

        try (TestServer again = TestServer.start(data)) {
            ApiFlow next = new ApiFlow(again, flow.key, Clock.systemUTC());
            HttpResponse<byte[]> file = again.sendForBytes(again.request("documents/" + doc + "/file?version=original",
                    flow.key).header("Accept", "application/pdf").GET().build());
            assertEquals(200, file.statusCode());
            assertEquals(next.document(doc).get("file_hash"), HexFormat.of().formatHex(Tokens.sha256(file.body())));
            assertEquals(first, recorded(again.app.database()), "recorded once, never replaced");
        }
    }

    @Test
    void serve_masterKeySwapped_exits1NamingTheKeysFolderAndNeverListens() throws Exception {
        Path data = dir.resolve("data");
        TestServer.start(data).close();
        byte[] original = Files.readAllBytes(data.resolve("keys/master.key"));
        byte[] other = swapMasterKey(data);
        int port = ChildProcess.freePort();
        List<String> log = new CopyOnWriteArrayList<>();
        Handler capture = capture(log);

        Result r;
        try {
            r = serve(data, port);
        } finally {
            Logger.getLogger("").removeHandler(capture);
        }

        assertEquals(1, r.code(), r.out() + r.err());
        assertEquals("signet: cannot start: the master key in " + data.resolve("keys") + " is not the one this"
                + " database was made with; " + SHARE, r.err().strip());
        assertFalse(LocalPorts.accepts(port), "nothing listens on the port it was given");
        assertFalse(String.join("\n", log).contains("Signet listening"), String.join("\n", log));
        assertArrayEquals(other, Files.readAllBytes(data.resolve("keys/master.key")), "the key is left as found");
        assertEquals(List.of(hmac(original)), recordedIn(data), "the database still names the first key");
        assertRevealsNothing(List.of(r.out(), r.err(), String.join("\n", log)), original, other);
    }

    @Test
    void serve_masterKeyMissing_exits1AndMakesNoNewKey() throws Exception {
        Path data = dir.resolve("data");
        TestServer.start(data).close();
        Files.delete(data.resolve("keys/master.key"));

        Result r = serve(data, 0);

        assertEquals(1, r.code(), r.out() + r.err());
        assertEquals("signet: cannot start: the master key this database was made with cannot be read: no master key"
                + " in " + data.resolve("keys") + " (master.key); " + SHARE, r.err().strip());
        assertFalse(Files.exists(data.resolve("keys/master.key")), "a key made now could open nothing recorded");
    }

    @Test
    void start_databaseMadeBeforeTheCheck_upgradesAndRecordsTheKeyItHeld() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Credentials key = SuiteDatabase.onPostgres() ? postgresMadeBeforeTheCheck(data) : sqliteMadeBeforeTheCheck(data);
        FileVault.open(data); // the older Signet made its master key at its first start
        byte[] held = Files.readAllBytes(data.resolve("keys/master.key"));

        try (TestServer server = TestServer.start(data)) {
            assertEquals(Migrations.fromClasspath().latestVersion(),
                    server.app.database().queryLong(SuiteDatabase.schemaVersionQuery()));
            assertEquals(List.of(hmac(held)), recorded(server.app.database()));
            assertEquals(200, server.get("documents", key).statusCode(), "the older database is the one served");
        }
        assertArrayEquals(held, Files.readAllBytes(data.resolve("keys/master.key")), "the key it held is kept");
        TestServer.start(data).close();
    }

    /** A SQLite database as a Signet made it before the check, with one user and key; answers the key. */
    private static Credentials sqliteMadeBeforeTheCheck(Path data) throws Exception {
        try (Database db = Database.open(data.resolve("signet.db"), "FULL", 1)) {
            MigrationsTest.applyScriptsBefore(db, "CREATE TABLE master_key_check");
            assertEquals(0, db.queryLong("SELECT count(*) FROM sqlite_master WHERE name = 'master_key_check'"));
            // Written as the older Signet wrote them: today's stores write columns its schema did not have yet.
            Credentials key = new Credentials("wps_" + "O".repeat(32), "S".repeat(40));
            db.update("INSERT INTO users(email, name, is_admin, password_hash, created_at) "
                    + "VALUES ('old@example.org', 'Old', 0, NULL, 1)");
            db.update("INSERT INTO api_keys(user_id, key, secret_hash, name, description, permission, rate_limit, "
                    + "created_at) SELECT id, ?, ?, 'old', '', ?, 100, 1 FROM users", key.key(),
                    Tokens.sha256(key.secret()), Permission.FULL.wire());
            return key;
        }
    }

    /**
     * The same on PostgreSQL, where opening a {@link Database} migrates it to the latest version: the scripts
     * before the check and the user and key written on a plain connection, as the stores write them.
     */
    private static Credentials postgresMadeBeforeTheCheck(Path data) throws Exception {
        Credentials key = new Credentials("wps_" + "O".repeat(32), "S".repeat(40));
        SuiteDatabase.emptyFor(data);
        try (Connection c = SuiteDatabase.connect(data); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)");
            s.execute("INSERT INTO schema_version (id, version) VALUES (1, 0)");
            for (int n = 1; ; n++) {
                String script = new String(Migrations.class.getResourceAsStream(String.format("/db/postgresql/%03d.sql", n))
                        .readAllBytes(), StandardCharsets.UTF_8);
                if (script.contains("CREATE TABLE master_key_check")) {
                    break;
                }
                s.execute(script);
                s.execute(SuiteDatabase.schemaVersionUpdate(n));
            }
            s.execute("INSERT INTO users(email, name, is_admin, password_hash, created_at) "
                    + "VALUES ('old@example.org', 'Old', 0, NULL, 1)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO api_keys(user_id, key, secret_hash, name, "
                    + "description, permission, rate_limit, created_at) SELECT id, ?, ?, 'old', '', ?, 100, 1 FROM users")) {
                p.setString(1, key.key());
                p.setBytes(2, Tokens.sha256(key.secret()));
                p.setString(3, Permission.FULL.wire());
                p.executeUpdate();
            }
        }
        return key;
    }

    @Test
    void commands_masterKeySwapped_backupAndSealRenewalExit1NamingTheKeysFolder() throws Exception {
        Path data = dir.resolve("data");
        TestServer.start(data).close();
        byte[] original = Files.readAllBytes(data.resolve("keys/master.key"));
        byte[] other = swapMasterKey(data);
        String refusal = "the master key in " + data.resolve("keys") + " is not the one this database was made with; "
                + SHARE;

        Result backup = CommandLine.run("backup", "--data", data.toString(), "--to", dir.resolve("b").toString());
        Result renew = CommandLine.run("seals", "renew", "--data", data.toString());

        assertEquals(1, backup.code(), backup.out() + backup.err());
        // On PostgreSQL a backup is refused before the keys are looked at: Signet backs up SQLite only.
        assertEquals("signet: no backup was made: " + (SuiteDatabase.onPostgres() ? "Signet backs up its SQLite database only;"
                + " back up a PostgreSQL database with pg_dump, which holds the stored files too, and keep the data"
                + " folder's keys/ apart" : refusal),
                backup.err().strip());
        assertFalse(Files.exists(dir.resolve("b")), "nothing left where the backup was to go");
        assertEquals(1, renew.code(), renew.out() + renew.err());
        assertEquals("signet: cannot open the data folder " + data + ": " + refusal, renew.err().strip());
        assertRevealsNothing(List.of(backup.out(), backup.err(), renew.out(), renew.err()), original, other);
    }

    /** {@code signet serve} on {@code data}, which must be refused: one that starts serves until stopped. */
    private static Result serve(Path data, int port) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CommandLine.run("serve", "--data",
                data.toString(), "--host", "127.0.0.1", "--port", Integer.toString(port)), "serve was not refused");
    }

    /** Puts a new random master key in {@code data}'s keys folder, as an operator copying the wrong one would; answers it. */
    private static byte[] swapMasterKey(Path data) throws Exception {
        byte[] other = Tokens.randomBytes(32);
        Files.write(data.resolve("keys/master.key"), other);
        return other;
    }

    /** The check value Signet records for {@code key}: HMAC-SHA256 of a fixed label, in hex. */
    private static String hmac(byte[] key) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal("signet master key check v1".getBytes(StandardCharsets.US_ASCII)));
    }

    /** Neither key nor either check value, in hex or Base64, appears in any of {@code texts}. */
    private static void assertRevealsNothing(List<String> texts, byte[]... keys) throws Exception {
        List<String> secrets = new ArrayList<>();
        for (byte[] k : keys) {
            byte[] check = HexFormat.of().parseHex(hmac(k));
            for (byte[] b : List.of(k, check)) {
                secrets.add(HexFormat.of().formatHex(b));
                secrets.add(Base64.getEncoder().withoutPadding().encodeToString(b));
                secrets.add(Base64.getUrlEncoder().withoutPadding().encodeToString(b));
            }
        }
        for (String text : texts) {
            for (String secret : secrets) {
                assertFalse(text.toLowerCase().contains(secret.toLowerCase()), "key material in: " + text);
            }
        }
    }

    private static List<String> recorded(Database db) {
        return db.query("SELECT value FROM master_key_check", r -> r.string("value"));
    }

    private static List<String> recordedIn(Path data) {
        try (Database db = SuiteDatabase.open(data, "FULL", 1)) {
            return recorded(db);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Every record logged from now on, formatted with its exception, into {@code into}. */
    private static Handler capture(List<String> into) {
        SimpleFormatter format = new SimpleFormatter();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                into.add(format.format(r));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger.getLogger("").addHandler(h);
        return h;
    }

}
