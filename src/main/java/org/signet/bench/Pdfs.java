package org.signet.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * Makes the PDFs the bench uploads and does the bare PDFBox work that Signet's upload and sealing
 * are compared with.
 */
final class Pdfs {
    private static final String[] LINES = {
        "The parties agree to the terms set out in this agreement and its schedules.",
        "Each party shall keep confidential all information received from the other party.",
        "This agreement is governed by the laws of the place where the supplier is registered.",
        "Notices must be given in writing to the addresses stated on the first page.",
        "Neither party may assign its rights without the prior written consent of the other.",
        "If any provision is held invalid, the remaining provisions continue in full force.",
    };

    /**
     * PDFBox warns that it substitutes a system font for Helvetica while laying out these pages; the
     * standard fonts are never embedded, so that is expected here and only noise amid the progress.
     */
    private static final Logger FONT_WARNINGS = Logger.getLogger("org.apache.pdfbox.pdmodel.font");

    static {
        FONT_WARNINGS.setLevel(Level.SEVERE);
    }

    private Pdfs() {}

    static byte[] document(int pages) throws IOException {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDType1Font heading = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
            PDType1Font body = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (int i = 1; i <= pages; i++) {
                PDPage page = new PDPage(PDRectangle.A4);
                doc.addPage(page);
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    cs.beginText();
                    cs.setFont(heading, 16);
                    cs.newLineAtOffset(72, 770);
                    cs.showText("Section " + i + " of " + pages);
                    cs.setFont(body, 11);
                    cs.setLeading(15);
                    for (int line = 0; line < 24; line++) {
                        cs.newLine();
                        cs.showText(LINES[(i + line) % LINES.length]);
                    }
                    cs.endText();
                }
            }
            doc.save(out);
            return out.toByteArray();
        }
    }

    /** What any PDF reader must do at least to accept an upload: parse it and count its pages. */
    static int loadAndCount(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return doc.getNumberOfPages();
        }
    }
}
