package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.europa.esig.dss.enumerations.Indication;
import eu.europa.esig.dss.enumerations.SignatureLevel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.support.ApiFlow;
import org.signet.support.Dss;
import org.signet.support.EvidenceServer;
import org.signet.support.MutableClock;
import org.signet.support.Party;
import org.signet.support.SealedDocuments;
import org.signet.support.TestServer;

/**
 * With a time-stamp authority configured, a completed document is sealed at B-LTA, and while no
 * authority gives a usable token it waits in the seal ladder ("pending", then "failed"), never
 * sealed without a timestamp.
 */
class SealingTimestampsTest {
    @TempDir
    static Path shared;
    private static EvidenceServer world;

    @TempDir
    Path dir;
    private final MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
    private TestServer server;
    private ApiFlow flow;

    @BeforeAll
    static void startWorld() throws Exception {
        world = EvidenceServer.start(shared, Duration.ofDays(365));
    }

    @AfterAll
    static void stopWorld() {
        world.close();
    }

    @BeforeEach
    void start() throws Exception {
        world.reset();
        server = SealedDocuments.serverWithAuthority(dir, clock, world, world.tsaUrl());
        flow = new ApiFlow(server, server.account("owner@example.org", false).full(), clock);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void seal_authorityConfigured_sealedAtBaselineLtaWithTheAuthoritysTime() throws Exception {
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String doc = SealedDocuments.completed(flow);

        Map<String, Object> sealed = flow.awaitSealed(doc);

        assertEquals("B-LTA", sealed.get("seal_level"));
        Instant sealedAt = SealedDocuments.instant((String) sealed.get("sealed_at"));
        assertFalse(sealedAt.isBefore(before), sealed.toString());
        assertFalse(sealedAt.isAfter(Instant.now()), sealed.toString());
        Dss.Verdict verdict = Dss.validate(SealedDocuments.sealedPdf(flow, doc), world.pki().root);
        assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
        assertEquals(SignatureLevel.PAdES_BASELINE_LTA, verdict.level(), verdict.toString());
        assertEquals(List.of((String) sealed.get("signed_file_hash")),
                flow.documents().sealedRevisions(Long.parseLong(doc)));
    }

    @ParameterizedTest
    @EnumSource(value = EvidenceServer.Tsa.class, names = {"DOWN", "REJECT", "WRONG_IMPRINT", "WRONG_NONCE"})
    void seal_noUsableToken_pendingAndNeverSealedWithoutOne(EvidenceServer.Tsa answer) {
        world.tsa(answer);
        String doc = SealedDocuments.completed(flow);
        attemptUntil(doc, 1);

        Map<String, Object> d = flow.document(doc);

        assertEquals("completed", d.get("status"));
        assertEquals("pending", d.get("seal_status"));
        assertNull(d.get("signed_file_hash"));
        assertNull(d.get("seal_level"));
        assertEquals(List.of(), flow.documents().sealedRevisions(Long.parseLong(doc)));

        world.tsa(EvidenceServer.Tsa.GRANT);
        clock.advance(Duration.ofMinutes(2));
        assertEquals("B-LTA", flow.awaitSealed(doc).get("seal_level"));
    }

    @Test
    void seal_authorityKeepsFailing_failedWithAnErrorThatNamesItButNotItsPassword() throws Exception {
        server.close();
        String withPassword = world.tsaUrl().replace("http://", "http://signet:tsa-pass-123@");
        server = SealedDocuments.serverWithAuthority(dir.resolve("again"), clock, world, withPassword);
        flow = new ApiFlow(server, server.account("owner@example.org", false).full(), clock);
        world.tsa(EvidenceServer.Tsa.DOWN);
        String doc = SealedDocuments.completed(flow);
        attemptUntil(doc, 1);
        for (Duration wait : List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(6))) {
            clock.advance(wait.plusSeconds(1));
            attemptUntil(doc, attempts(doc) + 1);
        }

        Map<String, Object> d = flow.document(doc);

        assertEquals("failed", d.get("seal_status"));
        String error = (String) d.get("seal_error");
        assertTrue(error.contains("no time-stamp authority gave a usable token"), error);
        assertTrue(error.contains(world.tsaUrl()), error);
        assertFalse(error.contains("tsa-pass-123"), error);
        assertNull(d.get("signed_file_hash"));
    }

    private int attempts(String doc) {
        return server.app.database().queryOne("SELECT seal_attempts FROM documents WHERE id = ?",
                r -> r.getInt("seal_attempts"), Long.parseLong(doc)).orElseThrow();
    }

    /** Runs sealing until {@code n} attempts are recorded (the first also runs right after the signature). */
    private void attemptUntil(String doc, int n) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (attempts(doc) < n) {
            server.app.completion().sealPending();
            assertTrue(System.nanoTime() < deadline, "attempt " + n + " not made; " + attempts(doc) + " so far");
        }
    }
}
