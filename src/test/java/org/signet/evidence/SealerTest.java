package org.signet.evidence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.europa.esig.dss.enumerations.Indication;
import eu.europa.esig.dss.enumerations.SignatureLevel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.SealLevel;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.support.Dss;
import org.signet.support.EvidenceServer;
import org.signet.support.Pdfsig;
import org.signet.support.TestFiles;

/**
 * Seals graded by the EU's reference validator (DSS 6.3, offline, the test root the only trust
 * anchor) and by poppler's pdfsig: B-B without an authority, B-LTA with OpenSSL's, still B-LTA after
 * a renewal, and a change appended after sealing reported as one.
 */
class SealerTest {
    private static final Instant COMPLETED = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);

    @TempDir
    static Path dir;
    private static EvidenceServer world;
    private static SiteCertificate site;

    @BeforeAll
    static void start() throws Exception {
        world = EvidenceServer.start(dir, Duration.ofDays(365));
        site = SiteCertificate.loadOrCreate(world.pki().writeSealP12(dir.resolve("seal.p12"), "pw"), "pw".toCharArray(),
                "unused");
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @BeforeEach
    void reset() {
        world.reset();
    }

    private static Sealer longTerm() {
        Http http = TimestampAuthorityTest.http();
        return Sealer.longTerm(() -> site, new TimestampAuthority(List.of(URI.create(world.tsaUrl())), http),
                new ValidationCollector(http, Clock.systemUTC()));
    }

    private static Sealed sealLongTerm() throws IOException {
        return longTerm().seal(TestFiles.pdf(2), "All parties signed", "Signet", COMPLETED);
    }

    @Test
    void seal_withAnAuthority_dssGradesItTotalPassedAtBaselineLta() throws Exception {
        Instant before = Instant.now().minusSeconds(2);

        Sealed sealed = sealLongTerm();

        Dss.Verdict verdict = Dss.validate(sealed.pdf(), world.pki().root);
        assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
        assertEquals(SignatureLevel.PAdES_BASELINE_LTA, verdict.level(), verdict.toString());
        assertEquals(List.of(), verdict.warnings(), verdict.toString());
        assertEquals(1, verdict.documentTimestamps());
        assertEquals(SealLevel.B_LTA, sealed.level());
        assertFalse(sealed.sealedAt().isBefore(before), "the authority's time, not the completion's");
        assertEquals(world.pki().tsa.getNotAfter().toInstant(), sealed.evidenceExpiresAt());
    }

    @Test
    void seal_withoutAnAuthority_dssGradesItTotalPassedAtBaselineB() throws Exception {
        Sealed sealed = Sealer.basic(() -> site).seal(TestFiles.pdf(2), "All parties signed", "Signet", COMPLETED);

        Dss.Verdict verdict = Dss.validate(sealed.pdf(), world.pki().root, world.ocspAnswerFor(world.pki().seal));
        assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
        assertEquals(SignatureLevel.PAdES_BASELINE_B, verdict.level(), verdict.toString());
        assertEquals(SealLevel.B_B, sealed.level());
        assertEquals(COMPLETED, sealed.sealedAt());
        assertNull(sealed.evidenceExpiresAt());
        assertEquals(0, world.tsaQueries() + world.ocspQueries());
    }

    @Test
    void renew_sealedPdf_stillBaselineLtaWithTwoDocumentTimestampsAndEveryEarlierByteKept() throws Exception {
        Sealed sealed = sealLongTerm();

        Sealed renewed = longTerm().renew(sealed.pdf());

        byte[] before = sealed.pdf();
        assertArrayEquals(before, Arrays.copyOf(renewed.pdf(), before.length));
        Dss.Verdict verdict = Dss.validate(renewed.pdf(), world.pki().root);
        assertEquals(Indication.TOTAL_PASSED, verdict.indication(), verdict.toString());
        assertEquals(SignatureLevel.PAdES_BASELINE_LTA, verdict.level(), verdict.toString());
        assertEquals(2, verdict.documentTimestamps());
        assertEquals(sealed.sealedAt(), renewed.sealedAt());
    }

    @Test
    void seal_changeAppendedAfterSealing_dssAndPdfsigReportIt() throws Exception {
        Sealed sealed = sealLongTerm();
        String untouched = Pdfsig.report(dir, sealed.pdf());
        assertTrue(untouched.contains("Signature is Valid"), untouched);
        assertTrue(Pdfsig.lastSignatureCoversWholeFile(untouched), untouched);

        byte[] changed = drawOnFirstPage(sealed.pdf(), "PAY $1,000,000 TO MALLORY");

        Dss.Verdict verdict = Dss.validate(changed, world.pki().root);
        assertTrue(verdict.modified(), verdict.toString());
        assertTrue(verdict.warnings().contains("Document contains changes restricted by /DocMDP dictionary!"),
                verdict.toString());
        String report = Pdfsig.report(dir, changed);
        assertFalse(Pdfsig.lastSignatureCoversWholeFile(report), report);
        assertFalse(Dss.validate(sealed.pdf(), world.pki().root).modified());
    }

    @Test
    void seal_basicSealWithAChangeAppended_pdfsigSaysNotTheWholeDocument() throws Exception {
        Sealed sealed = Sealer.basic(() -> site).seal(TestFiles.pdf(1), "r", "l", COMPLETED);

        String report = Pdfsig.report(dir, drawOnFirstPage(sealed.pdf(), "PAY $1,000,000 TO MALLORY"));

        assertTrue(report.contains("Signature is Valid"), report);
        assertTrue(report.contains("Not total document signed"), report);
        Dss.Verdict verdict = Dss.validate(drawOnFirstPage(sealed.pdf(), "PAY"), world.pki().root,
                world.ocspAnswerFor(world.pki().seal));
        assertTrue(verdict.modified(), verdict.toString());
    }

    @Test
    void seal_authorityRefuses_noSealAtAll() {
        world.tsa(EvidenceServer.Tsa.REJECT);

        IOException e = assertThrows(IOException.class, SealerTest::sealLongTerm);

        assertTrue(e.getMessage().contains("no time-stamp authority gave a usable token"), e.getMessage());
        assertEquals(0, world.ocspQueries());
    }

    @Test
    void seal_sealCertificateRevoked_noSealAtAll() {
        world.revoke(world.pki().seal);

        IOException e = assertThrows(IOException.class, SealerTest::sealLongTerm);

        assertTrue(e.getMessage().contains("revoked"), e.getMessage());
    }

    @Test
    void renew_basicSeal_refusedForWantOfADocumentTimestamp() throws Exception {
        Sealed basic = Sealer.basic(() -> site).seal(TestFiles.pdf(1), "r", "l", COMPLETED);

        IOException e = assertThrows(IOException.class, () -> longTerm().renew(basic.pdf()));

        assertTrue(e.getMessage().contains("no document timestamp"), e.getMessage());
    }

    /** An incremental update that paints {@code text} on page 1, as someone altering a sealed copy would. */
    static byte[] drawOnFirstPage(byte[] pdf, String text) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDPage page = document.getPage(0);
            try (PDPageContentStream content = new PDPageContentStream(document, page,
                    PDPageContentStream.AppendMode.APPEND, true)) {
                content.beginText();
                content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD), 24);
                content.newLineAtOffset(72, 400);
                content.showText(text);
                content.endText();
            }
            page.getCOSObject().setNeedToBeUpdated(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.saveIncremental(out);
            return out.toByteArray();
        }
    }
}
