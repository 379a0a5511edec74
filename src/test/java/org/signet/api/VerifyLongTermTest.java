package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

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
import org.signet.support.AlteredPdfs;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Dss;
import org.signet.support.EvidenceServer;
import org.signet.support.MutableClock;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.Pdfsig;
import org.signet.support.SealedDocuments;
import org.signet.support.TestServer;

/**
 * {@code POST {base}/verify} against the seals the server really makes with OpenSSL's time-stamp
 * authority: a B-LTA seal as downloaded, the same after its renewal (and the copy downloaded before
 * it), the renewed file drawn on afterwards, and a B-B seal made without an authority. Where the
 * verifier grades a file, the EU's reference validator (DSS) is asked the same question.
 */
class VerifyLongTermTest {
    @TempDir
    static Path shared;
    private static EvidenceServer world;

    @TempDir
    Path dir;
    /** An hour behind the authority's clock, so a time read from a timestamp is told apart from Signet's own. */
    private final MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS)
            .minus(Duration.ofHours(1)), ZoneOffset.UTC);
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

    /** A document signed by Ann and watched by Vic, as the API describes it once sealed, and its sealed PDF. */
    private record Sealed(String id, Map<String, Object> document, byte[] pdf) {
        String sha256() {
            return (String) document.get("signed_file_hash");
        }
    }

    private Sealed sealed(String title) {
        DocumentSetup doc = DocumentSetup.upload(flow, title, 1);
        Party ann = doc.party("Ann Able", "signer", 1);
        doc.party("Vic Viewer", "viewer", 1);
        doc.field(ann, "signature", 1, 72, 600, 200, 60).send();
        TestServer.expect(200, flow.sign(ann.token()));
        Map<String, Object> document = doc.sealed();
        return new Sealed(doc.id(), document, SealedDocuments.sealedPdf(flow, doc.id()));
    }

    private Map<String, Object> verify(byte[] pdf) {
        return expectObject(200, server.postMultipart("verify", null,
                new Multipart().file("file", "copy.pdf", "application/pdf", pdf)));
    }

    @Test
    void verify_sealedAtBaselineLta_intactWholeCertifiedWithTheAuthoritysTimeAndItsDocument() {
        Sealed s = sealed("Lease of flat 4B");
        assertEquals("B-LTA", s.document().get("seal_level"));

        Map<String, Object> v = verify(s.pdf());

        assertUnchangedLongTermSeal(v);
        assertEquals(s.sha256(), v.get("sha256"));
        // Both are the signature timestamp's time: the one stored at sealing, the other read back from
        // the file; each is cut to whole seconds and written by one formatter, so the strings are equal.
        assertEquals(s.document().get("sealed_at"), v.get("sealed_at"));
        Instant completed = SealedDocuments.instant((String) s.document().get("completed_at"));
        Instant sealedAt = SealedDocuments.instant((String) v.get("sealed_at"));
        assertTrue(sealedAt.isAfter(completed.plus(Duration.ofMinutes(59))), "the authority's time, not /M: " + v);
        assertDocument(s, v.get("document"));
        Map<String, Object> byHash = expectObject(200, server.get("verify/" + s.sha256(), null));
        assertEquals(v.get("document"), byHash.get("document"));
        assertDssAgrees(s.pdf(), SignatureLevel.PAdES_BASELINE_LTA, false);
    }

    @Test
    void verify_afterRenewal_theRenewedFileAndTheCopyFromBeforeAreBothRecognised() throws Exception {
        Sealed s = sealed("Renewed lease");
        clock.set(world.pki().tsa.getNotAfter().toInstant().minus(Duration.ofDays(89)));

        assertEquals(1, server.app.sealRenewalJob().runOnce());

        byte[] renewed = SealedDocuments.sealedPdf(flow, s.id());
        Map<String, Object> now = flow.document(s.id());
        assertNotEquals(s.sha256(), now.get("signed_file_hash"));
        Map<String, Object> v = verify(renewed);
        assertUnchangedLongTermSeal(v);
        assertEquals(now.get("signed_file_hash"), v.get("sha256"));
        assertEquals(s.document().get("sealed_at"), v.get("sealed_at"), "sealed when sealed, not when renewed");
        assertDocument(s, v.get("document"));
        Map<String, Object> before = verify(s.pdf());
        assertUnchangedLongTermSeal(before);
        assertDocument(s, before.get("document"));
        assertDssAgrees(renewed, SignatureLevel.PAdES_BASELINE_LTA, false);
        // pdfsig checks the seal's CMS; of the two document timestamps it says only "not yet verified".
        String report = Pdfsig.report(dir, renewed);
        assertTrue(report.contains("Signature #3:") && !report.contains("Signature #4:"), report);
        assertTrue(report.contains("Signature Validation: Signature is Valid."), report);
        assertFalse(report.contains("Invalid"), report);
        assertTrue(Pdfsig.lastSignatureCoversWholeFile(report), report);
    }

    @Test
    void verify_afterTheSiteCertificateIsReplaced_theStoredLongTermSealIsStillSealedHere() throws Exception {
        Sealed s = sealed("Before the new certificate");
        server.close();
        server = TestServer.start(dir, clock, "signing.p12=" + dir.resolve("new-site.p12"),
                "signing.password=new-password");

        Map<String, Object> v = verify(s.pdf());

        // The seal signs the file as it was before its timestamps and validation material; the file
        // stored is that revision with them appended, so it is the stored file that vouches for it.
        assertEquals(true, v.get("sealed_here"), v.toString());
        assertUnchangedLongTermSeal(v);
        assertDocument(s, v.get("document"));
        Map<String, Object> drawn = verify(AlteredPdfs.drawnOnPageOne(s.pdf()));
        assertEquals(true, drawn.get("sealed_here"), "the stored file is still inside it: " + drawn);
        assertEquals(true, drawn.get("modified_after_seal"));
        assertFalse(drawn.containsKey("document"));
    }

    @Test
    void verify_renewedFileDrawnOnAfterwards_pagesModifiedNotWholeAndNoDocument() throws Exception {
        Sealed s = sealed("Drawn on");
        server.app.sealRenewal().renew(Long.parseLong(s.id())).orElseThrow();
        byte[] drawn = AlteredPdfs.drawnOnPageOne(SealedDocuments.sealedPdf(flow, s.id()));

        Map<String, Object> v = verify(drawn);

        assertEquals(true, v.get("sealed_here"));
        assertEquals(true, v.get("intact"), "every signed byte is as it was");
        assertEquals(false, v.get("covers_whole_file"));
        assertEquals(true, v.get("modified_after_seal"));
        assertEquals(List.of("pages", "structure"), v.get("modifications"));
        assertEquals(true, v.get("certified"));
        assertFalse(v.containsKey("document"), "its hash is no stored seal");
        assertDssAgrees(drawn, null, true);
        assertFalse(Pdfsig.lastSignatureCoversWholeFile(Pdfsig.report(dir, drawn)));
    }

    @Test
    void verify_sealedWithoutAnAuthority_baselineBCertifiedAtTheCompletionTime(@TempDir Path other) throws Exception {
        server.close();
        server = SealedDocuments.serverWithoutAuthority(other, clock, world);
        flow = new ApiFlow(server, server.account("owner@example.org", false).full(), clock);
        Sealed s = sealed("Plain seal");

        Map<String, Object> v = verify(s.pdf());

        assertEquals(true, v.get("sealed_here"));
        assertEquals(true, v.get("intact"));
        assertEquals(true, v.get("covers_whole_file"));
        assertEquals(false, v.get("modified_after_seal"));
        assertEquals(true, v.get("certified"));
        assertEquals("B-B", v.get("seal_level"));
        assertEquals(s.document().get("sealed_at"), v.get("sealed_at"));
        assertEquals(s.document().get("completed_at"), v.get("sealed_at"));
        assertDocument(s, v.get("document"));
        assertDssAgrees(s.pdf(), SignatureLevel.PAdES_BASELINE_B, false, world.ocspAnswerFor(world.pki().seal));
    }

    private static void assertUnchangedLongTermSeal(Map<String, Object> v) {
        assertEquals(true, v.get("sealed_here"), v.toString());
        assertEquals(true, v.get("intact"), v.toString());
        assertEquals(true, v.get("covers_whole_file"), v.toString());
        assertEquals(false, v.get("modified_after_seal"), v.toString());
        assertEquals(List.of(), v.get("modifications"), v.toString());
        assertEquals(true, v.get("certified"), v.toString());
        assertEquals("B-LTA", v.get("seal_level"), v.toString());
    }

    @SuppressWarnings("unchecked")
    private static void assertDocument(Sealed s, Object found) {
        assertTrue(found instanceof Map<?, ?>, "a document part: " + found);
        Map<String, Object> d = (Map<String, Object>) found;
        assertEquals(s.id(), d.get("id"));
        assertEquals(s.document().get("title"), d.get("title"));
        assertEquals(s.document().get("completed_at"), d.get("completed_at"));
        assertEquals(true, d.get("chain_valid"));
        List<Map<String, Object>> parties = (List<Map<String, Object>>) d.get("parties");
        assertEquals(List.of("Ann Able", "Vic Viewer"), parties.stream().map(p -> p.get("name")).toList());
        assertEquals(List.of("signer", "viewer"), parties.stream().map(p -> p.get("role")).toList());
        assertTrue(parties.get(0).get("signed_at") instanceof String, parties.toString());
    }

    /** DSS grades {@code pdf} at {@code level} (unless null) and finds a DocMDP breach exactly when {@code modified}. */
    private static void assertDssAgrees(byte[] pdf, SignatureLevel level, boolean modified, byte[]... ocsp) {
        Dss.Verdict verdict = Dss.validate(pdf, world.pki().root, ocsp);
        if (level != null) {
            assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
            assertEquals(level, verdict.level(), verdict.toString());
        }
        assertEquals(modified, verdict.modified(), verdict.toString());
    }
}
