package org.signet.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDPageContentStream.AppendMode;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationText;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/**
 * What someone may do to a signed PDF after it left Signet: add to it in an incremental update
 * (which leaves the signed bytes as they were), or change a byte of what was signed.
 */
public final class AlteredPdfs {
    public static final String FORGERY = "PAY $1,000,000 TO MALLORY";

    private AlteredPdfs() {}

    /** {@code signed} with {@link #FORGERY} drawn on page 1 in an incremental update. */
    public static byte[] drawnOnPageOne(byte[] signed) {
        try (PDDocument doc = Loader.loadPDF(signed)) {
            PDPage page = doc.getPage(0);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page, AppendMode.APPEND, true, true)) {
                cs.beginText();
                cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD), 28);
                cs.newLineAtOffset(60, 420);
                cs.showText(FORGERY);
                cs.endText();
            }
            page.getCOSObject().setNeedToBeUpdated(true);
            page.getResources().getCOSObject().setNeedToBeUpdated(true);
            return incremental(doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code signed} with a sticky note added to page 1 in an incremental update. */
    public static byte[] notedOnPageOne(byte[] signed) {
        try (PDDocument doc = Loader.loadPDF(signed)) {
            PDPage page = doc.getPage(0);
            PDAnnotationText note = new PDAnnotationText();
            note.setRectangle(new PDRectangle(100, 100, 20, 20));
            note.setContents("Approved for payment");
            page.getAnnotations().add(note);
            page.getCOSObject().setNeedToBeUpdated(true);
            return incremental(doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code pdf} with one byte near its start changed: inside the first signed range, in a comment a reader skips. */
    public static byte[] byteFlipped(byte[] pdf) {
        byte[] copy = pdf.clone();
        int at = 11; // the binary comment on the second line of the header
        copy[at] = (byte) (copy[at] ^ 0x01);
        return copy;
    }

    private static byte[] incremental(PDDocument doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.saveIncremental(out);
        return out.toByteArray();
    }
}
