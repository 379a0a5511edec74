package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.europa.esig.dss.enumerations.Indication;
import eu.europa.esig.dss.enumerations.SignatureLevel;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.NewOutboxMessage;
import org.signet.domain.QueuedAttachment;
import org.signet.error.Refusal;
import org.signet.store.MailOutboxStore;
import org.signet.support.ApiFlow;
import org.signet.support.Dss;
import org.signet.support.EvidenceServer;
import org.signet.support.MutableClock;
import org.signet.support.SealedDocuments;
import org.signet.support.TestServer;

/** A sealed document's evidence renewed: the file replaced only by its own continuation, each step recorded. */
class SealRenewalTest {
    @TempDir
    static Path shared;
    private static EvidenceServer world;

    @TempDir
    Path dir;
    private final MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
    private TestServer server;
    private ApiFlow flow;
    private String doc;
    private Map<String, Object> sealed;

    @BeforeAll
    static void startWorld() throws Exception {
        world = EvidenceServer.start(shared, Duration.ofDays(365));
    }

    @AfterAll
    static void stopWorld() {
        world.close();
    }

    @BeforeEach
    void seal() throws Exception {
        world.reset();
        server = SealedDocuments.serverWithAuthority(dir, clock, world, world.tsaUrl());
        flow = new ApiFlow(server, server.account("owner@example.org", false).full(), clock);
        doc = SealedDocuments.completed(flow);
        sealed = flow.awaitSealed(doc);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private long id() {
        return Long.parseLong(doc);
    }

    @Test
    void renew_sealedDocument_newFileContinuesTheOldAndEveryStepIsRecorded() throws Exception {
        byte[] before = SealedDocuments.sealedPdf(flow, doc);

        String renewed = server.app.sealRenewal().renew(id()).orElseThrow();

        byte[] after = SealedDocuments.sealedPdf(flow, doc);
        assertArrayEquals(before, Arrays.copyOf(after, before.length));
        Map<String, Object> d = flow.document(doc);
        assertEquals(renewed, d.get("signed_file_hash"));
        assertNotEquals(sealed.get("signed_file_hash"), renewed);
        assertEquals("B-LTA", d.get("seal_level"));
        assertEquals(sealed.get("sealed_at"), d.get("sealed_at"), "sealed when it was sealed, not when renewed");
        assertEquals(List.of(sealed.get("signed_file_hash"), renewed), flow.documents().sealedRevisions(id()));
        List<Map<String, Object>> events = flow.audit(doc, "seal_renewed");
        assertEquals(1, events.size());
        assertEquals(renewed, events.get(0).get("detail"));
        assertEquals(true, TestServer.object(flow.get("documents/" + doc + "/audit")).get("chain_valid"));
        Dss.Verdict verdict = Dss.validate(after, world.pki().root);
        assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
        assertEquals(SignatureLevel.PAdES_BASELINE_LTA, verdict.level(), verdict.toString());
        assertEquals(2, verdict.documentTimestamps());
    }

    @Test
    void renew_aMessageStillToSendAttachesTheOldFile_itSendsTheRenewedOne() throws Exception {
        long old = signedFileId();
        MailOutboxStore outbox = new MailOutboxStore(server.app.database());
        long mail = outbox.insert(new NewOutboxMessage("completed", "late@example.org", "Late", "s", "t", "<p>h</p>",
                id(), new QueuedAttachment("Lease-signed.pdf", "application/pdf", old)),
                clock.instant().plus(Duration.ofDays(1)).getEpochSecond());

        server.app.sealRenewal().renew(id()).orElseThrow();

        assertEquals(signedFileId(), outbox.find(mail).orElseThrow().attachment().storedFileId());
        assertNotEquals(old, signedFileId());
    }

    @Test
    void renew_authorityDown_nothingChanges() {
        world.tsa(EvidenceServer.Tsa.DOWN);

        IOException e = assertThrows(IOException.class, () -> server.app.sealRenewal().renew(id()));

        assertTrue(e.getMessage().contains("no time-stamp authority gave a usable token"), e.getMessage());
        assertEquals(sealed.get("signed_file_hash"), flow.document(doc).get("signed_file_hash"));
        assertEquals(List.of(sealed.get("signed_file_hash")), flow.documents().sealedRevisions(id()));
        assertEquals(List.of(), flow.audit(doc, "seal_renewed"));
    }

    @Test
    void renew_notSealedYet_refused() {
        String draft = flow.upload("Draft", 1);

        Refusal r = assertThrows(Refusal.class, () -> server.app.sealRenewal().renew(Long.parseLong(draft)));

        assertEquals("not_sealed", r.code());
        assertEquals("not_found", assertThrows(Refusal.class, () -> server.app.sealRenewal().renew(999_999)).code());
    }

    @Test
    void renew_noAuthorityConfigured_refused(@TempDir Path other) throws Exception {
        try (TestServer plain = TestServer.start(other, clock)) {
            ApiFlow f = new ApiFlow(plain, plain.account("owner@example.org", false).full(), clock);
            String basic = SealedDocuments.completed(f);
            assertEquals("B-B", f.awaitSealed(basic).get("seal_level"));

            Refusal r = assertThrows(Refusal.class, () -> plain.app.sealRenewal().renew(Long.parseLong(basic)));

            assertEquals("no_timestamp_authority", r.code());
        }
    }

    private long signedFileId() {
        return server.app.database().queryOne("SELECT signed_file_id FROM documents WHERE id = ?",
                r -> r.getLong("signed_file_id"), id()).orElseThrow();
    }
}
