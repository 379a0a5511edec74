package org.signet.pdf.seal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.GregorianCalendar;
import java.util.Objects;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.ExternalSigningSupport;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.SignatureOptions;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.ess.ESSCertIDv2;
import org.bouncycastle.asn1.ess.SigningCertificateV2;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.IssuerSerial;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSAttributeTableGenerator;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.DefaultSignedAttributeTableGenerator;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.SignerInformationStore;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

/**
 * Signs a finished PDF with the site certificate as a PAdES baseline certification signature: B-B,
 * or B-T when a {@link Timestamper} adds a signature timestamp.
 */
public final class PdfSealer {

    /** Room in /Contents for the CMS beyond its certificates; an RSA 3072 SignerInfo needs under 1 KB. */
    static final int SIGNATURE_OVERHEAD = 4096;
    /** Room for a signature timestamp token: an authority's signature and the certificates it sends. */
    static final int TIMESTAMP_ROOM = 24 * 1024;

    private final SiteCertificate cert;

    public PdfSealer(SiteCertificate cert) {
        this.cert = Objects.requireNonNull(cert, "cert");
    }

    /**
     * Appends an invisible certification signature over the whole of {@code pdf} in an incremental update.
     *
     * @param signingTime the claimed signing time, written to the signature dictionary's /M
     * @throws IOException if {@code pdf} cannot be parsed or the signature cannot be made
     */
    public byte[] seal(byte[] pdf, String reason, String location, Instant signingTime) throws IOException {
        return seal(pdf, reason, location, signingTime, null);
    }

    /**
     * As {@link #seal(byte[], String, String, Instant)}; with {@code timestamper}, the signature
     * value is timestamped and the token carried as the unsigned signature-time-stamp attribute.
     *
     * @throws IOException also when the timestamper gives no token: never a seal without one
     */
    public byte[] seal(byte[] pdf, String reason, String location, Instant signingTime, Timestamper timestamper)
            throws IOException {
        Objects.requireNonNull(pdf, "pdf");
        Objects.requireNonNull(signingTime, "signingTime");
        try (PDDocument document = Loader.loadPDF(pdf);
                SignatureOptions options = new SignatureOptions()) {
            int space = signatureSpace(timestamper != null);
            options.setPreferredSignatureSize(space);
            PDSignature signature = dictionary(reason, location, signingTime);
            Certification.certify(document, signature);
            document.addSignature(signature, options);
            ByteArrayOutputStream out = new ByteArrayOutputStream(pdf.length + space * 3);
            ExternalSigningSupport external = document.saveIncrementalForExternalSigning(out);
            external.setSignature(cms(external.getContent(), timestamper));
            return out.toByteArray();
        }
    }

    /** Bytes to reserve for the CMS: the certificates it carries plus the signer's part (and a token). */
    private int signatureSpace(boolean timestamped) throws IOException {
        int size = SIGNATURE_OVERHEAD + (timestamped ? TIMESTAMP_ROOM : 0);
        try {
            for (X509Certificate c : cert.chain()) {
                size += c.getEncoded().length;
            }
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot encode the site certificate: " + e.getMessage(), e);
        }
        return size;
    }

    private PDSignature dictionary(String reason, String location, Instant signingTime) {
        PDSignature signature = new PDSignature();
        signature.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
        signature.setSubFilter(PDSignature.SUBFILTER_ETSI_CADES_DETACHED);
        signature.setName(commonName(cert.certificate()));
        signature.setReason(reason);
        signature.setLocation(location);
        // PAdES puts the claimed time here rather than in a CMS signing-time attribute.
        signature.setSignDate(GregorianCalendar.from(signingTime.atZone(ZoneOffset.UTC)));
        return signature;
    }

    /** A detached CMS SignedData over the byte ranges, as ETSI EN 319 142-1 §6.3 asks of B-B. */
    private byte[] cms(InputStream content, Timestamper timestamper) throws IOException {
        try {
            X509Certificate certificate = cert.certificate();
            ContentSigner signer = new JcaContentSignerBuilder(algorithm(cert.privateKey())).build(cert.privateKey());
            JcaSignerInfoGeneratorBuilder info = new JcaSignerInfoGeneratorBuilder(
                    new JcaDigestCalculatorProviderBuilder().build());
            info.setSignedAttributeGenerator(signedAttributes(certificate));
            CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
            generator.addSignerInfoGenerator(info.build(signer, certificate));
            generator.addCertificates(new JcaCertStore(cert.chain()));
            CMSSignedData signed = generator.generate(new CMSProcessableByteArray(content.readAllBytes()), false);
            return (timestamper == null ? signed : withSignatureTimestamp(signed, timestamper))
                    .getEncoded(ASN1Encoding.DER);
        } catch (GeneralSecurityException | OperatorCreationException | CMSException e) {
            throw new IOException("Cannot sign the document: " + e.getMessage(), e);
        }
    }

    /** RSA PKCS#1 v1.5 for the generated key; ECDSA for a CA-issued elliptic-curve one. */
    private static String algorithm(java.security.PrivateKey key) {
        return "EC".equals(key.getAlgorithm()) ? "SHA256withECDSA" : "SHA256withRSA";
    }

    /**
     * Adds the signature timestamp of ETSI EN 319 122-1 §5.3: a token over the signature value,
     * as the unsigned attribute id-aa-signatureTimeStampToken.
     */
    private static CMSSignedData withSignatureTimestamp(CMSSignedData signed, Timestamper timestamper)
            throws IOException {
        SignerInformation signer = signed.getSignerInfos().getSigners().iterator().next();
        ASN1Primitive token = ASN1Primitive.fromByteArray(timestamper.timestamp(signer.getSignature()));
        ASN1EncodableVector unsigned = new ASN1EncodableVector();
        unsigned.add(new Attribute(PKCSObjectIdentifiers.id_aa_signatureTimeStampToken, new DERSet(token)));
        SignerInformation stamped = SignerInformation.replaceUnsignedAttributes(signer, new AttributeTable(unsigned));
        return CMSSignedData.replaceSigners(signed, new SignerInformationStore(stamped));
    }

    /**
     * Content-type, message-digest and CMS algorithm protection (RFC 6211, all added by the
     * default generator) plus ESS signing-certificate-v2; the signing-time attribute the default
     * generator also adds is removed because PAdES baseline signatures must not carry it.
     */
    private static CMSAttributeTableGenerator signedAttributes(X509Certificate certificate)
            throws GeneralSecurityException {
        ASN1EncodableVector extra = new ASN1EncodableVector();
        extra.add(signingCertificateV2(certificate));
        DefaultSignedAttributeTableGenerator defaults =
                new DefaultSignedAttributeTableGenerator(new AttributeTable(extra));
        return parameters -> defaults.getAttributes(parameters).remove(CMSAttributes.signingTime);
    }

    private static Attribute signingCertificateV2(X509Certificate certificate) throws GeneralSecurityException {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
        X500Name issuer = X500Name.getInstance(certificate.getIssuerX500Principal().getEncoded());
        IssuerSerial issuerSerial = new IssuerSerial(new GeneralNames(new GeneralName(issuer)),
                certificate.getSerialNumber());
        ESSCertIDv2 id = new ESSCertIDv2(new AlgorithmIdentifier(NISTObjectIdentifiers.id_sha256), hash, issuerSerial);
        return new Attribute(PKCSObjectIdentifiers.id_aa_signingCertificateV2,
                new DERSet(new SigningCertificateV2(new ESSCertIDv2[] {id})));
    }

    private static String commonName(X509Certificate certificate) {
        X500Name subject = X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        var cns = subject.getRDNs(BCStyle.CN);
        return cns.length == 0 ? subject.toString() : cns[0].getFirst().getValue().toString();
    }
}
