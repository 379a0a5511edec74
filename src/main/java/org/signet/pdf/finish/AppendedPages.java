package org.signet.pdf.finish;

import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.signet.pdf.read.ScratchMemory;

/**
 * Appends the pages of other PDFs (the files signers attached, each already through the document
 * intake) after a document's own: page by page, each with the boxes and rotation it had, its forms
 * flattened and its annotations dropped, so nothing on an appended page stays live.
 */
final class AppendedPages {
    private AppendedPages() {}

    /**
     * Imports every page of each of {@code pdfs}, in order, into {@code document}. The sources stay
     * open in {@code opened}, since the imported pages share their resources until {@code document}
     * is saved; the caller closes them afterwards.
     *
     * @throws IOException when one cannot be read
     */
    static void append(PDDocument document, List<byte[]> pdfs, List<PDDocument> opened) throws IOException {
        for (byte[] pdf : pdfs) {
            PDDocument source = load(pdf);
            opened.add(source);
            FinalPdfBuilder.flattenForms(source);
            for (PDPage page : source.getPages()) {
                PDPage imported = document.importPage(page);
                imported.getCOSObject().removeItem(COSName.ANNOTS);
                imported.getCOSObject().removeItem(COSName.AA);
            }
        }
    }

    private static PDDocument load(byte[] pdf) throws IOException {
        try {
            return Loader.loadPDF(pdf, "", null, null, ScratchMemory.bounded());
        } catch (InvalidPasswordException e) {
            throw new IOException("An attached PDF is password-protected", e);
        } catch (IOException e) {
            throw new IOException("An attached PDF cannot be read: " + e.getMessage(), e);
        }
    }
}
