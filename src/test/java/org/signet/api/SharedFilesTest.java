package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.signet.support.TestServer.expect;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.Postgres;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * Two Signets on one PostgreSQL database, each with its own data folder and the same keys: a file
 * stored through one is served by the other, because its bytes are in the database, not a folder.
 * Always on PostgreSQL, whatever database the rest of the suite runs on.
 */
class SharedFilesTest {
    @TempDir
    Path one;
    @TempDir
    Path two;
    private TestServer first;
    private TestServer second;

    @BeforeEach
    void start() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        String[] db = {"db.url=" + pg.url(), "db.user=" + pg.user(), "db.password=" + pg.password()};
        first = TestServer.start(one, Clock.systemUTC(), db);
        copyKeys(one, two);
        second = TestServer.start(two, Clock.systemUTC(), db);
    }

    @AfterEach
    void stop() {
        if (second != null) {
            second.close();
        }
        if (first != null) {
            first.close();
        }
    }

    @Test
    void download_uploadedThroughTheOtherSignet_sameBytesOriginalAndSealed() throws Exception {
        TestServer.Account alice = first.account("alice@example.com", false);
        byte[] pdf = TestFiles.pdf(2);
        String id = first.uploadPdf(alice.full(), "deal.pdf", pdf);

        assertArrayEquals(pdf, raw(second, alice, id, ""));
        ApiFlow flow = new ApiFlow(first, alice.full(), Clock.systemUTC());
        Party sam = flow.addSignerWithSignatureField(id, "sam@example.com");
        flow.send(id);
        expect(200, flow.sign(sam.token()));
        Map<String, Object> sealed = flow.awaitSealed(id);

        byte[] fromSecond = raw(second, alice, id, "");
        assertArrayEquals(raw(first, alice, id, ""), fromSecond);
        assertEquals(sealed.get("signed_file_hash"), TestFiles.sha256(fromSecond));
        assertArrayEquals(pdf, raw(second, alice, id, "?version=original"));
        assertEquals(List.of(), files(one), "no file in either data folder");
        assertEquals(List.of(), files(two));
        assertFalse(first.vaultFiles().isEmpty());
    }

    private static byte[] raw(TestServer server, TestServer.Account who, String id, String query) {
        HttpResponse<byte[]> r = server.sendForBytes(server.request("documents/" + id + "/file" + query, who.full())
                .header("Accept", "application/pdf").build());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    private static void copyKeys(Path from, Path to) throws Exception {
        Files.createDirectories(to.resolve("keys"));
        try (var keys = Files.list(from.resolve("keys"))) {
            for (Path k : keys.toList()) {
                Files.copy(k, to.resolve("keys").resolve(k.getFileName()));
            }
        }
    }

    private static List<Path> files(Path dataDir) throws Exception {
        Path folder = dataDir.resolve("files");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (var s = Files.list(folder)) {
            return s.toList();
        }
    }
}
