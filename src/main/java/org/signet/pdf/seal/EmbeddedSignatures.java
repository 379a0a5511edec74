package org.signet.pdf.seal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampToken;

/**
 * The signatures and timestamps in a PDF with the certificate that made each, and every certificate
 * the file carries (in its CMS structures and its document security store): what long-term
 * validation material is gathered for.
 */
public record EmbeddedSignatures(List<Signed> signed, List<X509Certificate> certificates) {

    /** What made a signature or timestamp. */
    public enum Kind { SIGNATURE, SIGNATURE_TIMESTAMP, DOCUMENT_TIMESTAMP }

    /**
     * One signature or timestamp: its signer's certificate, the time a timestamp attests (null for a
     * signature), and where the revision it covers ends, which orders them.
     */
    public record Signed(Kind kind, X509Certificate signer, Instant time, long coveredTo) {}

    public EmbeddedSignatures {
        signed = List.copyOf(signed);
        certificates = List.copyOf(certificates);
    }

    /**
     * Reads every signature dictionary of {@code pdf}.
     *
     * @throws IOException if the PDF, a signature's CMS or a token cannot be read
     */
    public static EmbeddedSignatures read(byte[] pdf) throws IOException {
        List<Signed> signed = new ArrayList<>();
        Map<String, X509Certificate> certificates = new LinkedHashMap<>();
        try (PDDocument document = Loader.loadPDF(pdf)) {
            for (PDSignature signature : document.getSignatureDictionaries()) {
                int[] range = signature.getByteRange();
                long coveredTo = range.length == 4 ? (long) range[2] + range[3] : 0;
                CMSSignedData cms = cms(signature.getContents());
                collect(cms, certificates);
                if ("ETSI.RFC3161".equals(signature.getSubFilter())) {
                    signed.add(timestamp(cms, Kind.DOCUMENT_TIMESTAMP, coveredTo));
                } else {
                    signed.addAll(signature(cms, coveredTo, certificates));
                }
            }
            stored(document, certificates);
        }
        signed.sort(Comparator.comparingLong(Signed::coveredTo));
        return new EmbeddedSignatures(signed, new ArrayList<>(certificates.values()));
    }

    /** The document timestamp over the latest revision, if there is one. */
    public Optional<Signed> newestDocumentTimestamp() {
        return signed.stream().filter(s -> s.kind() == Kind.DOCUMENT_TIMESTAMP)
                .max(Comparator.comparingLong(Signed::coveredTo));
    }

    /** The signature and its signature timestamp, when there is one. */
    private static List<Signed> signature(CMSSignedData cms, long coveredTo, Map<String, X509Certificate> pool)
            throws IOException {
        SignerInformation signer = cms.getSignerInfos().getSigners().iterator().next();
        List<Signed> out = new ArrayList<>();
        out.add(new Signed(Kind.SIGNATURE, signerCertificate(cms, signer), null, coveredTo));
        Attribute token = signer.getUnsignedAttributes() == null ? null
                : signer.getUnsignedAttributes().get(PKCSObjectIdentifiers.id_aa_signatureTimeStampToken);
        if (token != null) {
            try {
                CMSSignedData tokenCms = new CMSSignedData(ContentInfo.getInstance(token.getAttrValues().getObjectAt(0)));
                collect(tokenCms, pool);
                out.add(timestamp(tokenCms, Kind.SIGNATURE_TIMESTAMP, coveredTo));
            } catch (CMSException e) {
                throw new IOException("A signature timestamp cannot be read: " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static Signed timestamp(CMSSignedData cms, Kind kind, long coveredTo) throws IOException {
        try {
            TimeStampToken token = new TimeStampToken(cms);
            SignerInformation signer = cms.getSignerInfos().getSigners().iterator().next();
            return new Signed(kind, signerCertificate(cms, signer), token.getTimeStampInfo().getGenTime().toInstant(),
                    coveredTo);
        } catch (TSPException e) {
            throw new IOException("A timestamp token cannot be read: " + e.getMessage(), e);
        }
    }

    /** Reads exactly one ASN.1 object: what follows it in /Contents is zero padding. */
    static CMSSignedData cms(byte[] contents) throws IOException {
        try (ASN1InputStream in = new ASN1InputStream(new ByteArrayInputStream(contents))) {
            return new CMSSignedData(ContentInfo.getInstance(in.readObject()));
        } catch (CMSException | IllegalArgumentException e) {
            throw new IOException("A signature's CMS cannot be read: " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static X509Certificate signerCertificate(CMSSignedData cms, SignerInformation signer) throws IOException {
        var matches = cms.getCertificates().getMatches(signer.getSID());
        if (matches.isEmpty()) {
            throw new IOException("A signature does not carry its signer's certificate");
        }
        return convert((X509CertificateHolder) matches.iterator().next());
    }

    @SuppressWarnings("unchecked")
    private static void collect(CMSSignedData cms, Map<String, X509Certificate> pool) throws IOException {
        for (Object holder : cms.getCertificates().getMatches(null)) {
            X509Certificate c = convert((X509CertificateHolder) holder);
            pool.putIfAbsent(key(c), c);
        }
    }

    /** The certificates an earlier update put in the document security store. */
    private static void stored(PDDocument document, Map<String, X509Certificate> pool) throws IOException {
        COSDictionary dss = document.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.getPDFName("DSS"));
        COSArray certs = dss == null ? null : dss.getCOSArray(COSName.getPDFName("Certs"));
        for (int i = 0; certs != null && i < certs.size(); i++) {
            if (certs.getObject(i) instanceof COSStream stream) {
                try (InputStream in = stream.createInputStream()) {
                    X509Certificate c = convert(new X509CertificateHolder(in.readAllBytes()));
                    pool.putIfAbsent(key(c), c);
                }
            }
        }
    }

    private static X509Certificate convert(X509CertificateHolder holder) throws IOException {
        try {
            return new JcaX509CertificateConverter().getCertificate(holder);
        } catch (CertificateException e) {
            throw new IOException("A certificate in the PDF cannot be read: " + e.getMessage(), e);
        }
    }

    private static String key(X509Certificate c) {
        return c.getIssuerX500Principal().getName() + "#" + c.getSerialNumber();
    }
}
