package org.signet.pdf.render;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.junit.jupiter.api.Test;

/** Drawing a page stops when it needs more operations or time than a page may; a normal page draws. */
class BoundedRendererTest {
    /** A page whose content is {@code n} pairs of save and restore: cheap each, many in all. */
    private static PDDocument pageOf(int n) throws Exception {
        PDDocument document = new PDDocument();
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        PDStream content = new PDStream(document, new java.io.ByteArrayInputStream(
                "q Q\n".repeat(n).getBytes(StandardCharsets.US_ASCII)), COSName.FLATE_DECODE);
        page.setContents(content);
        return document;
    }

    @Test
    void renderImage_moreOperationsThanAllowed_stopped() throws Exception {
        try (PDDocument document = pageOf(5_000)) {
            RenderLimitException e = assertThrows(RenderLimitException.class,
                    () -> new BoundedRenderer(document, Duration.ofMinutes(1), 1_000).renderImage(0, 0.2f));
            assertTrue(e.getMessage().contains("1000"), e.getMessage());
        }
    }

    @Test
    void renderImage_pastItsTime_stopped() throws Exception {
        try (PDDocument document = pageOf(10)) {
            assertThrows(RenderLimitException.class,
                    () -> new BoundedRenderer(document, Duration.ofNanos(-1), 1_000).renderImage(0, 0.2f));
        }
    }

    @Test
    void renderImage_withinItsLimits_draws() throws Exception {
        try (PDDocument document = pageOf(100)) {
            assertNotNull(new BoundedRenderer(document, Duration.ofMinutes(1), 1_000).renderImage(0, 0.2f));
        }
    }
}
