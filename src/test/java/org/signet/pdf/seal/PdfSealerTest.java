package org.signet.pdf.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.ess.SigningCertificateV2;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.tsp.TimeStampToken;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.evidence.Http;
import org.signet.evidence.TimestampAuthority;
import org.signet.pdf.finish.FinalPdfBuilder;
import org.signet.pdf.finish.FinalPdfBuilderTest;
import org.signet.support.EvidenceServer;
import org.signet.support.Pdfsig;

class PdfSealerTest {

    private static final Path PDFSIG = Path.of("/usr/bin/pdfsig");
    private static final Instant SIGNED_AT = Instant.parse("2025-03-14T10:15:30Z");

    @TempDir
    static Path dir;
    private static SiteCertificate site;
    private static byte[] sealed;

    @BeforeAll
    static void seal() throws Exception {
        site = SiteCertificate.loadOrCreate(dir.resolve("site.p12"), "pw".toCharArray(), "Signet test site");
        byte[] finished = FinalPdfBuilder.build(FinalPdfBuilderTest.original(2, 0), List.of(),
                FinalPdfBuilderTest.certificate(5));
        sealed = new PdfSealer(site).seal(finished, "Completed with Signet", "https://sign.example.org", SIGNED_AT);
    }

    @Test
    void seal_writesPadesSignatureDictionary() throws IOException {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            List<PDSignature> signatures = doc.getSignatureDictionaries();
            assertEquals(1, signatures.size());
            PDSignature signature = signatures.get(0);
            assertEquals("Adobe.PPKLite", signature.getFilter());
            assertEquals("ETSI.CAdES.detached", signature.getSubFilter());
            assertEquals(SIGNED_AT, signature.getSignDate().toInstant());
            assertEquals("Completed with Signet", signature.getReason());
            assertEquals("https://sign.example.org", signature.getLocation());
            assertEquals(3, doc.getNumberOfPages(), "two original pages and one certificate page");
        }
    }

    @Test
    void seal_byteRangeCoversWholeFileAndCmsVerifies() throws Exception {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            PDSignature signature = doc.getSignatureDictionaries().get(0);
            int[] range = signature.getByteRange();
            assertEquals(0, range[0]);
            assertEquals(sealed.length, range[2] + range[3], "the signed ranges end at the end of the file");
            assertEquals('<', sealed[range[1]]);
            assertEquals('>', sealed[range[2] - 1]);
            byte[] signedContent = signature.getSignedContent(sealed);
            SignerInformation signer = signerOf(signature, signedContent);
            assertTrue(signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(site.certificate())));
            assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(signedContent),
                    signer.getContentDigest());
            // rsaEncryption or sha256WithRSAEncryption both name an RSA PKCS#1 v1.5 signature.
            assertTrue(Set.of("1.2.840.113549.1.1.1", "1.2.840.113549.1.1.11").contains(signer.getEncryptionAlgOID()),
                    signer.getEncryptionAlgOID());
            assertEquals("2.16.840.1.101.3.4.2.1", signer.getDigestAlgOID());
        }
    }

    @Test
    void seal_signedAttributesFollowPadesBaseline() throws Exception {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            PDSignature signature = doc.getSignatureDictionaries().get(0);
            AttributeTable attributes = signerOf(signature, signature.getSignedContent(sealed)).getSignedAttributes();
            assertNotNull(attributes.get(CMSAttributes.contentType));
            assertNotNull(attributes.get(CMSAttributes.messageDigest));
            assertNull(attributes.get(CMSAttributes.signingTime), "PAdES baseline forbids signing-time");
            var value = attributes.get(PKCSObjectIdentifiers.id_aa_signingCertificateV2).getAttrValues().getObjectAt(0);
            byte[] certHash = SigningCertificateV2.getInstance(value).getCerts()[0].getCertHash();
            assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(site.certificate().getEncoded()), certHash);
        }
    }

    @Test
    void seal_isValidForPdfsig() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(PDFSIG), "poppler's pdfsig is not installed");
        String report = pdfsig(sealed);
        assertTrue(report.contains("Signature Validation: Signature is Valid."), report);
        assertTrue(report.contains("Total document signed"), report);
        assertTrue(report.contains("ETSI.CAdES.detached"), report);
    }

    @Test
    void seal_alteredByteMakesPdfsigReportInvalid() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(PDFSIG), "poppler's pdfsig is not installed");
        byte[] altered = sealed.clone();
        // The binary comment on the header's second line: signed, yet harmless to the file's structure.
        int offset = new String(altered, StandardCharsets.ISO_8859_1).indexOf('\n') + 2;
        altered[offset] ^= 0x01;
        String report = pdfsig(altered);
        assertFalse(report.contains("Signature is Valid"), report);
        assertTrue(report.contains("Digest Mismatch"), report);
    }

    @Test
    void seal_isACertificationThatPermitsNoChanges() throws IOException {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            COSDictionary perms = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PERMS);
            COSDictionary docMdp = perms.getCOSDictionary(COSName.DOCMDP);
            assertEquals(doc.getSignatureDictionaries().get(0).getCOSObject(), docMdp);
            COSDictionary reference = (COSDictionary) docMdp.getCOSArray(COSName.getPDFName("Reference")).getObject(0);
            assertEquals(COSName.DOCMDP, reference.getCOSName(COSName.getPDFName("TransformMethod")));
            assertEquals(1, reference.getCOSDictionary(COSName.getPDFName("TransformParams")).getInt(COSName.P));
        }
    }

    @Test
    void seal_withATimestamper_tokenOverTheSignatureValueAsUnsignedAttribute() throws Exception {
        try (EvidenceServer world = EvidenceServer.start(dir, Duration.ofDays(30))) {
            Timestamper authority = new TimestampAuthority(List.of(URI.create(world.tsaUrl())), Http.standard());
            byte[] stamped = new PdfSealer(site).seal(FinalPdfBuilderTest.original(1, 0), "r", "l", SIGNED_AT, authority);

            try (PDDocument doc = Loader.loadPDF(stamped)) {
                PDSignature signature = doc.getSignatureDictionaries().get(0);
                SignerInformation signer = signerOf(signature, signature.getSignedContent(stamped));
                var attribute = signer.getUnsignedAttributes().get(PKCSObjectIdentifiers.id_aa_signatureTimeStampToken);
                TimeStampToken token = new TimeStampToken(new CMSSignedData(
                        ContentInfo.getInstance(attribute.getAttrValues().getObjectAt(0))));
                assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(signer.getSignature()),
                        token.getTimeStampInfo().getMessageImprintDigest());
                assertTrue(signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(site.certificate())));
            }
        }
    }

    @Test
    void seal_timestamperGivesNoToken_noSeal() {
        Timestamper down = content -> {
            throw new IOException("no time-stamp authority answered");
        };

        IOException e = assertThrows(IOException.class,
                () -> new PdfSealer(site).seal(FinalPdfBuilderTest.original(1, 0), "r", "l", SIGNED_AT, down));

        assertEquals("no time-stamp authority answered", e.getMessage());
    }

    @Test
    void seal_ellipticCurveKey_validForPdfsig() throws Exception {
        SiteCertificate ec = ellipticCurveSite();

        String report = Pdfsig.report(dir, new PdfSealer(ec).seal(FinalPdfBuilderTest.original(1, 0), "r", "l",
                SIGNED_AT));

        assertTrue(report.contains("Signature Validation: Signature is Valid."), report);
        assertTrue(report.contains("Total document signed"), report);
    }

    /** A CA-issued certificate may carry an elliptic-curve key; this one is self-signed for the test. */
    private static SiteCertificate ellipticCurveSite() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(256);
        KeyPair pair = g.generateKeyPair();
        X500Name name = new X500Name("CN=Elliptic seal");
        var builder = new JcaX509v3CertificateBuilder(name, BigInteger.TEN, Date.from(SIGNED_AT.minusSeconds(3600)),
                Date.from(SIGNED_AT.plusSeconds(86_400 * 365L)), name, pair.getPublic());
        X509Certificate c = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("ec", pair.getPrivate(), "pw".toCharArray(), new Certificate[] {c});
        Path p12 = dir.resolve("ec.p12");
        try (var out = Files.newOutputStream(p12)) {
            store.store(out, "pw".toCharArray());
        }
        return SiteCertificate.loadOrCreate(p12, "pw".toCharArray(), "unused");
    }

    @Test
    void seal_rejectsSomethingThatIsNotPdf() {
        PdfSealer sealer = new PdfSealer(site);
        assertThrows(IOException.class, () -> sealer.seal("hello".getBytes(), "r", "l", SIGNED_AT));
    }

    /** Reads exactly one ASN.1 object from /Contents: what follows it is zero padding. */
    private static SignerInformation signerOf(PDSignature signature, byte[] signedContent) throws Exception {
        ASN1Primitive cms;
        try (ASN1InputStream in = new ASN1InputStream(new ByteArrayInputStream(signature.getContents()))) {
            cms = in.readObject();
        }
        CMSSignedData data = new CMSSignedData(new CMSProcessableByteArray(signedContent), ContentInfo.getInstance(cms));
        assertEquals(1, data.getSignerInfos().size());
        return data.getSignerInfos().getSigners().iterator().next();
    }

    private static String pdfsig(byte[] pdf) throws Exception {
        Path file = Files.createTempFile(dir, "sealed", ".pdf");
        Files.write(file, pdf);
        Process process = new ProcessBuilder(PDFSIG.toString(), file.toString())
                .redirectErrorStream(true).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "pdfsig finished");
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
