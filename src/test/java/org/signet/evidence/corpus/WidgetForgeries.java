package org.signet.evidence.corpus;

import java.util.List;
import org.apache.pdfbox.cos.COSName;
import org.signet.support.IncrementalUpdate;

/**
 * An overlay dressed as a document timestamp's widget (/FT /Sig, its /V a /DocTimeStamp) over the
 * whole of page 1, drawing text, whose /F reads as "hidden" only to a reader that truncates it to an
 * integer: 2.0 is a real, 4294967298 overflows 32 bits to 2. Viewers take either for no flag at all.
 */
final class WidgetForgeries {
    private WidgetForgeries() {
    }

    static List<Forgery> of(byte[] baseline) {
        return List.of(widget("widget_f_real", "2.0", baseline), widget("widget_f_overflow", "4294967298", baseline));
    }

    private static Forgery widget(String name, String flags, byte[] sealed) {
        int page = Pdfs.page(sealed, 0);
        IncrementalUpdate u = IncrementalUpdate.after(sealed);
        int widget = u.fresh();
        int value = u.fresh();
        int look = u.fresh();
        int font = u.fresh();
        u.object(value, 0, "<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 >>");
        u.object(font, 0, Texts.HELVETICA_BOLD);
        u.stream(look, "/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 " + font
                + " 0 R >> >>", Texts.forgeryAt(60, 420, "F1"));
        u.object(widget, 0, "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Timestamp) /V " + value + " 0 R /P " + page
                + " 0 R /Rect [0 0 595 842] /F " + flags + " /AP << /N " + look + " 0 R >> >>");
        u.object(page, 0, Pdfs.pageWith(sealed, 0, "/Annots [" + Pdfs.pageArrayItems(sealed, 0, COSName.ANNOTS) + " "
                + widget + " 0 R] ", COSName.ANNOTS));
        return Forgery.forged(name, "an update adds a document-timestamp widget over page 1 with /F " + flags
                + ", drawing text that viewers show", sealed, u.bytes()).visibleOn(1).modifying("form");
    }
}
