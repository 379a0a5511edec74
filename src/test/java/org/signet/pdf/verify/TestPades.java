package org.signet.pdf.verify;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.function.Consumer;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceDictionary;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceStream;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.ExternalSigningSupport;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.SignatureOptions;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDSignatureField;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.SignerInformationStore;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TSPAlgorithms;
import org.bouncycastle.tsp.TimeStampRequestGenerator;
import org.bouncycastle.tsp.TimeStampToken;
import org.bouncycastle.tsp.TimeStampTokenGenerator;
import org.signet.pdf.seal.SiteCertificate;

/**
 * PAdES signatures made apart from Signet's sealer, for checking the verifier against every level
 * and shape: a certification signature, a signature timestamp (B-T), a DSS dictionary (B-LT) and a
 * document timestamp (B-LTA), invisible or drawing on the page, made with PDFBox and BouncyCastle
 * and a timestamp authority of the test's own.
 */
final class TestPades {
    private static final ASN1ObjectIdentifier POLICY = new ASN1ObjectIdentifier("1.2.3.4.1");

    private final SiteCertificate signer;
    private final KeyPair tsaKeys;
    private final X509Certificate tsaCertificate;

    TestPades(SiteCertificate signer) throws Exception {
        this.signer = signer;
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        this.tsaKeys = generator.generateKeyPair();
        this.tsaCertificate = tsaCertificate(tsaKeys);
    }

    /** A signature over the whole of {@code pdf}; {@code certify} adds DocMDP, {@code stamp} a signature timestamp. */
    byte[] sign(byte[] pdf, boolean certify, boolean stamp, Instant at) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf); SignatureOptions options = new SignatureOptions()) {
            PDSignature signature = new PDSignature();
            signature.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
            signature.setSubFilter(PDSignature.SUBFILTER_ETSI_CADES_DETACHED);
            signature.setSignDate(GregorianCalendar.from(at.atZone(ZoneOffset.UTC)));
            if (certify) {
                certify(doc, signature);
            }
            options.setPreferredSignatureSize(24_000);
            doc.addSignature(signature, options);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ExternalSigningSupport external = doc.saveIncrementalForExternalSigning(out);
            external.setSignature(cms(external.getContent(), stamp));
            return out.toByteArray();
        }
    }

    /** {@code pdf} with a DSS dictionary holding the signer's and the authority's certificates. */
    byte[] addDss(byte[] pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            COSArray certs = new COSArray();
            for (X509Certificate c : List.of(signer.certificate(), tsaCertificate)) {
                COSStream stream = doc.getDocument().createCOSStream();
                try (var out = stream.createOutputStream()) {
                    out.write(c.getEncoded());
                }
                certs.add(stream);
            }
            COSDictionary dss = new COSDictionary();
            dss.setItem(COSName.CERTS, certs);
            COSDictionary catalog = doc.getDocumentCatalog().getCOSObject();
            catalog.setItem(COSName.DSS, dss);
            catalog.setNeedToBeUpdated(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.saveIncremental(out);
            return out.toByteArray();
        }
    }

    /** {@code pdf} with a document timestamp over all of it, its field invisible as Signet makes it. */
    byte[] addDocumentTimestamp(byte[] pdf) throws Exception {
        return addDocumentTimestamp(pdf, null, widget -> {});
    }

    /** {@code pdf} with a document timestamp whose widget shows {@code text} across page 1. */
    byte[] addVisibleDocumentTimestamp(byte[] pdf, String text) throws Exception {
        return addDocumentTimestamp(pdf, visibleField(text), widget -> {});
    }

    /** As {@link #addVisibleDocumentTimestamp(byte[], String)}, the widget then changed by {@code widget}. */
    byte[] addVisibleDocumentTimestamp(byte[] pdf, String text, Consumer<COSDictionary> widget) throws Exception {
        return addDocumentTimestamp(pdf, visibleField(text), widget);
    }

    private byte[] addDocumentTimestamp(byte[] pdf, byte[] appearance, Consumer<COSDictionary> widget)
            throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf); SignatureOptions options = new SignatureOptions()) {
            if (appearance != null) {
                options.setVisualSignature(new ByteArrayInputStream(appearance));
                options.setPage(0);
            }
            PDSignature signature = new PDSignature();
            signature.setType(COSName.DOC_TIME_STAMP);
            signature.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
            signature.setSubFilter(COSName.getPDFName("ETSI.RFC3161"));
            options.setPreferredSignatureSize(12_000);
            doc.addSignature(signature, options);
            for (PDSignatureField field : doc.getSignatureFields()) {
                if (field.getCOSObject().getDictionaryObject(COSName.V) == signature.getCOSObject()) {
                    widget.accept(field.getWidgets().get(0).getCOSObject());
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ExternalSigningSupport external = doc.saveIncrementalForExternalSigning(out);
            external.setSignature(token(digest(external.getContent())).getEncoded());
            return out.toByteArray();
        }
    }

    /** A one-page PDF whose signature field's widget draws {@code text}: PDFBox's template for a visible field. */
    private static byte[] visibleField(String text) throws Exception {
        try (PDDocument template = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            template.addPage(page);
            PDAcroForm form = new PDAcroForm(template);
            template.getDocumentCatalog().setAcroForm(form);
            PDSignatureField field = new PDSignatureField(form);
            form.getFields().add(field);
            PDAnnotationWidget widget = field.getWidgets().get(0);
            widget.setRectangle(new PDRectangle(40, 380, 520, 60));
            PDAppearanceStream look = new PDAppearanceStream(template);
            look.setBBox(new PDRectangle(520, 60));
            look.setResources(new PDResources());
            try (PDPageContentStream cs = new PDPageContentStream(template, look)) {
                cs.beginText();
                cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD), 28);
                cs.newLineAtOffset(5, 20);
                cs.showText(text);
                cs.endText();
            }
            PDAppearanceDictionary appearance = new PDAppearanceDictionary();
            appearance.setNormalAppearance(look);
            widget.setAppearance(appearance);
            page.getAnnotations().add(widget);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            template.save(out);
            return out.toByteArray();
        }
    }

    /** The DocMDP reference of a certification signature, and the catalogue's /Perms pointing at it. */
    private static void certify(PDDocument doc, PDSignature signature) {
        COSDictionary params = new COSDictionary();
        params.setInt(COSName.P, 2);
        params.setName(COSName.V, "1.2");
        COSDictionary reference = new COSDictionary();
        reference.setItem(COSName.TYPE, COSName.getPDFName("SigRef"));
        reference.setItem(COSName.getPDFName("TransformMethod"), COSName.DOCMDP);
        reference.setItem(COSName.getPDFName("TransformParams"), params);
        COSArray references = new COSArray();
        references.add(reference);
        signature.getCOSObject().setItem(COSName.getPDFName("Reference"), references);
        COSDictionary perms = new COSDictionary();
        perms.setItem(COSName.DOCMDP, signature.getCOSObject());
        doc.getDocumentCatalog().getCOSObject().setItem(COSName.PERMS, perms);
    }

    private byte[] cms(InputStream content, boolean stamp) throws Exception {
        CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
        generator.addSignerInfoGenerator(new JcaSignerInfoGeneratorBuilder(new JcaDigestCalculatorProviderBuilder()
                .build()).build(new JcaContentSignerBuilder("SHA256withRSA").build(signer.privateKey()),
                signer.certificate()));
        generator.addCertificates(new JcaCertStore(signer.chain()));
        CMSSignedData signed = generator.generate(new CMSProcessableByteArray(content.readAllBytes()), false);
        if (!stamp) {
            return signed.getEncoded();
        }
        SignerInformation info = signed.getSignerInfos().getSigners().iterator().next();
        TimeStampToken token = token(digest(new java.io.ByteArrayInputStream(info.getSignature())));
        Attribute attribute = new Attribute(PKCSObjectIdentifiers.id_aa_signatureTimeStampToken,
                new DERSet(token.toCMSSignedData().toASN1Structure()));
        SignerInformation stamped = SignerInformation.replaceUnsignedAttributes(info,
                new AttributeTable(new DERSet(attribute)));
        return CMSSignedData.replaceSigners(signed, new SignerInformationStore(stamped)).getEncoded();
    }

    private TimeStampToken token(byte[] sha256) throws Exception {
        TimeStampTokenGenerator generator = new TimeStampTokenGenerator(new JcaSimpleSignerInfoGeneratorBuilder()
                .build("SHA256withRSA", tsaKeys.getPrivate(), tsaCertificate),
                new JcaDigestCalculatorProviderBuilder().build().get(
                        new org.bouncycastle.asn1.x509.AlgorithmIdentifier(
                                org.bouncycastle.asn1.oiw.OIWObjectIdentifiers.idSHA1)), POLICY);
        generator.addCertificates(new JcaCertStore(List.of(tsaCertificate)));
        TimeStampRequestGenerator request = new TimeStampRequestGenerator();
        request.setCertReq(true);
        return generator.generate(request.generate(TSPAlgorithms.SHA256, sha256), BigInteger.ONE, new Date());
    }

    private static byte[] digest(InputStream content) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(content.readAllBytes());
    }

    private static X509Certificate tsaCertificate(KeyPair keys) throws Exception {
        X500Name name = new X500Name("CN=Signet test timestamp authority");
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.TEN,
                Date.from(now.minusSeconds(3600)), Date.from(now.plusSeconds(86_400)), name, keys.getPublic());
        builder.addExtension(Extension.extendedKeyUsage, true, new ExtendedKeyUsage(KeyPurposeId.id_kp_timeStamping));
        return new JcaX509CertificateConverter().getCertificate(builder.build(
                new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate())));
    }
}
