package org.signet.pdf.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestFiles;

/** Intake takes out what a PDF would run or carry by itself and says so; a plain PDF is kept as it is. */
class ActiveContentTest {
    @TempDir
    Path dir;

    private final DocumentIntake intake = new DocumentIntake(1000, 10_000);

    @Test
    void inspect_activeContent_cleanCopyAndWhatWasRemoved() throws Exception {
        Path upload = Files.write(dir.resolve("upload.pdf"), TestFiles.pdfWithActiveContent());

        Intake result = intake.inspect(upload);

        assertFalse(result.pdf().equals(upload), "the document is a clean copy, not the upload");
        assertTrue(result.removed().containsAll(List.of("an action run when the document opens", "JavaScript",
                "embedded files", "launch actions")), result.removed().toString());
        try (PDDocument clean = Loader.loadPDF(result.pdf().toFile())) {
            var catalog = clean.getDocumentCatalog().getCOSObject();
            assertNull(catalog.getDictionaryObject(COSName.OPEN_ACTION));
            var names = catalog.getCOSDictionary(COSName.NAMES);
            assertTrue(names == null || !names.containsKey(COSName.JAVA_SCRIPT) && !names.containsKey(COSName.EMBEDDED_FILES));
            for (PDAnnotation a : clean.getPage(0).getAnnotations()) {
                assertNull(a.getCOSObject().getDictionaryObject(COSName.A), "the launch action is gone");
            }
            assertEquals(1, clean.getNumberOfPages());
        }
    }

    @Test
    void inspect_plainPdf_usedAsItIs() throws Exception {
        Path upload = Files.write(dir.resolve("plain.pdf"), TestFiles.pdf(2));

        Intake result = intake.inspect(upload);

        assertEquals(upload, result.pdf());
        assertTrue(result.removed().isEmpty());
    }
}
