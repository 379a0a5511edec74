package org.signet.evidence.corpus;

import java.util.List;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.signet.support.AlteredPdfs;
import org.signet.support.IncrementalUpdate;

/** Changes after the seal that the verifier already names: they must stay named. */
final class KnownChanges {
    private KnownChanges() {
    }

    static List<Forgery> of(byte[] baseline, byte[] longTerm, byte[] prepared) {
        return List.of(contentChanged(baseline),
                Forgery.forged("content_drawn_after_long_term_seal", "text drawn on page 1 of a B-LTA seal in an"
                        + " update PDFBox writes, with a cross-reference stream", longTerm,
                        xrefStream(longTerm, AlteredPdfs.drawnOnPageOne(longTerm))).visibleOn(1).modifying("pages"),
                Forgery.forged("xref_stream_update", "text drawn on page 1 in an update whose cross-reference section"
                        + " is a stream", baseline, xrefStream(baseline, AlteredPdfs.drawnOnPageOne(baseline)))
                        .visibleOn(1).modifying("pages"),
                Forgery.forged("annotation_added", "a sticky note added to page 1", baseline,
                        AlteredPdfs.notedOnPageOne(baseline)).visibleOn(1).modifying("annotations"),
                formValueChanged(baseline), pageInserted(baseline),
                Forgery.forged("font_swapped", "an update redefines the font of page 1's text: Helvetica becomes"
                        + " Courier", prepared, IncrementalUpdate.after(prepared).object(AttackerOriginal.FONT, 0,
                                "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
                                .bytes()).visibleOn(1).modifying("pages"));
    }

    /** An update with a cross-reference table that redefines page 1's signed content stream. */
    private static Forgery contentChanged(byte[] sealed) {
        byte[] file = IncrementalUpdate.after(sealed).stream(Pdfs.textContent(sealed, 0), "",
                Texts.forgeryAt(60, 420, Pdfs.fontName(sealed, 0))).bytes();
        return Forgery.forged("content_changed", "an update redefines page 1's content stream with other text",
                sealed, file).visibleOn(1).modifying("pages");
    }

    /** The seal's field given another signature dictionary as its value: the same signature, another reason. */
    private static Forgery formValueChanged(byte[] sealed) {
        Pdfs.Numbered seal = Pdfs.sealDictionary(sealed);
        COSDictionary field = Pdfs.read(sealed, doc -> doc.getDocumentCatalog().getAcroForm().getFields().get(0)
                .getCOSObject());
        IncrementalUpdate u = IncrementalUpdate.after(sealed);
        int value = u.fresh();
        u.object(value, 0, Pdfs.with(seal.dictionary(), "/Reason (Refused by every party) ", COSName.REASON));
        u.object(Pdfs.number(field), 0, Pdfs.with(field, "/V " + value + " 0 R ", COSName.V));
        return Forgery.forged("form_field_value_changed", "an update gives the seal's field another value: a copy"
                + " of its signature dictionary with another reason", sealed, u.bytes()).modifying("form");
    }

    private static Forgery pageInserted(byte[] sealed) {
        int root = Pdfs.pagesRoot(sealed);
        IncrementalUpdate u = IncrementalUpdate.after(sealed);
        int page = u.fresh();
        int content = u.fresh();
        int font = u.fresh();
        u.stream(content, "", Texts.forgeryAt(60, 420, "F1"));
        u.object(font, 0, Texts.HELVETICA_BOLD);
        u.object(page, 0, "<< /Type /Page /Parent " + root + " 0 R /MediaBox [0 0 595 842] /Contents " + content
                + " 0 R /Resources << /Font << /F1 " + font + " 0 R >> >> >>");
        String kids = Pdfs.read(sealed, doc -> CosText.of(doc.getDocumentCatalog().getCOSObject()
                .getCOSDictionary(COSName.PAGES).getItem(COSName.KIDS)));
        int count = Pdfs.read(sealed, doc -> doc.getNumberOfPages());
        u.object(root, 0, Pdfs.pagesRootWith(sealed, "/Kids [ " + page + " 0 R" + kids.substring(1) + " /Count "
                + (count + 1) + " ", COSName.KIDS, COSName.COUNT));
        return Forgery.forged("page_inserted", "an update inserts a page before page 1", sealed, u.bytes())
                .visibleOn(1).modifying("pages");
    }

    /** {@code updated}, after checking that its last section is a cross-reference stream. */
    private static byte[] xrefStream(byte[] sealed, byte[] updated) {
        String appended = Pdfs.latin1(updated).substring(sealed.length);
        if (!appended.contains("/Type /XRef") && !appended.contains("/Type/XRef")) {
            throw new AssertionError("PDFBox wrote the update with a cross-reference table");
        }
        return updated;
    }
}
