package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.europa.esig.dss.enumerations.Indication;
import eu.europa.esig.dss.enumerations.SignatureLevel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.Dss;
import org.signet.support.EvidenceServer;
import org.signet.support.MutableClock;
import org.signet.support.SealedDocuments;
import org.signet.support.TestServer;

/**
 * The renewal job under a clock driven towards the expiry of the authority's certificate: nothing
 * before the renewal window (90 days by default), a renewal within it, and no second one at once.
 */
class SealRenewalJobTest {
    @TempDir
    Path dir;
    private final MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
    private EvidenceServer world;
    private TestServer server;
    private ApiFlow flow;
    private String doc;
    private Instant authorityExpires;

    @BeforeEach
    void seal() throws Exception {
        world = EvidenceServer.start(dir, Duration.ofDays(365));
        authorityExpires = world.pki().tsa.getNotAfter().toInstant();
        server = SealedDocuments.serverWithAuthority(dir.resolve("signet"), clock, world, world.tsaUrl());
        flow = new ApiFlow(server, server.account("owner@example.org", false).full(), clock);
        doc = SealedDocuments.completed(flow);
        flow.awaitSealed(doc);
    }

    @AfterEach
    void stop() {
        server.close();
        world.close();
    }

    @Test
    void runOnce_beforeTheWindow_renewsNothing() {
        clock.set(authorityExpires.minus(Duration.ofDays(91)));

        assertEquals(0, server.app.sealRenewalJob().runOnce());
        assertEquals(2, world.tsaQueries(), "the seal's two timestamps only");
        assertEquals(1, flow.documents().sealedRevisions(Long.parseLong(doc)).size());
    }

    @Test
    void runOnce_withinTheWindow_renewedAndStillBaselineLtaWithTwoDocumentTimestamps() throws Exception {
        clock.set(authorityExpires.minus(Duration.ofDays(89)));

        assertEquals(1, server.app.sealRenewalJob().runOnce());

        assertEquals(1, flow.audit(doc, "seal_renewed").size());
        Dss.Verdict verdict = Dss.validate(SealedDocuments.sealedPdf(flow, doc), world.pki().root);
        assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
        assertEquals(SignatureLevel.PAdES_BASELINE_LTA, verdict.level(), verdict.toString());
        assertEquals(2, verdict.documentTimestamps());
    }

    @Test
    void runOnce_authorityStillAboutToExpire_waitsAQuarterOfTheWindowBeforeAskingAgain() {
        clock.set(authorityExpires.minus(Duration.ofDays(89)));
        assertEquals(1, server.app.sealRenewalJob().runOnce());

        clock.advance(Duration.ofDays(22));
        assertEquals(0, server.app.sealRenewalJob().runOnce());
        clock.advance(Duration.ofDays(1));
        assertEquals(1, server.app.sealRenewalJob().runOnce());

        assertEquals(3, flow.documents().sealedRevisions(Long.parseLong(doc)).size());
    }

    @Test
    void runOnce_authorityDown_triedAgainAtTheNextRun() {
        clock.set(authorityExpires.minus(Duration.ofDays(30)));
        world.tsa(EvidenceServer.Tsa.DOWN);
        assertEquals(0, server.app.sealRenewalJob().runOnce());

        world.tsa(EvidenceServer.Tsa.GRANT);
        clock.advance(Duration.ofHours(1));
        assertEquals(1, server.app.sealRenewalJob().runOnce());
    }
}
