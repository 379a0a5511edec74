package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.process.ChildProcess;
import org.signet.process.JavaCommand;
import org.signet.process.Launch;
import org.signet.support.CommandLine;
import org.signet.support.SignetJvm;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer.Credentials;
import org.sqlite.SQLiteConfig;

/**
 * Signet on SQLite keeps serving while other processes open its database: the operator's own
 * commands, which docs/operations.md says may run beside a live server ({@code keys list}, {@code keys
 * revoke}, {@code users disable}, {@code backup}), and the {@code sqlite3} shell where it is
 * installed. Four clients upload without pause while the openers take turns for a minute
 * ({@code -Dopeners.seconds=N} for longer or shorter); the server must stay up, refuse a revoked key
 * at once, keep every acknowledged upload, and leave a file whose integrity check, rules, audit
 * chains and stored files all hold.
 */
class OtherOpenersTest {
    private static final int CLIENTS = 4;
    private static final Duration OPENING = Duration.ofSeconds(Long.getLong("openers.seconds", 60));
    /** Keys and users made beforehand, one revoked and one disabled per turn: more than a minute's turns. */
    private static final int SPARES = 40;
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void databaseOpenedByOtherProcesses_whileUploadsGoOn_serverStaysUpAndKeepsEveryWrite() throws Exception {
        SuiteDatabase.assumeSqlite("SQLite's file locks are shared by the processes that open it; PostgreSQL serves each alike");
        Path data = dir.resolve("data");
        Credentials admin = prepare(data);
        List<Long> spareKeys = new ArrayList<>();
        List<Credentials> spareSecrets = new ArrayList<>();
        for (int i = 0; i < SPARES; i++) {
            Map<?, ?> made = keyOf(data, "ops@example.org", "spare" + i);
            spareKeys.add(((Number) made.get("id")).longValue());
            spareSecrets.add(new Credentials((String) made.get("key"), (String) made.get("secret")));
            cli(data, "leaver password\n", "users", "add", "--email", "leaver" + i + "@example.org", "--name", "Leaver " + i,
                    "--password-stdin");
        }

        ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<String> opened = new ArrayList<>();
        try (SignetJvm server = SignetJvm.start(data, "256m", Map.of("SIGNET_RATELIMIT_IP_PER_MINUTE", "1000000"))) {
            AtomicBoolean uploading = new AtomicBoolean(true);
            List<Thread> clients = startUploads(server, admin, uploading, acknowledged, failures);
            boolean haveShell = Files.isExecutable(Path.of("/usr/bin/sqlite3"));
            long end = System.nanoTime() + OPENING.toNanos();
            for (int turn = 0; System.nanoTime() < end && turn < SPARES && server.process().alive(); turn++) {
                opened.add(command(data, turn, "keys", "list"));
                opened.add(command(data, turn, "keys", "revoke", Long.toString(spareKeys.get(turn))));
                HttpResponse<String> revoked = server.send(server.request("/wp-json/wpsigner/v1/documents", spareSecrets.get(turn))
                        .GET().build());
                assertEquals(401, revoked.statusCode(), "a key revoked from the command line is refused at once");
                opened.add(command(data, turn, "users", "disable", "--email", "leaver" + turn + "@example.org"));
                opened.add(command(data, turn, "backup", "--to", dir.resolve("backup" + turn).toString()));
                if (haveShell) {
                    opened.add(shell(data, turn));
                }
            }
            uploading.set(false);
            for (Thread t : clients) {
                t.join(Duration.ofMinutes(1).toMillis());
            }
            assertTrue(server.healthy(), "the server is up after " + opened.size() + " openings; its log ends:\n"
                    + server.process().tail());
            assertEquals(List.of(), List.copyOf(failures), "uploads that got no answer");
            for (String id : acknowledged) {
                int status = server.send(server.request("/wp-json/wpsigner/v1/documents/" + id, admin).GET().build()).statusCode();
                assertEquals(200, status, "acknowledged upload " + id + " is there");
            }
            assertEquals(0, server.process().stop(Duration.ofSeconds(30)), "a graceful stop");
        }
        System.out.printf("OtherOpenersTest: %d openings by other processes during %d acknowledged uploads%n",
                opened.size(), acknowledged.size());
        assertTrue(opened.size() >= 5, "the database was opened by other processes: " + opened);
        assertTrue(acknowledged.size() >= CLIENTS, "uploads were acknowledged while it was opened");
        checkFolder(data);
    }

    /** An administrator and a full key to upload with, made before the server starts. */
    private static Credentials prepare(Path data) {
        cli(data, "secret password\n", "users", "add", "--email", "ops@example.org", "--name", "Ops", "--admin",
                "--password-stdin");
        Map<?, ?> key = keyOf(data, "ops@example.org", "uploads");
        return new Credentials((String) key.get("key"), (String) key.get("secret"));
    }

    private static Map<?, ?> keyOf(Path data, String user, String name) {
        CommandLine.Result r = cli(data, "", "keys", "create", "--user", user, "--name", name, "--permission", "full",
                "--rate-limit", "100000000", "--json");
        try {
            return (Map<?, ?>) Json.parse(r.out());
        } catch (JsonSyntaxException e) {
            throw new AssertionError("keys create --json printed " + r.out(), e);
        }
    }

    private static CommandLine.Result cli(Path data, String stdin, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--data", data.toString()));
        CommandLine.Result r = CommandLine.run(Map.of(), stdin, all.toArray(String[]::new));
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        return r;
    }

    private List<Thread> startUploads(SignetJvm server, Credentials key, AtomicBoolean uploading,
            ConcurrentLinkedQueue<String> acknowledged, ConcurrentLinkedQueue<String> failures) {
        HttpClient http = ProofClient.newHttpClient();
        ProofClient client = new ProofClient(http, server.siteUrl(), key);
        byte[] pdf = TestFiles.pdf(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            String name = "uploader" + i;
            Thread t = new Thread(() -> {
                for (int n = 0; uploading.get(); n++) {
                    try {
                        HttpResponse<String> r = client.upload(name + " " + n, pdf);
                        if (r.statusCode() == 201 || r.statusCode() == 200) {
                            acknowledged.add(String.valueOf(Answers.object(r).get("id")));
                        } else {
                            failures.add(name + ": upload answered " + r.statusCode() + " " + r.body());
                        }
                    } catch (IOException e) {
                        failures.add(name + ": " + e);
                        return;
                    }
                }
            }, name);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /** Runs Signet's command line in a process of its own, as an operator's shell does; it must succeed. */
    private String command(Path data, int turn, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--data", data.toString()));
        JavaCommand java = JavaCommand.ofThisJvm().options(List.of("-Xmx128m", "-XX:TieredStopAtLevel=1"))
                .mainClass("org.signet.Main").args(all);
        return finished(Launch.of(args[0], java, dir.resolve(args[0] + "-" + args[1] + turn + ".log")), args);
    }

    private String shell(Path data, int turn) throws IOException {
        List<String> sqlite3 = List.of("/usr/bin/sqlite3", "-readonly", data.resolve("signet.db").toString(),
                "SELECT count(*) FROM documents");
        return finished(Launch.of("sqlite3", sqlite3, dir.resolve("sqlite3-" + turn + ".log")), "sqlite3");
    }

    private static String finished(Launch launch, String... args) throws IOException {
        try (ChildProcess p = launch.start()) {
            int code = p.awaitExit(COMMAND_LIMIT);
            assertEquals(0, code, String.join(" ", args) + " printed:\n" + p.log());
        }
        return String.join(" ", args);
    }

    /** The stopped server's folder, straight from its files: integrity, rules and chains, and every stored file. */
    private static void checkFolder(Path data) throws Exception {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        try (Connection db = config.createConnection("jdbc:sqlite:" + data.resolve("signet.db").toAbsolutePath())) {
            assertEquals(List.of(), StoredInvariants.check(db));
            VaultContents.Findings vault = VaultContents.check(data, db);
            assertEquals(List.of(), vault.damaged());
            assertTrue(vault.filesChecked() > 0, "stored files were decrypted");
        }
    }
}
