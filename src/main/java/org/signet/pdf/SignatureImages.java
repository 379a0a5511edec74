package org.signet.pdf;

import java.io.IOException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/**
 * Whether the sealing path can draw an image (S8): the same PDFBox call that places signature,
 * initials and stamp images in the finished PDF reads it here, so an image another decoder would
 * accept but PDFBox would not is refused when it is submitted, not found out when sealing fails.
 */
public final class SignatureImages {
    private SignatureImages() {}

    public static boolean drawable(byte[] image) {
        try (PDDocument scratch = new PDDocument(PdfInspector.boundedCache())) {
            PDImageXObject x = PDImageXObject.createFromByteArray(scratch, image, "signature");
            return x.getWidth() > 0 && x.getHeight() > 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
