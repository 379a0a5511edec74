package org.signet.pdf.finish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.pdf.finish.FinalPdfReadBack.pageText;

import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.signet.support.TestFiles;

/** The files signers attached, in the finished document: their pages after the document's, listed in the certificate. */
class AppendedPagesTest {
    @Test
    void build_appendedPdfs_theirPagesAfterTheDocumentsWithoutAnnotations() throws IOException {
        byte[] linked = TestFiles.pdfWithActiveContent();
        byte[] two = TestFiles.pdf(2, "Appended ");

        byte[] pdf = FinalPdfBuilder.build(FinalPdfBuilderTest.original(1, 0), List.of(), List.of(), List.of(linked, two), FinalPdfBuilderTest.certificate(1));

        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertEquals(1 + 1 + 2 + 1, doc.getNumberOfPages());
            assertTrue(pageText(doc, 3).contains("Appended 1"), pageText(doc, 3));
            assertTrue(pageText(doc, 4).contains("Appended 2"), pageText(doc, 4));
            assertTrue(doc.getPage(1).getAnnotations().isEmpty(), "the appended page's launch link is gone");
            assertTrue(pageText(doc, 5).contains("Certificate of completion"), pageText(doc, 5));
        }
    }

    @Test
    void build_certificateWithAttachments_listsEachWithFieldSignerAndDigest() throws IOException {
        CertificateData data = FinalPdfBuilderTest.certificate(1).withAttachments(List.of(new CertificateData.Attachment("ID copy",
                "Ada <ada@example.com>", "passport.png", FinalPdfBuilderTest.SHA)));

        byte[] pdf = FinalPdfBuilder.build(FinalPdfBuilderTest.original(1, 0), List.of(), data);

        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String text = pageText(doc, 2);
            for (String expected : List.of("Attached files", "passport.png", "ID copy", "Ada <ada@example.com>",
                    FinalPdfBuilderTest.SHA)) {
                assertTrue(text.contains(expected), "certificate lacks " + expected + ":\n" + text);
            }
        }
    }
}
