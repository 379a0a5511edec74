package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.process.ChildProcess;
import org.signet.store.Migrations;
import org.signet.support.CommandLine;
import org.signet.support.LocalPorts;
import org.signet.support.Multipart;
import org.signet.support.Postgres;
import org.signet.support.DocExamples;
import org.signet.support.SignetJvm;
import org.signet.support.SignetProcess;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer.Credentials;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * {@code serve} as a service manager runs it: stopped by SIGTERM while a request is still
 * arriving, within the stop limit of the systemd unit in docs/operations.md; refusing a database newer than
 * itself; and the unit itself.
 */
class ServeCommandTest {
    private static final String UNIT = "/etc/systemd/system/signet.service";

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), SuiteDatabase.forCommand(Map.of(), args), new ByteArrayInputStream(new byte[0]))
                .run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void sigterm_uploadStillArriving_answered201AndProcessExitsZeroWithinTheUnitsLimit() throws Exception {
        Path data = dir.resolve("data");
        Credentials key = fullKey(data);
        byte[] body = new Multipart().text("title", "Sent while stopping")
                .file("file", "late.pdf", "application/pdf", TestFiles.pdf(3)).bytes();
        try (SignetJvm server = SignetJvm.start(data, "256m", Map.of());
                Socket client = new Socket("127.0.0.1", server.port())) {
            client.setSoTimeout(30_000);
            OutputStream out = client.getOutputStream();
            InputStream in = client.getInputStream();
            // The server sends 100 Continue as it hands the request to a worker: from then on it is in flight.
            out.write(("POST /wp-json/wpsigner/v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-WPS-API-Key: "
                    + key.key() + "\r\nX-WPS-API-Secret: " + key.secret() + "\r\nContent-Type: "
                    + new Multipart().contentType() + "\r\nContent-Length: " + body.length
                    + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String interim = head(in);
            assertTrue(interim.startsWith("HTTP/1.1 100"), interim);

            server.process().terminate();
            Waits.awaitUntil(() -> !LocalPorts.accepts(server.port()), "new connections refused after SIGTERM",
                    Duration.ofSeconds(30));
            out.write(body);
            out.flush();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);

            assertTrue(answer.startsWith("HTTP/1.1 201"), answer);
            assertEquals(0, server.process().awaitExit(unitStopLimit()), "exit code after SIGTERM");
            assertTrue(server.process().log().contains("Signet stopped"), server.process().tail());
        }
        try (TestServer again = TestServer.start(data)) {
            List<Object> docs = TestServer.array(TestServer.expect(200, again.get("documents", key)));
            assertEquals(1, docs.size(), "the upload answered during the stop is there: " + docs);
        }
    }

    @Test
    void serve_databaseNewerThanThisSignet_exits1NamingBothVersionsAndChangesNothing() throws Exception {
        Path data = dir.resolve("data");
        assertEquals(0, cli("users", "add", "--email", "ops@example.org", "--name", "Ops", "--data", data.toString())
                .code());
        int known = Migrations.fromClasspath().latestVersion();
        sql(data, SuiteDatabase.schemaVersionUpdate(known + 1));

        Result r = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> cli("serve", "--data", data.toString(), "--port", "0"));

        assertEquals(1, r.code());
        assertEquals("signet: the database schema is version " + (known + 1) + " but this Signet knows only up to"
                + " version " + known + "; run a newer Signet or restore a backup", r.err().strip());
        assertEquals(known + 1, sqlLong(data, SuiteDatabase.schemaVersionQuery()));
        assertEquals(1, sqlLong(data, "SELECT count(*) FROM users"));
    }

    @Test
    void serve_postgresWrongPasswordOrNoServer_exits1WithOneLineAndNoStackTrace() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        int nothing = ChildProcess.freePort();
        String noServer = "jdbc:postgresql://127.0.0.1:" + nothing + "/signet";

        CommandLine.Result wrong = serveOn(pg.url(), pg.user(), "not-" + pg.password());
        CommandLine.Result unreachable = serveOn(noServer, pg.user(), pg.password());

        assertRefusedInOneLine(wrong, "signet: cannot start: cannot connect to the PostgreSQL database " + pg.url()
                + ": FATAL: password authentication failed for user \"" + pg.user() + "\"");
        assertRefusedInOneLine(unreachable, "signet: cannot start: cannot connect to the PostgreSQL database " + noServer
                + ": Connection to 127.0.0.1:" + nothing + " refused.");
        assertFalse(wrong.err().contains(pg.password()), "the password is not shown");
    }

    private CommandLine.Result serveOn(String url, String user, String password) throws Exception {
        return SignetProcess.run(dir, Map.of("SIGNET_DB_URL", url, "SIGNET_DB_USER", user, "SIGNET_DB_PASSWORD", password),
                "serve", "--data", dir.resolve("data").toString(), "--port", "0");
    }

    /** The refusal is the last line, begins as {@code expected} does, and nothing before it is a stack trace. */
    private static void assertRefusedInOneLine(CommandLine.Result r, String expected) {
        assertEquals(1, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.get(lines.size() - 1).startsWith(expected), r.err());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception") || l.contains("SLF4J")),
                r.err());
        assertEquals(1, lines.stream().filter(l -> l.startsWith("signet: ")).count(), r.err());
    }

    @Test
    void readmeUnit_runsServeOnTheStateDirectoryHardenedAndStoppedBySigterm() throws Exception {
        String unit = DocExamples.file(DocExamples.OPERATIONS, UNIT);
        List<String> lines = unit.lines().toList();
        for (String wanted : List.of("User=signet", "StateDirectory=signet", "WorkingDirectory=/var/lib/signet",
                "Restart=on-failure", "KillSignal=SIGTERM", "ProtectSystem=strict", "ReadWritePaths=/var/lib/signet",
                "ProtectHome=true", "PrivateTmp=true", "PrivateDevices=true", "NoNewPrivileges=true",
                "ProtectKernelTunables=true", "ProtectKernelModules=true", "ProtectKernelLogs=true",
                "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX", "CapabilityBoundingSet=")) {
            assertTrue(lines.contains(wanted), "the unit lacks " + wanted + ":\n" + unit);
        }
        String exec = lines.stream().filter(l -> l.startsWith("ExecStart=")).findFirst().orElseThrow();
        assertTrue(exec.contains(" -Xmx256m ") && exec.endsWith(" serve --data /var/lib/signet"), exec);
        assertFalse(unit.contains("MemoryDenyWriteExecute"), "the JIT writes the code it runs");
        assertTrue(unitStopLimit().compareTo(Duration.ofSeconds(45)) >= 0, "the longest graceful stop is about 45 s");
        verifiedBySystemd(unit);
    }

    /** {@code systemd-analyze verify} on the unit where systemd is installed (it is not in the CI container). */
    private void verifiedBySystemd(String unit) throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        if (!Files.isExecutable(analyze)) {
            System.out.println("ServeCommandTest: no systemd-analyze here; the unit's lines were checked, not the unit");
            return;
        }
        Path file = dir.resolve("signet.service");
        Files.writeString(file, unit, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(analyze.toString(), "verify", file.toString()).redirectErrorStream(true).start();
        String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "systemd-analyze did not finish");
        assertEquals(0, p.exitValue(), report);
        assertEquals("", report.strip(), "systemd-analyze verify has remarks");
    }

    /** The unit's {@code TimeoutStopSec}, after which systemd would kill Signet. */
    private static Duration unitStopLimit() throws IOException {
        String line = DocExamples.file(DocExamples.OPERATIONS, UNIT).lines().filter(l -> l.startsWith("TimeoutStopSec=")).findFirst()
                .orElseThrow(() -> new AssertionError("the unit sets no TimeoutStopSec"));
        return Duration.ofSeconds(Long.parseLong(line.substring("TimeoutStopSec=".length()).replace("s", "")));
    }

    private static Credentials fullKey(Path data) throws Exception {
        assertEquals(0, cli("users", "add", "--email", "ops@example.org", "--name", "Ops", "--data", data.toString())
                .code());
        Result created = cli("keys", "create", "--user", "ops@example.org", "--name", "stop", "--permission", "full",
                "--json", "--data", data.toString());
        assertEquals(0, created.code(), created.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) Json.parse(created.out().strip());
        return new Credentials((String) json.get("key"), (String) json.get("secret"));
    }

    /** An answer's head, up to and including the blank line, read a byte at a time. */
    private static String head(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("the connection ended within a head: " + head);
            }
            head.append((char) b);
        }
        return head.toString();
    }


    private static void sql(Path data, String statement) throws Exception {
        try (Connection c = SuiteDatabase.connect(data); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private static long sqlLong(Path data, String query) throws Exception {
        try (Connection c = SuiteDatabase.connect(data); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
