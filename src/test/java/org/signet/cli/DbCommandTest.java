package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.CommandLine;
import org.signet.support.MutableClock;
import org.signet.support.Party;
import org.signet.support.Postgres;
import org.signet.support.TestServer;

/**
 * {@code signet db copy}: a SQLite site with documents in every state moved into PostgreSQL serves the
 * same answers there; a target that holds anything, a URL of another database and a server that does
 * not answer are refused with a clear message. Always on PostgreSQL, whatever the suite runs on.
 */
class DbCommandTest {
    /** The source site stays on SQLite whatever database the suite runs on. */
    private static final String[] SQLITE = {"db.url=", "db.user=", "db.password=", "webhooks.allow_private=true"};
    private static final String PASSWORD_VARIABLE = "SIGNET_TEST_TARGET_PASSWORD";

    private static final Pattern PORT = Pattern.compile("(localhost|127\\.0\\.0\\.1):\\d+");

    @TempDir
    Path site;
    @TempDir
    Path copy;
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC);

    @Test
    void copy_siteInEveryState_copyServesTheSameAnswersAndASecondCopyIsRefused() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        Site made = makeSite();

        CommandLine.Result r = copyTo(pg);

        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains(made.documents.size() + " audit chains valid"), r.out());
        assertTrue(r.out().contains("The copy is whole."), r.out());
        Map<String, Object> original = answers(made, SQLITE, site);
        Files.createDirectories(copy.resolve("keys"));
        try (var keys = Files.list(site.resolve("keys"))) {
            for (Path k : keys.toList()) {
                Files.copy(k, copy.resolve("keys").resolve(k.getFileName()));
            }
        }
        Map<String, Object> copied = answers(made, new String[] {"db.url=" + pg.url(), "db.user=" + pg.user(),
                "db.password=" + pg.password(), "webhooks.allow_private=true"}, copy);
        assertEquals(original.keySet(), copied.keySet());
        for (String k : original.keySet()) {
            Object a = original.get(k);
            Object b = copied.get(k);
            if (a instanceof byte[] bytes) {
                assertArrayEquals(bytes, (byte[]) b, k);
            } else {
                assertEquals(a, b, k);
            }
        }

        assertIdsGoOnPastTheCopied(pg);
        Map<String, Long> before = counts(pg);
        CommandLine.Result again = copyTo(pg);
        assertEquals(1, again.code(), again.out());
        assertTrue(again.err().contains("nothing was copied: the target database is not empty"), again.err());
        assertEquals(before, counts(pg), "the refused copy changed nothing");
    }

    @Test
    void copy_notAPostgresUrl_usageErrorNamingWhatItTakes() throws Exception {
        Files.writeString(site.resolve("placeholder"), "");
        CommandLine.Result r = CommandLine.run("db", "copy", "--to", "jdbc:mysql://127.0.0.1/signet", "--data",
                site.toString());

        assertEquals(2, r.code());
        assertTrue(r.err().contains("--to must be a PostgreSQL URL"), r.err());
    }

    @Test
    void copy_serverNotAnswering_exit1SayingItCannotBeReached() throws Exception {
        try (TestServer s = TestServer.start(site, clock, SQLITE)) {
            s.account("alice@example.com", false);
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        CommandLine.Result r = CommandLine.run("db", "copy", "--to", "jdbc:postgresql://127.0.0.1:" + port + "/signet",
                "--data", site.toString());

        assertEquals(1, r.code(), r.out());
        assertEquals("signet: nothing was copied: cannot reach or prepare the PostgreSQL database: cannot connect to the"
                + " PostgreSQL database jdbc:postgresql://127.0.0.1:" + port + "/signet: Connection to 127.0.0.1:" + port
                + " refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP"
                + " connections.", r.err().strip(), "the target named by --to, not db.url, in one line");
    }

    @Test
    void copy_folderWithoutADatabase_exit1NamingTheFolder() {
        CommandLine.Result r = CommandLine.run("db", "copy", "--to", "jdbc:postgresql://127.0.0.1:1/signet", "--data",
                site.resolve("none").toString());

        assertEquals(1, r.code());
        assertTrue(r.err().contains("holds no Signet database"), r.err());
    }

    private CommandLine.Result copyTo(Postgres.Database pg) {
        return CommandLine.run(Map.of(PASSWORD_VARIABLE, pg.password()), "", "db", "copy", "--to", pg.url(), "--user",
                pg.user(), "--password-env", PASSWORD_VARIABLE, "--data", site.toString());
    }

    private record Site(TestServer.Credentials key, List<String> documents) {}

    /** Documents in every state, a template, a webhook, users and keys, on SQLite. */
    private Site makeSite() throws Exception {
        try (TestServer s = TestServer.start(site, clock, SQLITE)) {
            TestServer.Account alice = s.account("alice@example.com", false);
            s.account("bob@example.com", true);
            ApiFlow flow = new ApiFlow(s, alice.full(), clock);
            List<String> docs = new ArrayList<>();
            docs.add(flow.upload("Draft", 1));
            String pending = sent(flow, "Pending", "pat@example.org").doc;
            docs.add(pending);
            Sent sealed = sent(flow, "Sealed", "sam@example.org");
            expect(200, flow.sign(sealed.party.token()));
            flow.awaitSealed(sealed.doc);
            docs.add(sealed.doc);
            Sent declined = sent(flow, "Declined", "dan@example.org");
            expect(200, flow.postToLink(declined.party.token(), "decline", Map.of("reason", "Not this one")));
            docs.add(declined.doc);
            Sent expired = sent(flow, "Expired", "eve@example.org");
            flow.expiresIn(expired.doc, Duration.ofHours(1));
            clock.advance(Duration.ofHours(2));
            expect(200, flow.post("documents/" + expired.doc + "/expire", null));
            docs.add(expired.doc);
            Sent recalled = sent(flow, "Recalled", "ray@example.org");
            expect(200, flow.put("documents/" + recalled.doc, Map.of("status", "draft")));
            docs.add(recalled.doc);
            expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(sealed.doc), "name", "Lease")));
            expectObject(201, flow.post("webhooks", Map.of("url", "http://127.0.0.1:9/signet",
                    "events", List.of("document.completed"))));
            return new Site(alice.full(), docs);
        }
    }

    private record Sent(String doc, Party party) {}

    private static Sent sent(ApiFlow flow, String title, String email) {
        String doc = flow.upload(title, 1);
        Party p = flow.addSignerWithSignatureField(doc, email);
        flow.send(doc);
        return new Sent(doc, p);
    }

    /** What a server on {@code dir} answers for every document: its detail, its audit trail and its file. */
    private Map<String, Object> answers(Site made, String[] settings, Path dir) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        try (TestServer s = TestServer.start(dir, clock, settings)) {
            for (String id : made.documents) {
                out.put(id + " detail", json(s, "documents/" + id, made.key));
                out.put(id + " audit", json(s, "documents/" + id + "/audit", made.key));
                HttpResponse<byte[]> file = s.sendForBytes(s.request("documents/" + id + "/file", made.key)
                        .header("Accept", "application/pdf").build());
                assertEquals(200, file.statusCode(), id);
                out.put(id + " file", file.body());
            }
            out.put("templates", json(s, "templates", made.key));
            out.put("webhooks", json(s, "webhooks", made.key));
            out.put("stats", json(s, "stats", made.key));
        }
        return out;
    }

    /** The answer's JSON with the server's own address taken out: the two servers listen on different ports. */
    private static String json(TestServer s, String path, TestServer.Credentials key) {
        return PORT.matcher(expect(200, s.get(path, key)).body()).replaceAll("$1:PORT");
    }

    /** A row added after the copy gets an id past every copied one: the sequences were moved. */
    private static void assertIdsGoOnPastTheCopied(Postgres.Database pg) throws Exception {
        try (Connection c = pg.connect(); Statement st = c.createStatement()) {
            long highest = one(st, "SELECT max(id) FROM users");
            long added = one(st, "INSERT INTO users (email, name, created_at) VALUES ('new@example.com', 'New', 0) "
                    + "RETURNING id");
            assertEquals(highest + 1, added);
        }
    }

    private static long one(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Map<String, Long> counts(Postgres.Database pg) throws Exception {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection c = pg.connect(); Statement st = c.createStatement()) {
            for (String t : List.of("users", "api_keys", "documents", "audit_events", "stored_files", "file_chunks",
                    "templates", "webhooks")) {
                counts.put(t, one(st, "SELECT count(*) FROM " + t));
            }
        }
        return counts;
    }
}
