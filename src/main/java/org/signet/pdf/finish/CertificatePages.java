package org.signet.pdf.finish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.signet.pdf.read.ScratchMemory;

/**
 * The certificate of completion on its own: a copy of the pages a sealed PDF ends with, those after the
 * document's pages and the attached files' (see {@link FinalPdfBuilder#build}). The copy carries no seal; the
 * sealed PDF it was cut from is the proof, the copy is for reading and filing.
 */
public final class CertificatePages {
    private CertificatePages() {}

    /** How many pages {@code pdf} has. */
    public static int count(byte[] pdf) throws IOException {
        try (PDDocument document = load(pdf)) {
            return document.getNumberOfPages();
        }
    }

    /**
     * A new PDF of the pages of {@code sealed} after the first {@code skipped}, without their annotations (the
     * seal's widget among them, which means nothing outside the sealed file).
     *
     * @throws IOException when {@code sealed} cannot be read or has no page after {@code skipped}
     */
    public static byte[] after(byte[] sealed, int skipped) throws IOException {
        try (PDDocument source = load(sealed); PDDocument copy = new PDDocument()) {
            int pages = source.getNumberOfPages();
            if (skipped < 0 || skipped >= pages) {
                throw new IOException("The sealed PDF has " + pages + " pages, none after page " + skipped);
            }
            for (int i = skipped; i < pages; i++) {
                PDPage imported = copy.importPage(source.getPage(i));
                imported.getCOSObject().removeItem(COSName.ANNOTS);
            }
            copy.getDocumentInformation().setTitle(source.getDocumentInformation().getTitle());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            copy.save(out);
            return out.toByteArray();
        }
    }

    private static PDDocument load(byte[] pdf) throws IOException {
        return Loader.loadPDF(pdf, "", null, null, ScratchMemory.bounded());
    }
}
