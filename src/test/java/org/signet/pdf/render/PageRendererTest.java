package org.signet.pdf.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.intake.DocumentIntake;
import org.signet.pdf.intake.Intake;
import org.signet.pdf.intake.IntakeSamples;

class PageRendererTest {

    @TempDir
    Path dir;

    private Path pdf;

    /** Page 1 A4; page 2 Letter with a black rectangle from (100,100) to (300,200); page 3 A4 turned. */
    @BeforeEach
    void writePdf() throws IOException {
        pdf = dir.resolve("doc.pdf");
        try (PDDocument document = new PDDocument()) {
            document.addPage(new PDPage(PDRectangle.A4));
            PDPage letter = new PDPage(PDRectangle.LETTER);
            document.addPage(letter);
            try (PDPageContentStream content = new PDPageContentStream(document, letter)) {
                content.setNonStrokingColor(Color.BLACK);
                content.addRect(100, 100, 200, 100);
                content.fill();
            }
            PDPage turned = new PDPage(PDRectangle.A4);
            turned.setRotation(90);
            document.addPage(turned);
            document.save(pdf.toFile());
        }
    }

    private static BufferedImage decode(byte[] png) throws IOException {
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static boolean isDark(int rgb) {
        Color c = new Color(rgb);
        return c.getRed() < 40 && c.getGreen() < 40 && c.getBlue() < 40;
    }

    private static boolean isWhite(int rgb) {
        return (rgb & 0xFFFFFF) == 0xFFFFFF;
    }

    @Test
    void renderPng_sizeFollowsDpi() throws Exception {
        BufferedImage image = decode(PageRenderer.renderPng(pdf, 2, 100));

        // 612 x 792 pt at 100/72 pixels per point.
        assertEquals(850, image.getWidth());
        assertEquals(1100, image.getHeight());
    }

    @Test
    void renderPng_drawsTheContentInPlace() throws Exception {
        BufferedImage image = decode(PageRenderer.renderPng(pdf, 2, 72));

        // PDF y grows upwards: the rectangle's pixel rows are 792-200 .. 792-100 from the top.
        assertTrue(isDark(image.getRGB(200, 792 - 150)), "inside the rectangle");
        assertTrue(isDark(image.getRGB(102, 792 - 102)), "near its lower-left corner");
        assertTrue(isWhite(image.getRGB(200, 792 - 250)), "above it");
        assertTrue(isWhite(image.getRGB(50, 50)), "top-left margin");
        assertTrue(isWhite(image.getRGB(350, 792 - 150)), "right of it");
    }

    @Test
    void renderPng_firstPageAtDifferentDpi() throws Exception {
        BufferedImage image = decode(PageRenderer.renderPng(pdf, 1, 150));

        assertEquals(Math.round(595.28f * 150 / 72), image.getWidth(), 1);
        assertEquals(Math.round(841.89f * 150 / 72), image.getHeight(), 1);
        assertTrue(isWhite(image.getRGB(image.getWidth() / 2, image.getHeight() / 2)));
    }

    @Test
    void renderPng_rotatedPageIsLandscape() throws Exception {
        BufferedImage image = decode(PageRenderer.renderPng(pdf, 3, 72));

        assertEquals(842, image.getWidth(), 1);
        assertEquals(595, image.getHeight(), 1);
    }

    @Test
    void renderPng_pageOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> PageRenderer.renderPng(pdf, 0, 72));
        assertThrows(IllegalArgumentException.class, () -> PageRenderer.renderPng(pdf, 4, 72));
    }

    @Test
    void renderPng_dpiOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> PageRenderer.renderPng(pdf, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> PageRenderer.renderPng(pdf, 1, 601));
        assertThrows(IllegalArgumentException.class, () -> PageRenderer.renderPng(pdf, 1, Float.NaN));
    }

    @Test
    void renderPng_hugePageStaysWithinThePixelBudget() throws Exception {
        Path big = dir.resolve("poster.pdf");
        try (PDDocument document = new PDDocument()) {
            document.addPage(new PDPage(new PDRectangle(14400, 14400)));
            document.save(big.toFile());
        }

        BufferedImage image = decode(PageRenderer.renderPng(big, 1, 150));

        assertTrue((long) image.getWidth() * image.getHeight() <= PageRenderer.MAX_PIXELS,
                image.getWidth() + "x" + image.getHeight());
        assertEquals(image.getWidth(), image.getHeight(), 1);
    }

    @Test
    void renderPng_notAPdf() throws Exception {
        Path text = Files.writeString(dir.resolve("note.pdf"), "not a pdf");

        assertThrows(IOException.class, () -> PageRenderer.renderPng(text, 1, 72));
    }

    @Test
    void renderPng_convertedImage() throws Exception {
        Path png = IntakeSamples.image(dir.resolve("red.png"), "png", 120, 80, Color.RED);
        Intake intake = new DocumentIntake(1000, 10000).inspect(png);

        BufferedImage image = decode(PageRenderer.renderPng(intake.pdf(), 1, 72));

        assertEquals(120, image.getWidth());
        assertEquals(80, image.getHeight());
        assertEquals(Color.RED.getRGB(), image.getRGB(60, 40));
    }
}
