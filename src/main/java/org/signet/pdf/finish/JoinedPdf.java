package org.signet.pdf.finish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.signet.pdf.read.ScratchMemory;

/**
 * Joins a document's files, each already through the document intake, into the one PDF its parties
 * see and its seal covers: the first file as it is, then the pages of each next one as files signers
 * attach are appended (forms flattened, annotations dropped), so only the first file's form stays
 * one form that the finished document can fill.
 */
public final class JoinedPdf {
    private JoinedPdf() {}

    /**
     * The pages of {@code pdfs}, in order, as one PDF.
     *
     * @throws IOException when one of them cannot be read
     */
    public static byte[] join(List<byte[]> pdfs) throws IOException {
        Objects.requireNonNull(pdfs, "pdfs");
        if (pdfs.isEmpty()) {
            throw new IllegalArgumentException("nothing to join");
        }
        List<PDDocument> sources = new ArrayList<>();
        try (PDDocument first = Loader.loadPDF(pdfs.get(0), "", null, null, ScratchMemory.bounded())) {
            AppendedPages.append(first, pdfs.subList(1, pdfs.size()), sources);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            first.save(out);
            return out.toByteArray();
        } finally {
            for (PDDocument source : sources) {
                source.close();
            }
        }
    }
}
