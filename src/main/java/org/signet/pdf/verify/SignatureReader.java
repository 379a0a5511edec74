package org.signet.pdf.verify;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.security.MessageDigest;
import java.security.cert.CertificateException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collection;
import java.util.HexFormat;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessable;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.DigestCalculator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampToken;
import org.signet.pdf.verify.SealCheck.Kind;
import org.signet.pdf.verify.SealCheck.Signature;

/**
 * Reads one signature dictionary of a PDF and checks it against the file: a CMS signature must
 * verify over its byte ranges with a matching message digest, and a signature timestamp or a
 * document timestamp must verify and carry the digest of what it stamps (RFC 3161 §2.4.2).
 */
final class SignatureReader {
    private static final COSName RFC3161 = COSName.getPDFName("ETSI.RFC3161");
    private static final COSName TRANSFORM_METHOD = COSName.getPDFName("TransformMethod");
    private static final COSName REFERENCE = COSName.getPDFName("Reference");

    private final RandomAccessFile file;

    SignatureReader(RandomAccessFile file) {
        this.file = file;
    }

    static boolean isDocumentTimestamp(COSDictionary signature) {
        return COSName.DOC_TIME_STAMP.equals(signature.getCOSName(COSName.TYPE))
                || RFC3161.equals(signature.getCOSName(COSName.SUB_FILTER));
    }

    /**
     * The signature as read. {@code range} is its checked byte range (null when unusable: then it
     * is not intact) and {@code revisionSha256} the digest of the file up to the range's end.
     */
    Signature read(PDSignature signature, ByteRange range, String revisionSha256) {
        COSDictionary dict = signature.getCOSObject();
        Kind kind = isDocumentTimestamp(dict) ? Kind.DOCUMENT_TIMESTAMP : Kind.SIGNATURE;
        Instant claimed = signingTime(signature);
        boolean certification = isCertification(dict);
        if (range == null) {
            return new Signature(kind, -1, null, null, false, claimed, null, certification, false, false);
        }
        byte[] value = contents(range);
        Verified v = value == null ? Verified.BROKEN : verify(kind, range, value);
        return new Signature(kind, range.end(), revisionSha256, v.certificateSha256(), v.intact(), claimed,
                v.timestampedAt(), certification, wholeRevision(dict, range, value), v.cleanPadding());
    }

    /** The signature value the range leaves out, decoded; null when it cannot be read. */
    private byte[] contents(ByteRange range) {
        try {
            return range.contents(file);
        } catch (IOException unreadable) {
            return null;
        }
    }

    /**
     * The range leaves out this signature's own /Contents and nothing else, and ends where its
     * revision does: at an end-of-file marker, and its line end (ISO 32000-1 §7.5.5).
     */
    private boolean wholeRevision(COSDictionary dict, ByteRange range, byte[] hole) {
        try {
            return hole != null && dict.getDictionaryObject(COSName.CONTENTS) instanceof COSString own
                    && Arrays.equals(hole, own.getBytes()) && range.endsAtEndOfFileMarker(file);
        } catch (IOException unreadable) {
            return false;
        }
    }

    /** What checking the signature value found; a value that cannot be read at all is simply not intact. */
    private record Verified(boolean intact, String certificateSha256, Instant timestampedAt, boolean cleanPadding) {
        static final Verified BROKEN = new Verified(false, null, null, false);

        Verified padded(boolean clean) {
            return new Verified(intact, certificateSha256, timestampedAt, clean);
        }
    }

    private Verified verify(Kind kind, ByteRange range, byte[] value) {
        try {
            First first = firstObject(value);
            ContentInfo info = ContentInfo.getInstance(first.object());
            Verified v = kind == Kind.DOCUMENT_TIMESTAMP ? documentTimestamp(info, range) : cms(info, range);
            return v.padded(zerosAfter(value, first.length()));
        } catch (IOException | CMSException | TSPException | OperatorCreationException | CertificateException
                | RuntimeException e) {
            // Malformed ASN.1, an unknown algorithm, a certificate that cannot be decoded: not intact.
            return Verified.BROKEN;
        }
    }

    /** The first ASN.1 object of a signature value, and how many bytes it takes as stored. */
    private record First(ASN1Primitive object, int length) {}

    /**
     * Exactly one ASN.1 object: the hex string is padded with zeros after it, which BouncyCastle
     * refuses when asked to read a whole CMS from the padded bytes.
     */
    private static First firstObject(byte[] value) throws IOException {
        ByteArrayInputStream bytes = new ByteArrayInputStream(value);
        try (ASN1InputStream in = new ASN1InputStream(bytes)) {
            ASN1Primitive first = in.readObject();
            if (first == null) {
                throw new IOException("the signature value is empty");
            }
            return new First(first, value.length - bytes.available());
        }
    }

    /**
     * The bytes after the signature value: room reserved when the file was signed, which the
     * signature does not cover, so anything but zeros there was written afterwards.
     */
    private static boolean zerosAfter(byte[] value, int used) {
        for (int i = used; i < value.length; i++) {
            if (value[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private Verified cms(ContentInfo info, ByteRange range)
            throws CMSException, OperatorCreationException, CertificateException, IOException, TSPException {
        CMSSignedData signed = new CMSSignedData(new SignedBytes(range), info);
        Collection<SignerInformation> signers = signed.getSignerInfos().getSigners();
        if (signers.size() != 1) {
            return Verified.BROKEN;
        }
        SignerInformation signer = signers.iterator().next();
        X509CertificateHolder certificate = certificateOf(signed.getCertificates().getMatches(signer.getSID()));
        if (certificate == null) {
            return Verified.BROKEN;
        }
        boolean valid;
        try {
            // Digests the byte ranges, compares that with the signed message digest and checks the signature.
            valid = signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(certificate));
        } catch (CMSException mismatch) {
            valid = false; // the signed bytes changed, yet whose signature it is still stands
        }
        Stamp stamp = signatureTimestamp(signer);
        return new Verified(valid && stamp.valid(), sha256(certificate), stamp.at(), true);
    }

    /** A signature timestamp: none ({@link #NONE}), one that verifies at {@code at}, or one that does not. */
    private record Stamp(boolean valid, Instant at) {
        static final Stamp NONE = new Stamp(true, null);
        static final Stamp BROKEN = new Stamp(false, null);
    }

    /** The signature's timestamp token, an unsigned attribute over the signature value (ETSI EN 319 122-1 §5.3). */
    private static Stamp signatureTimestamp(SignerInformation signer)
            throws IOException, TSPException, OperatorCreationException {
        AttributeTable unsigned = signer.getUnsignedAttributes();
        Attribute attribute = unsigned == null ? null
                : unsigned.get(PKCSObjectIdentifiers.id_aa_signatureTimeStampToken);
        if (attribute == null || attribute.getAttrValues().size() == 0) {
            return Stamp.NONE;
        }
        TimeStampToken token = new TimeStampToken(ContentInfo.getInstance(attribute.getAttrValues().getObjectAt(0)));
        DigestCalculator digest = digestFor(token);
        try (OutputStream out = digest.getOutputStream()) {
            out.write(signer.getSignature());
        }
        return stamps(token, digest.getDigest()) ? new Stamp(true, token.getTimeStampInfo().getGenTime().toInstant())
                : Stamp.BROKEN;
    }

    private Verified documentTimestamp(ContentInfo info, ByteRange range)
            throws IOException, TSPException, OperatorCreationException {
        TimeStampToken token = new TimeStampToken(info);
        DigestCalculator digest = digestFor(token);
        try (OutputStream out = digest.getOutputStream()) {
            range.writeTo(file, out);
        }
        X509CertificateHolder certificate = certificateOf(token.getCertificates().getMatches(token.getSID()));
        boolean valid = stamps(token, digest.getDigest());
        return new Verified(valid, certificate == null ? null : sha256(certificate),
                valid ? token.getTimeStampInfo().getGenTime().toInstant() : null, true);
    }

    private static DigestCalculator digestFor(TimeStampToken token) throws OperatorCreationException {
        return new JcaDigestCalculatorProviderBuilder().build().get(token.getTimeStampInfo().getHashAlgorithm());
    }

    /** The token carries {@code digest} as its imprint and its own signature verifies with the certificate it names. */
    private static boolean stamps(TimeStampToken token, byte[] digest) throws TSPException, OperatorCreationException {
        if (!MessageDigest.isEqual(digest, token.getTimeStampInfo().getMessageImprintDigest())) {
            return false;
        }
        X509CertificateHolder certificate = certificateOf(token.getCertificates().getMatches(token.getSID()));
        if (certificate == null) {
            return false;
        }
        try {
            token.validate(new JcaSimpleSignerInfoVerifierBuilder().build(certificate));
            return true;
        } catch (TSPException | CertificateException invalid) {
            return false;
        }
    }

    private static X509CertificateHolder certificateOf(Collection<X509CertificateHolder> matches) {
        return matches.isEmpty() ? null : matches.iterator().next();
    }

    private static String sha256(X509CertificateHolder certificate) throws IOException {
        return HexFormat.of().formatHex(ByteRange.sha256().digest(certificate.getEncoded()));
    }

    private static Instant signingTime(PDSignature signature) {
        try {
            Calendar at = signature.getSignDate();
            return at == null ? null : at.toInstant();
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    /** A certification signature names the DocMDP transform among its references (ISO 32000-1 §12.8.2.2). */
    private static boolean isCertification(COSDictionary signature) {
        if (!(signature.getDictionaryObject(REFERENCE) instanceof COSArray references)) {
            return false;
        }
        for (int i = 0; i < references.size(); i++) {
            COSBase reference = references.getObject(i);
            if (reference instanceof COSDictionary r && COSName.DOCMDP.equals(r.getCOSName(TRANSFORM_METHOD))) {
                return true;
            }
        }
        return false;
    }

    /** The signed bytes as CMS content, streamed from the file each time they are asked for. */
    private final class SignedBytes implements CMSProcessable {
        private final ByteRange range;

        SignedBytes(ByteRange range) {
            this.range = range;
        }

        @Override
        public void write(OutputStream out) throws IOException {
            range.writeTo(file, out);
        }

        @Override
        public Object getContent() {
            return range;
        }
    }
}
