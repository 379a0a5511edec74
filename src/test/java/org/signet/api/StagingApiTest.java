package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** POST /files and POST /documents from a staged file: only the caller's own, at most 15 minutes old. */
class StagingApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("timezone=America/New_York")
            .at(Instant.parse("2030-06-01T12:00:00Z"));

    Account alice;
    Account bob;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        bob = signet.server().account("bob@example.com", true);
    }

    private Map<String, Object> stage(Account a, String filename, byte[] content) {
        return expectObject(201, signet.server().postMultipart("files", a.full(),
                new Multipart().file("file", filename, "application/octet-stream", content)));
    }

    private HttpResponse<String> create(Account a, Map<String, ?> body) {
        return signet.server().send("POST", "documents", a.full(), Json.write(body));
    }

    @Test
    void stage_answersOpaquePathNameAndExpiry() {
        Map<String, Object> s = stage(alice, "in/signet.dir()/offer.pdf", TestFiles.pdf(2));
        assertEquals(java.util.Set.of("file_path", "original_filename", "expires_at"), s.keySet());
        assertTrue(((String) s.get("file_path")).matches("staging/[0-9A-Za-z]{32}"), s.toString());
        assertEquals("offer.pdf", s.get("original_filename"));
        assertEquals("2030-06-01 08:15:00", s.get("expires_at"), "15 minutes on, in New York time");
    }

    @Test
    void create_fromStagedFile_draftWithHashAndDefaultFilename() {
        byte[] pdf = TestFiles.pdf(2);
        Map<String, Object> s = stage(alice, "offer.pdf", pdf);
        signet.clock().advance(Duration.ofMinutes(15));
        Map<String, Object> d = expectObject(201, create(alice, Map.of("title", "Offer", "file_path", s.get("file_path"))));
        assertEquals("Offer", d.get("title"));
        assertEquals("draft", d.get("status"));
        assertEquals("offer.pdf", d.get("original_filename"));
        assertEquals("2", d.get("total_pages"));
        Map<String, Object> single = expectObject(200, signet.server().get("documents/" + d.get("id"), alice.full()));
        assertEquals(TestFiles.sha256(pdf), single.get("file_hash"));
        Map<String, Object> f = expectObject(200, signet.server().get("documents/" + d.get("id") + "/file", alice.full()));
        assertEquals(TestFiles.sha256(pdf), TestFiles.sha256(java.util.Base64.getDecoder()
                .decode((String) f.get("content"))));
    }

    @Test
    void create_givenFilenameAndDetails_pathStrippedAndKept() {
        Map<String, Object> s = stage(alice, "scan.png", TestFiles.png(100, 80));
        Map<String, Object> d = expectObject(201, create(alice, Map.of("title", "Scan", "file_path", s.get("file_path"),
                "original_filename", "../../x/final.png", "expires_at", "2030-07-01 00:00:00",
                "reminder_interval_days", 3)));
        assertEquals("final.png", d.get("original_filename"));
        assertEquals("1", d.get("total_pages"));
        assertEquals("2030-07-01 00:00:00", d.get("expires_at"));
    }

    @Test
    void create_stagedFileUsedTwice_secondRefused() {
        Map<String, Object> s = stage(alice, "a.pdf", TestFiles.pdf(1));
        expectObject(201, create(alice, Map.of("title", "One", "file_path", s.get("file_path"))));
        assertInvalidPath(create(alice, Map.of("title", "Two", "file_path", s.get("file_path"))));
    }

    @Test
    void create_madeUpAndTraversalPaths_invalidFilePath() {
        String own = (String) stage(alice, "a.pdf", TestFiles.pdf(1)).get("file_path");
        String theirs = (String) stage(bob, "b.pdf", TestFiles.pdf(1)).get("file_path");
        for (String path : List.of("../../etc/passwd", "/etc/passwd", "staging/../x", "staging/../../signet.db",
                theirs, own + "/../" + own.substring(8), "staging/" + own.substring(8).toLowerCase() + "x",
                own.substring(8), "/" + own, "staging/", "", signet.dir().resolve("files").toString(), own + "\u0000")) {
            assertInvalidPath(create(alice, Map.of("title", "T", "file_path", path)));
        }
        expectObject(201, create(alice, Map.of("title", "Own", "file_path", own)));
    }

    @Test
    void create_anotherUsersFile_refusedEvenForAnAdministrator() {
        String alices = (String) stage(alice, "a.pdf", TestFiles.pdf(1)).get("file_path");
        assertInvalidPath(create(bob, Map.of("title", "Taken", "file_path", alices)));
        expectObject(201, create(alice, Map.of("title", "Mine", "file_path", alices)));
    }

    @Test
    void create_afterFifteenMinutes_invalidFilePath() {
        String path = (String) stage(alice, "a.pdf", TestFiles.pdf(1)).get("file_path");
        signet.clock().advance(Duration.ofMinutes(15).plusSeconds(1));
        assertInvalidPath(create(alice, Map.of("title", "Late", "file_path", path)));
    }

    @Test
    void create_missingTitleOrPath_missingParams() {
        String path = (String) stage(alice, "a.pdf", TestFiles.pdf(1)).get("file_path");
        HttpResponse<String> r = create(alice, Map.of("file_path", path));
        assertEquals("rest_missing_callback_param", code(r));
        assertEquals(List.of("title"), data(r).get("params"));
        HttpResponse<String> both = create(alice, Map.of());
        assertEquals(List.of("title", "file_path"), data(both).get("params"));
        expectObject(201, create(alice, Map.of("title", "Still usable", "file_path", path)));
    }

    @Test
    void stage_badFile_sameValidationAsUpload() {
        HttpResponse<String> r = signet.server().postMultipart("files", alice.full(),
                new Multipart().file("file", "x.pdf", "application/pdf", "plain text".getBytes()));
        assertEquals(400, r.statusCode());
        assertEquals("invalid_file_type", code(r));
        HttpResponse<String> none = signet.server().postMultipart("files", alice.full(), new Multipart().text("a", "b"));
        assertEquals("rest_missing_callback_param", code(none));
    }

    private static void assertInvalidPath(HttpResponse<String> r) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_file_path", code(r), r.body());
    }
}
