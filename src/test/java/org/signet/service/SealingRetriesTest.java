package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * A seal that keeps failing (the encrypted files cannot be read) is counted and retried with backoff,
 * then shown as failed with its cause and the owner told once; never a minute-by-minute loop.
 */
class SealingRetriesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        signet.server().hideStoredBytes();
        flow.sign(ann.token());
    }

    @AfterEach
    void stop() throws Exception {
        signet.server().showStoredBytes();
    }

    private int attempts() {
        return signet.server().app.database().queryOne("SELECT seal_attempts FROM documents WHERE id = ?",
                r -> r.getInt("seal_attempts"), Long.parseLong(doc)).orElseThrow();
    }

    /** Runs sealing until {@code n} attempts are recorded (the first also runs right after the signature). */
    private void attemptUntil(int n) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (attempts() < n) {
            signet.server().app.completion().sealPending();
            assertTrue(System.nanoTime() < deadline, "attempt " + n + " not made; " + attempts() + " so far");
        }
    }

    @Test
    void sealPending_beforeTheRetryIsDue_noAttempt() {
        attemptUntil(1);

        signet.clock().advance(Duration.ofSeconds(30));
        signet.server().app.completion().sealPending();

        assertEquals(1, attempts());
        assertEquals("pending", flow.document(doc).get("seal_status"));
    }

    /**
     * The seal started right after the last signature can run late on a busy machine, after the
     * periodic job has made and counted the first attempt: it must wait for the retry like the job,
     * not make a second attempt at once and push the next one five minutes away.
     */
    @Test
    void seal_afterAnAttemptFailed_waitsForTheRetry() {
        attemptUntil(1);

        signet.server().app.completion().seal(Long.parseLong(doc));

        assertEquals(1, attempts());
        signet.clock().advance(Duration.ofSeconds(61));
        // Due again: the next call makes the attempt, unless the sealer started after the signature
        // holds the document at that moment and makes it instead.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (attempts() < 2) {
            signet.server().app.completion().seal(Long.parseLong(doc));
            assertTrue(System.nanoTime() < deadline, "no second attempt once due; " + attempts() + " so far");
        }
    }

    @Test
    void sealPending_retriesUsedUp_failedWithTheCauseAndTheOwnerToldOnce() {
        attemptUntil(1);
        List<Duration> waits = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(6));
        for (int i = 0; i < waits.size(); i++) {
            signet.clock().advance(waits.get(i).plusSeconds(1));
            attemptUntil(i + 2);
        }

        Map<String, Object> d = flow.document(doc);
        assertEquals("completed", d.get("status"));
        assertEquals("failed", d.get("seal_status"));
        assertTrue(((String) d.get("seal_error")).contains("Exception"), (String) d.get("seal_error"));
        assertNull(d.get("signed_file_hash"));
        assertEquals(1, flow.mail.queued("owner@example.org", "seal_failed").size());

        signet.clock().advance(Duration.ofDays(2));
        signet.server().app.completion().sealPending();
        assertEquals(6, attempts(), "a failed seal is not retried by itself");
    }

    @Test
    void sealPending_filesBackBeforeTheRetry_sealedAndErrorCleared() throws Exception {
        attemptUntil(1);
        signet.server().showStoredBytes();

        signet.clock().advance(Duration.ofMinutes(2));
        Map<String, Object> sealed = flow.awaitSealed(doc);

        assertNull(sealed.get("seal_status"));
        assertNull(sealed.get("seal_error"));
        assertTrue(((String) sealed.get("signed_file_hash")).matches("[0-9a-f]{64}"));
    }

    @Test
    void download_completedButUnsealed_409SealPendingAndTheOriginalStillThere() throws Exception {
        attemptUntil(1);

        java.net.http.HttpResponse<String> r = flow.get("documents/" + doc + "/file");

        assertEquals(409, r.statusCode());
        assertEquals("seal_pending", TestServer.code(r));
        // The next attempt is a minute away on the test's clock, and a seal itself takes a second or two.
        long retryAfter = Long.parseLong(r.headers().firstValue("Retry-After").orElse("0"));
        assertTrue(retryAfter > 60 && retryAfter <= 62, "Retry-After " + retryAfter);
        // While the stored files cannot be read, the original is a clear 500, not a 200 cut short.
        java.net.http.HttpResponse<String> lost = flow.get("documents/" + doc + "/file?version=original");
        assertEquals(500, lost.statusCode());
        assertEquals("internal_server_error", TestServer.code(lost));
        signet.server().showStoredBytes();
        Map<String, Object> original = TestServer.expectObject(200, flow.get("documents/" + doc + "/file?version=original"));
        assertEquals("contract.pdf", original.get("filename"));
        assertTrue(new String(java.util.Base64.getDecoder().decode((String) original.get("content")),
                java.nio.charset.StandardCharsets.ISO_8859_1).startsWith("%PDF-"));
    }

    @Test
    void retry_afterTheSealFailed_sealsOnceTheCauseIsGone() throws Exception {
        attemptUntil(1);
        List<Duration> waits = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(6));
        for (int i = 0; i < waits.size(); i++) {
            signet.clock().advance(waits.get(i).plusSeconds(1));
            attemptUntil(i + 2);
        }
        assertEquals("failed", flow.document(doc).get("seal_status"));
        ApiFlow stranger = signet.flow("stranger@example.org", false);
        assertEquals(403, stranger.post("documents/" + doc + "/seal", null).statusCode());

        signet.server().showStoredBytes();
        Map<String, Object> sealed = TestServer.expectObject(200, flow.post("documents/" + doc + "/seal", null));

        assertTrue(((String) sealed.get("signed_file_hash")).matches("[0-9a-f]{64}"));
        assertNull(sealed.get("seal_status"));
        assertEquals("invalid_state", TestServer.code(flow.post("documents/" + doc + "/seal", null)));
        assertEquals(200, flow.get("documents/" + doc + "/file").statusCode());
    }
}
