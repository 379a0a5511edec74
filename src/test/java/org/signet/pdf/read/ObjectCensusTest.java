package org.signet.pdf.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.intake.IntakeSamples;
import org.signet.support.HostileFiles;

/** The count taken before a PDF is opened errs high, never low, for every way a file can ask for entries. */
class ObjectCensusTest {
    @TempDir
    Path dir;

    @Test
    void of_smallPdf_itsEntriesAndObjects() throws IOException {
        ObjectCensus.Count count = ObjectCensus.of(write(IntakeSamples.singlePagePdf("")));

        assertEquals(3, count.entries(), "three objects in use");
        assertEquals(4, count.objects(), "the trailer's /Size counts object 0 too");
    }

    @Test
    void of_longXrefTable_everyInUseEntry() throws IOException {
        ObjectCensus.Count count = ObjectCensus.of(write(HostileFiles.pdfLongXrefTable(10_000)));

        assertEquals(9_999, count.entries());
    }

    @Test
    void of_entriesWithoutTheirTable_stillCounted() throws IOException {
        // PDFBox reads "offset generation n" lines however they are spaced, and rebuilds a table it finds wrong.
        ObjectCensus.Count count = ObjectCensus.of(text("%PDF-1.7\n" + "1 0 n\n".repeat(5_000) + "%%EOF\n"));

        assertEquals(5_000, count.entries());
    }

    @Test
    void of_xrefStreamWithoutIndex_itsSize() throws IOException {
        ObjectCensus.Count count = ObjectCensus.of(text("%PDF-1.7\n9 0 obj\n<</Type/XRef/Size 500000/W[1 2 1]"
                + "/Length 0>>stream\nendstream\nendobj\n%%EOF\n"));

        assertEquals(500_000, count.entries());
    }

    @Test
    void of_xrefStreamWithIndex_itsRanges() throws IOException {
        ObjectCensus.Count count = ObjectCensus.of(text("%PDF-1.7\n9 0 obj\n<< /Type /XRef /Size 900000 "
                + "/Index [0 10 100 20] /W [1 2 1] /Length 0 >>\nstream\nendstream\nendobj\n%%EOF\n"));

        assertEquals(30, count.entries());
    }

    @Test
    void of_objectStream_itsObjects() throws IOException {
        ObjectCensus.Count count = ObjectCensus.of(text("%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 200000 /First 9 "
                + "/Length 0 >>\nstream\nendstream\nendobj\n%%EOF\n"));

        assertTrue(count.objects() >= 200_000, count.toString());
    }

    @Test
    void of_objectsWithoutTable_everyObjectKeyword() throws IOException {
        StringBuilder pdf = new StringBuilder("%PDF-1.7\n");
        for (int i = 1; i <= 3_000; i++) {
            pdf.append(i).append(" 0 obj null endobj\n");
        }

        assertEquals(3_000, ObjectCensus.of(text(pdf.append("%%EOF\n").toString())).objects());
    }

    @Test
    void openingCost_pastTheBound_invalidFile() throws IOException {
        Path file = write(HostileFiles.pdfLongXrefTable((int) OpeningCost.MAX_OBJECTS + 10));

        InvalidFileException e = assertThrows(InvalidFileException.class, () -> OpeningCost.of(file));

        assertTrue(e.getMessage().contains("at most 100000"), e.getMessage());
    }

    @Test
    void openingCost_smallPdf_theBaseAndItsObjects() throws Exception {
        assertEquals(OpeningCost.BASE_BYTES + 4 * OpeningCost.BYTES_PER_OBJECT,
                OpeningCost.of(write(IntakeSamples.singlePagePdf(""))));
    }

    private Path text(String pdf) throws IOException {
        return write(pdf.getBytes(StandardCharsets.ISO_8859_1));
    }

    private Path write(byte[] bytes) throws IOException {
        return Files.write(Files.createTempFile(dir, "census-", ".pdf"), bytes);
    }
}
