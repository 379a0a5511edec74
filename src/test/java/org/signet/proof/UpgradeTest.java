package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.crypto.Tokens;
import org.signet.store.Migrations;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer.Credentials;
import org.signet.support.TestServer;

/**
 * The current Signet on a data folder that an earlier build wrote and sealed in
 * ({@code src/test/resources/upgrade/}, made by {@code make-fixture.sh} there): its migrations run at
 * start, and everything the old build made still works, keys, passwords, stored and sealed files,
 * audit chains, and a document left waiting for its signers.
 */
class UpgradeTest {
    /** The build that wrote the folder, at the end of the work before certified seals and verification. */
    private static final String FIXTURE = "/upgrade/7d6da47";
    private static final int FIXTURE_VERSION = 13;
    private static final Pattern SAM_FULL_KEY =
            Pattern.compile("User sam@example.com\\n  Full Access  key (\\S+)  secret (\\S+)");
    private static final Pattern LINK = Pattern.compile("^  http://localhost:\\d+/sign/([\\w-]+)", Pattern.MULTILINE);
    private static final Pattern PENDING = Pattern.compile("/documents/(\\d+)$", Pattern.MULTILINE);

    @TempDir
    Path dir;

    @Test
    void olderDataFolder_migratedAndServed_everythingItHeldStillWorks() throws Exception {
        SuiteDatabase.assumeSqlite("the older data folder is a SQLite file written by a build that knew no other database");
        Path data = copyFixture();
        String printed = Files.readString(data.resolve("demo-output.txt"), StandardCharsets.UTF_8);
        assertEquals(FIXTURE_VERSION, userVersion(data), "the fixture was written by the older build's migrations");

        // The folder's own site certificate, as the older build made it, seals what is signed now.
        try (TestServer server = TestServer.start(data, "signing.p12=", "signing.password=")) {
            assertEquals(Migrations.fromClasspath().latestVersion(), Migrations.currentVersion(server.app.database()));
            Matcher key = SAM_FULL_KEY.matcher(printed);
            assertTrue(key.find(), printed);
            ApiFlow flow = new ApiFlow(server, new Credentials(key.group(1), key.group(2)), Clock.systemUTC());

            List<Object> documents = TestServer.array(TestServer.expect(200, flow.get("documents")));
            assertEquals(4, documents.size(), "the NDAs signed, declined and waiting, and the template's source");
            String signed = onlyId(flow, "completed");
            Map<String, Object> sealed = flow.document(signed);
            assertEquals("B-B", sealed.get("seal_level"), "a seal made before seal levels is recorded as B-B");
            assertEquals(sealed.get("signed_file_hash"), sha256(download(flow, signed, "signed")));
            for (Object d : documents) {
                String id = (String) ((Map<?, ?>) d).get("id");
                assertEquals(flow.document(id).get("file_hash"), sha256(download(flow, id, "original")));
                assertEquals(true, TestServer.expectObject(200, flow.get("documents/" + id + "/audit"))
                        .get("chain_valid"), "the audit chain of document " + id);
            }

            String waiting = lastMatch(PENDING, printed);
            List<String> tokens = LINK.matcher(printed).results().map(m -> m.group(1)).toList();
            assertEquals(2, tokens.size(), printed);
            TestServer.expect(200, flow.sign(tokens.get(0)));
            TestServer.expect(200, flow.sign(tokens.get(1)));
            Map<String, Object> done = flow.awaitSealed(waiting);
            assertEquals("completed", done.get("status"));
            assertEquals(done.get("signed_file_hash"), sha256(download(flow, waiting, "signed")));
            assertEquals(true, TestServer.expectObject(200, flow.get("documents/" + waiting + "/audit"))
                    .get("chain_valid"));
            assertNotEquals(sealed.get("signed_file_hash"), done.get("signed_file_hash"));

            assertEquals(302, new AdminClient(server).signIn("admin@example.com", "signet-demo").statusCode(),
                    "a password set by the older build still signs in");
        }
    }

    private static String onlyId(ApiFlow flow, String status) {
        List<Object> found = TestServer.array(TestServer.expect(200, flow.get("documents?status=" + status)));
        assertEquals(1, found.size(), status + ": " + found);
        return (String) ((Map<?, ?>) found.get(0)).get("id");
    }

    private static byte[] download(ApiFlow flow, String doc, String version) {
        HttpResponse<byte[]> r = flow.server.sendForBytes(flow.server.request("documents/" + doc + "/file?version="
                + version, flow.key).header("Accept", "application/pdf").GET().build());
        assertEquals(200, r.statusCode(), "the " + version + " file of document " + doc);
        return r.body();
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(Tokens.sha256(bytes));
    }

    private static String lastMatch(Pattern p, String text) {
        return p.matcher(text).results().reduce((a, b) -> b).orElseThrow(() -> new AssertionError(text)).group(1);
    }

    /** The fixture copied into the test's folder: the test must not change the one in the repository. */
    private Path copyFixture() throws IOException, URISyntaxException {
        Path source = Path.of(UpgradeTest.class.getResource(FIXTURE + "/COMMIT").toURI()).getParent();
        Path data = dir.resolve("data");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path to = data.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return data;
    }

    private static long userVersion(Path data) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("signet.db"));
                Statement s = c.createStatement()) {
            return s.executeQuery("PRAGMA user_version").getLong(1);
        }
    }
}
