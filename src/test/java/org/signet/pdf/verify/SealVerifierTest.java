package org.signet.pdf.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.pdf.verify.SealCheck.Change;
import org.signet.pdf.verify.SealCheck.Kind;
import org.signet.pdf.verify.SealCheck.Signature;
import org.signet.support.AlteredPdfs;
import org.signet.support.HostileFiles;
import org.signet.support.TestFiles;

/**
 * The verifier against real files: a seal as Signet makes it, the same after additions and a
 * changed byte, files without a seal or with another's, and seals at every PAdES baseline level.
 */
class SealVerifierTest {
    private static final Instant SIGNED_AT = Instant.parse("2026-02-03T04:05:06Z");

    @TempDir
    static Path dir;
    private static SiteCertificate site;
    private static SiteCertificate stranger;
    private static byte[] sealed;
    private static TestPades pades;

    @BeforeAll
    static void seal() throws Exception {
        site = SiteCertificate.loadOrCreate(dir.resolve("site.p12"), "pw".toCharArray(), "Signet verify test");
        stranger = SiteCertificate.loadOrCreate(dir.resolve("other.p12"), "pw".toCharArray(), "Someone else");
        sealed = new PdfSealer(site).seal(TestFiles.pdf(2), "All parties signed", "Signet", SIGNED_AT);
        pades = new TestPades(site);
    }

    /** Signatures made with the site's certificate are the site's own. */
    private static final Predicate<Signature> OURS = s -> fingerprint(site).equals(s.signerCertificateSha256());

    private static SealCheck check(byte[] pdf) throws Exception {
        Path file = Files.createTempFile(dir, "check", ".pdf");
        Files.write(file, pdf);
        try {
            return SealVerifier.check(file, OURS);
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void check_sealAsMade_intactWholeUnchangedBaseline() throws Exception {
        SealCheck c = check(sealed);

        assertTrue(c.ownSeal());
        assertTrue(c.intact());
        assertTrue(c.coversWholeFile());
        assertFalse(c.modifiedAfterSeal());
        assertTrue(c.certified(), "every seal is the document's certification");
        assertTrue(c.seal().certification());
        assertEquals("B-B", c.level());
        assertEquals(SIGNED_AT, c.sealedAt());
        assertEquals(sha256(sealed), c.sha256());
        assertEquals(sha256(sealed), c.seal().revisionSha256(), "the seal signs the whole file as stored");
        assertEquals(sealed.length, c.seal().revisionEnd());
    }

    @Test
    void check_textDrawnInALaterUpdate_signatureIntactButPagesChanged() throws Exception {
        byte[] drawn = AlteredPdfs.drawnOnPageOne(sealed);

        SealCheck c = check(drawn);

        assertTrue(c.intact(), "the signed bytes are untouched");
        assertTrue(c.ownSeal());
        assertFalse(c.coversWholeFile());
        assertEquals(Set.of(Change.PAGES, Change.STRUCTURE), c.changes(), "the signed content stream is redefined");
        assertEquals(sha256(sealed), c.seal().revisionSha256(), "the revision at the seal is the sealed file");
        assertEquals(sha256(drawn), c.sha256());
    }

    @Test
    void check_noteAddedInALaterUpdate_annotationsChanged() throws Exception {
        SealCheck c = check(AlteredPdfs.notedOnPageOne(sealed));

        assertTrue(c.intact());
        assertFalse(c.coversWholeFile());
        assertEquals(Set.of(Change.ANNOTATIONS), c.changes());
    }

    @Test
    void check_aSignedByteChanged_notIntact() throws Exception {
        SealCheck c = check(AlteredPdfs.byteFlipped(sealed));

        assertFalse(c.intact());
        assertFalse(c.ownSeal(), "the site's certificate, but a seal that does not verify is no seal of the site's");
        assertEquals(fingerprint(site), c.seal().signerCertificateSha256());
        assertTrue(c.coversWholeFile());
    }

    @Test
    void check_theSignatureValueChanged_notIntact() throws Exception {
        byte[] broken = sealed.clone();
        int cms;
        try (var doc = org.apache.pdfbox.Loader.loadPDF(sealed);
                var in = new org.bouncycastle.asn1.ASN1InputStream(doc.getSignatureDictionaries().get(0).getContents())) {
            cms = in.readObject().getEncoded().length;
        }
        // The signer's signature value ends the CMS: change a hex digit ten bytes before its end.
        int at = new String(broken, StandardCharsets.ISO_8859_1).lastIndexOf("/Contents <") + 11 + 2 * (cms - 10);
        broken[at] = (byte) (broken[at] == '0' ? '1' : '0');

        assertFalse(check(broken).intact());
    }

    @Test
    void check_bytesWrittenIntoTheZeroPaddingAfterTheSignatureValue_aSignatureChange() throws Exception {
        byte[] padded = sealed.clone();
        String text = new String(padded, StandardCharsets.ISO_8859_1);
        int end = text.indexOf('>', text.lastIndexOf("/Contents <"));
        byte[] smuggled = "DEADBEEF".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(smuggled, 0, padded, end - 40, smuggled.length);

        SealCheck c = check(padded);

        assertTrue(c.intact(), "the padding is outside the signed bytes and after the signature value");
        assertTrue(c.ownSeal());
        assertEquals(Set.of(Change.SIGNATURE), c.changes());
        assertTrue(c.modifiedAfterSeal());
        assertEquals(Set.of(), check(sealed).changes(), "Signet's own padding is zeros");
    }

    @Test
    void check_unsignedPdf_noSealNothingIntact() throws Exception {
        SealCheck c = check(TestFiles.pdf(1));

        assertNull(c.seal());
        assertFalse(c.ownSeal());
        assertFalse(c.intact());
        assertFalse(c.coversWholeFile());
        assertFalse(c.modifiedAfterSeal());
        assertNull(c.level());
        assertNull(c.sealedAt());
    }

    @Test
    void check_signedWithAnotherCertificate_intactButNotOwn() throws Exception {
        byte[] foreign = new PdfSealer(stranger).seal(TestFiles.pdf(1), "r", "l", SIGNED_AT);

        SealCheck c = check(foreign);

        assertTrue(c.intact());
        assertFalse(c.ownSeal());
        assertEquals(fingerprint(stranger), c.seal().signerCertificateSha256());
    }

    @Test
    void check_ownSealThenAStrangersSignature_theOwnIsTheSealAndTheLaterOneAChange() throws Exception {
        byte[] countersigned = new TestPades(stranger).sign(sealed, false, false, SIGNED_AT);

        SealCheck c = check(countersigned);

        assertTrue(c.ownSeal());
        assertEquals(sealed.length, c.seal().revisionEnd());
        assertTrue(c.intact());
        assertTrue(c.coversWholeFile(), "the stranger's signature covers the whole file");
        assertEquals(Set.of(Change.ANNOTATIONS, Change.FORM), c.changes(), "a new signature field and its widget");
    }

    @Test
    void check_certificationSignature_certified() throws Exception {
        SealCheck c = check(pades.sign(TestFiles.pdf(1), true, false, SIGNED_AT));

        assertTrue(c.certified());
        assertTrue(c.seal().certification());
        assertTrue(c.intact());
    }

    @Test
    void check_signatureTimestamp_levelBT_sealedAtTheTimestamp() throws Exception {
        SealCheck c = check(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));

        assertEquals("B-T", c.level());
        assertTrue(c.intact());
        assertNotNull(c.seal().timestampedAt());
        assertEquals(c.seal().timestampedAt(), c.sealedAt());
        assertFalse(c.sealedAt().equals(SIGNED_AT), "the authority's time, not the claimed one");
    }

    @Test
    void check_validationMaterialAppended_levelBLT_notAModification() throws Exception {
        byte[] lt = pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));

        SealCheck c = check(lt);

        assertEquals("B-LT", c.level());
        assertTrue(c.intact());
        assertFalse(c.modifiedAfterSeal(), c.changes().toString());
        assertTrue(c.coversWholeFile(), "only validation material follows the seal");
    }

    @Test
    void check_documentTimestampOverValidationMaterial_levelBLTA() throws Exception {
        byte[] lt = pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));
        byte[] lta = pades.addDocumentTimestamp(lt);

        SealCheck c = check(lta);

        assertEquals("B-LTA", c.level());
        assertTrue(c.intact());
        assertFalse(c.modifiedAfterSeal(), c.changes().toString());
        assertTrue(c.coversWholeFile());
        assertEquals(Kind.DOCUMENT_TIMESTAMP, c.signatures().get(c.signatures().size() - 1).kind());
        assertEquals(2, c.signatures().size());
    }

    @Test
    void check_validationMaterialAfterTheLastTimestamp_stillCoversTheFile() throws Exception {
        byte[] lta = pades.addDss(pades.addDocumentTimestamp(pades.addDss(pades.sign(TestFiles.pdf(1), true, true,
                SIGNED_AT))));

        SealCheck c = check(lta);

        assertEquals("B-LTA", c.level());
        assertTrue(c.coversWholeFile());
        assertFalse(c.modifiedAfterSeal());
    }

    @Test
    void check_documentTimestampWithoutValidationMaterial_staysBT() throws Exception {
        SealCheck c = check(pades.addDocumentTimestamp(pades.sign(TestFiles.pdf(1), false, true, SIGNED_AT)));

        assertEquals("B-T", c.level());
        assertFalse(c.modifiedAfterSeal());
        assertTrue(c.intact());
    }

    @Test
    void check_documentTimestampThatDrawsOnThePage_aFormChange() throws Exception {
        byte[] lt = pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));

        SealCheck c = check(pades.addVisibleDocumentTimestamp(lt, AlteredPdfs.FORGERY));

        assertEquals(Set.of(Change.ANNOTATIONS, Change.FORM), c.changes(), "its widget shows text the seal did not");
        assertTrue(c.intact());
        assertEquals("B-LTA", c.level());
        assertEquals(Set.of(), check(pades.addDocumentTimestamp(lt)).changes(), "an invisible one changes nothing");
    }

    @Test
    void check_signatureWithinARevisionTheCallerRecognises_isItsSeal() throws Exception {
        byte[] lta = pades.addDocumentTimestamp(pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT)));
        String stored = sha256(lta);
        Path file = Files.createTempFile(dir, "stored", ".pdf");
        Files.write(file, AlteredPdfs.drawnOnPageOne(lta));

        SealCheck recognised = SealVerifier.check(file, s -> stored.equals(s.revisionSha256()));
        SealCheck unknown = SealVerifier.check(file, s -> false);

        assertTrue(recognised.ownSeal(), "the timestamped revision recognised holds the seal");
        assertEquals(Kind.SIGNATURE, recognised.seal().kind());
        assertEquals(Set.of(Change.PAGES, Change.STRUCTURE), recognised.changes());
        assertFalse(unknown.ownSeal());
        assertEquals(recognised.seal(), unknown.seal(), "the same signature, taken as the seal for want of another");
    }

    @Test
    void check_pageDrawnAfterADocumentTimestamp_pagesChangedAndNotCovered() throws Exception {
        byte[] lta = pades.addDocumentTimestamp(pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT)));

        SealCheck c = check(AlteredPdfs.drawnOnPageOne(lta));

        assertEquals(Set.of(Change.PAGES, Change.STRUCTURE), c.changes());
        assertFalse(c.coversWholeFile());
        assertTrue(c.intact());
    }

    @Test
    void check_aTwoGibibyteStreamAppendedAfterTheSeal_comparedAsStoredNeverInflated() throws Exception {
        byte[] bomb;
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            COSStream content = doc.getDocument().createCOSStream();
            try (OutputStream out = content.createRawOutputStream()) {
                out.write(HostileFiles.zlibZeros(2 * HostileFiles.GIB));
            }
            content.setItem(COSName.FILTER, COSName.FLATE_DECODE);
            doc.getPage(0).getCOSObject().setItem(COSName.CONTENTS, content);
            doc.getPage(0).getCOSObject().setNeedToBeUpdated(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.saveIncremental(out);
            bomb = out.toByteArray();
        }
        long started = System.nanoTime();

        SealCheck c = check(bomb);

        assertEquals(Set.of(Change.PAGES), c.changes());
        assertTrue(c.intact());
        assertTrue(System.nanoTime() - started < 10_000_000_000L, "checked in bounded time");
    }

    @Test
    void check_arraysNestedDeeplyAfterTheSeal_refusedNotOverflowed() throws Exception {
        byte[] nested;
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            COSArray deep = new COSArray();
            COSArray inner = deep;
            for (int i = 0; i < CosDigest.MAX_DEPTH + 10; i++) {
                COSArray next = new COSArray();
                inner.add(next);
                inner = next;
            }
            doc.getPage(0).getCOSObject().setItem(COSName.getPDFName("Deep"), deep);
            doc.getPage(0).getCOSObject().setNeedToBeUpdated(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.saveIncremental(out);
            nested = out.toByteArray();
        }

        InvalidFileException e = assertThrows(InvalidFileException.class, () -> check(nested));
        assertTrue(e.getMessage().contains("too complex"), e.getMessage());
    }

    @Test
    void check_notAPdf_refused() throws Exception {
        InvalidFileException e = assertThrows(InvalidFileException.class,
                () -> check("%PDF-1.7\nthis is not a PDF at all".getBytes(StandardCharsets.US_ASCII)));
        assertTrue(e.getMessage().contains("PDF"), e.getMessage());
    }

    private static String fingerprint(SiteCertificate c) {
        try {
            return sha256(c.certificate().getEncoded());
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
