package org.signet.evidence.corpus;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.bouncycastle.asn1.ASN1InputStream;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.support.AlteredPdfs;
import org.signet.support.IncrementalUpdate;
import org.signet.support.TestFiles;

/**
 * Forgeries of the seal itself: its signature value or its padding changed, its byte range moved
 * over a copy of what it signed (signature wrapping), the universal forgeries' unusable byte ranges
 * and contents (docs/evidence-corpus.md names their source), and seals that are not the site's.
 */
final class SignatureForgeries {
    /** The seal certificate's common name in the test PKI, which an imitation copies. */
    private static final String SITE_NAME = "Signet Test Seal";

    private SignatureForgeries() {
    }

    static List<Forgery> of(byte[] baseline, byte[] elsewhere, Path dir) {
        Seal seal = Seal.of(baseline);
        return List.of(
                Forgery.forged("broken_own_seal", "a hex digit of the seal's signature value changed", baseline,
                        seal.hexChanged(baseline, seal.contentsStart() + 2 * (seal.cmsLength() - 10), "0"))
                        .judged("broken"),
                Forgery.forged("padding_rewritten", "the zeros after the CMS inside the seal's /Contents replaced by"
                        + " other hex digits; the signature still verifies", baseline, seal.paddingRewritten(baseline))
                        .modifying("signature"),
                wrapped(baseline, seal),
                universal("usf_no_byterange", "", COSName.BYTERANGE, baseline, seal),
                universal("usf_byterange_zero", "/ByteRange [0 0 0 0] ", COSName.BYTERANGE, baseline, seal),
                universal("usf_byterange_negative", "/ByteRange [0 " + seal.range(1) + " " + seal.range(2) + " -"
                        + seal.range(3) + "] ", COSName.BYTERANGE, baseline, seal),
                universal("usf_byterange_beyond_file", "/ByteRange [0 " + seal.range(1) + " " + seal.range(2) + " "
                        + (seal.range(3) + 10_000_000L) + "] ", COSName.BYTERANGE, baseline, seal),
                universal("usf_contents_empty", "/Contents <> ", COSName.CONTENTS, baseline, seal),
                universal("usf_contents_zeros", "/Contents <" + "0".repeat(2 * seal.contentsBytes()) + "> ",
                        COSName.CONTENTS, baseline, seal),
                Forgery.forged("another_instance_seal", "a seal by another Signet, under its own certificate",
                        baseline, elsewhere).judged("foreign"),
                Forgery.forged("self_signed_imitation", "a seal made with a self-signed certificate named as the"
                        + " site's (" + SITE_NAME + ")", baseline, imitation(dir)).judged("foreign"));
    }

    /**
     * The seal's /ByteRange (written after /Contents, in the second signed range) moved to a copy of
     * the second range appended after the file; text drawn on page 1 follows in an update.
     */
    private static Forgery wrapped(byte[] sealed, Seal seal) {
        String text = Pdfs.latin1(sealed);
        int at = text.indexOf("/ByteRange [", (int) seal.range(2));
        int end = text.indexOf(']', at) + 1;
        String moved = "/ByteRange [0 " + seal.range(1) + " " + sealed.length + " " + seal.range(3) + "]";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(text.substring(0, at).getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(moved.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(" ".repeat(Math.max(0, end - at - moved.length())).getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(text.substring(end).getBytes(StandardCharsets.ISO_8859_1));
        out.write(sealed, (int) seal.range(2), (int) seal.range(3));
        byte[] wrapped = AlteredPdfs.drawnOnPageOne(out.toByteArray());
        return Forgery.forged("signature_wrapping", "the seal's /ByteRange moved over a copy of the signed bytes"
                + " appended to the file, text drawn on page 1 after it", sealed, wrapped).visibleOn(1);
    }

    /** Text drawn over page 1's content and the seal's dictionary redefined with {@code entries} in place of {@code key}. */
    private static Forgery universal(String name, String entries, COSName key, byte[] sealed, Seal seal) {
        byte[] file = IncrementalUpdate.after(sealed).stream(Pdfs.textContent(sealed, 0), "",
                Texts.forgeryAt(60, 420, Pdfs.fontName(sealed, 0)))
                .object(seal.number(), 0, Pdfs.with(Pdfs.sealDictionary(sealed).dictionary(), entries, key)).bytes();
        return Forgery.forged(name, "an update redefines page 1's content and the seal's dictionary with "
                + (entries.isEmpty() ? "no /ByteRange" : entries.trim()), sealed, file).visibleOn(1);
    }

    private static byte[] imitation(Path dir) {
        try {
            SiteCertificate fake = SiteCertificate.loadOrCreate(dir.resolve("imitation.p12"), "pw".toCharArray(),
                    SITE_NAME);
            return new PdfSealer(fake).seal(TestFiles.pdf(1, "Lease page "), "All parties signed with Signet",
                    "Signet", Instant.now());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the seal's parts lie in the file. */
    private record Seal(int number, long[] byteRange, int cmsLength, int contentsBytes) {
        static Seal of(byte[] pdf) {
            Pdfs.Numbered sig = Pdfs.sealDictionary(pdf);
            COSArray range = sig.dictionary().getCOSArray(COSName.BYTERANGE);
            long[] r = new long[4];
            for (int i = 0; i < 4; i++) {
                r[i] = range.toList().get(i) instanceof org.apache.pdfbox.cos.COSNumber n ? n.longValue() : -1;
            }
            byte[] contents = ((COSString) sig.dictionary().getDictionaryObject(COSName.CONTENTS)).getBytes();
            try (ASN1InputStream in = new ASN1InputStream(contents)) {
                return new Seal(sig.number(), r, in.readObject().getEncoded().length, contents.length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        long range(int i) {
            return byteRange[i];
        }

        /** The offset of the first hex digit inside /Contents' angle brackets. */
        int contentsStart() {
            return (int) byteRange[1] + 1;
        }

        /** {@code pdf} with the hex digit at {@code at} changed, to {@code digit} unless it is that already. */
        byte[] hexChanged(byte[] pdf, int at, String digit) {
            byte[] copy = pdf.clone();
            copy[at] = (byte) (copy[at] == digit.charAt(0) ? '1' : digit.charAt(0));
            return copy;
        }

        /** {@code pdf} with the hex digits between the CMS and the closing angle bracket made non-zero. */
        byte[] paddingRewritten(byte[] pdf) {
            byte[] copy = pdf.clone();
            for (int at = contentsStart() + 2 * cmsLength; at < byteRange[2] - 1; at++) {
                copy[at] = (byte) "5A".charAt(at % 2);
            }
            return copy;
        }
    }
}
