package org.signet.evidence.corpus;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.signet.support.IncrementalUpdate;
import org.signet.support.RawPdf;

/**
 * Updates that work through the cross-reference table rather than through what the objects say:
 * an object of the signed revision freed, or given a new generation; and bytes after the end.
 * Readers differ on such tables, so the verifier must read them no more leniently than a viewer.
 */
final class XrefForgeries {
    private XrefForgeries() {
    }

    static List<Forgery> of(byte[] baseline) {
        int content = Pdfs.textContent(baseline, 0);
        String font = Pdfs.fontName(baseline, 0);
        return List.of(
                // Not marked shown: poppler meets the freed object still in use and rebuilds its table from
                // the bodies in the file, so it draws the page as signed; a reader that keeps to the table does not.
                Forgery.forged("xref_frees_signed_object", "an update's table marks page 1's signed content stream"
                        + " free, so a reader that keeps to the table draws the page without its text", baseline,
                        IncrementalUpdate.after(baseline).free(content, 1).bytes()).modifying("structure"),
                Forgery.forged("xref_regeneration", "an update redefines page 1's signed content stream under"
                        + " generation 1, which viewers take in place of the signed one", baseline,
                        IncrementalUpdate.after(baseline).object(content, 1, RawPdf.streamBody("",
                                RawPdf.ascii(Texts.forgeryAt(60, 420, font)))).bytes())
                        .visibleOn(1).modifying("structure"),
                Forgery.forged("bytes_after_eof", "text that is not white space follows the last %%EOF", baseline,
                        afterEnd(baseline, "PAY $1,000,000 TO MALLORY\n")).modifying("structure"));
    }

    private static byte[] afterEnd(byte[] pdf, String text) {
        byte[] tail = text.getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(pdf, pdf.length + tail.length);
        System.arraycopy(tail, 0, out, pdf.length, tail.length);
        return out;
    }
}
