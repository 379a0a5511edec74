package org.signet.pdf.seal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Objects;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.ExternalSigningSupport;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.SignatureOptions;

/**
 * Appends a document timestamp (ETSI EN 319 142-1 §5.4, /DocTimeStamp with ETSI.RFC3161) over the
 * whole file as it stands, in an incremental update that leaves every earlier byte as it was.
 */
public final class DocumentTimestamp {

    private DocumentTimestamp() {
    }

    /**
     * The PDF with a document timestamp appended.
     *
     * @throws IOException if the PDF cannot be read or the timestamper gives no token
     */
    public static byte[] append(byte[] pdf, Timestamper timestamper) throws IOException {
        Objects.requireNonNull(pdf, "pdf");
        Objects.requireNonNull(timestamper, "timestamper");
        try (PDDocument document = Loader.loadPDF(pdf);
                SignatureOptions options = new SignatureOptions()) {
            options.setPreferredSignatureSize(PdfSealer.TIMESTAMP_ROOM);
            PDSignature timestamp = new PDSignature();
            timestamp.setType(COSName.DOC_TIME_STAMP);
            timestamp.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
            timestamp.setSubFilter(COSName.getPDFName("ETSI.RFC3161"));
            document.addSignature(timestamp, options);
            ByteArrayOutputStream out = new ByteArrayOutputStream(pdf.length + PdfSealer.TIMESTAMP_ROOM * 3);
            ExternalSigningSupport external = document.saveIncrementalForExternalSigning(out);
            external.setSignature(timestamper.timestamp(external.getContent().readAllBytes()));
            return out.toByteArray();
        }
    }
}
