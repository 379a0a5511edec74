package org.signet.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.signet.pdf.finish.JoinedPdf;
import org.signet.store.StoredFiles;

/** The one PDF a document's or a template's files are shown and sealed as: their PDFs joined in order. */
final class JoinedFiles {
    private JoinedFiles() {}

    /** The stored PDFs {@code pdfFileIds} joined in order and stored, unclaimed until a transaction claims it. */
    static StoredFiles.Saved join(StoredFiles files, WorkGate gate, List<Long> pdfFileIds) throws IOException {
        List<byte[]> pdfs = new ArrayList<>();
        for (long id : pdfFileIds) {
            pdfs.add(files.read(id));
        }
        byte[] joined = gate.run(() -> JoinedPdf.join(pdfs));
        return files.save(joined);
    }
}
