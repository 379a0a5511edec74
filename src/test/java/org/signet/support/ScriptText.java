package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDTrueTypeFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;
import org.junit.jupiter.api.Assumptions;
import org.signet.pdf.fonts.Glyphs;

/**
 * Reading text in any script back out of a PDF, as a reader's software does: poppler's {@code pdftotext}
 * gives the text, PDFBox walks the content streams for glyphs that would be drawn as an empty box.
 * Tests that need the installed fonts call {@link #assumeFontsInstalled()}, which skips them, saying
 * why, only where Debian's {@code fonts-noto-core} and {@code fonts-droid-fallback} are missing.
 */
public final class ScriptText {
    private static final Path PDFTOTEXT = Path.of("/usr/bin/pdftotext");
    /** One letter of each script the sealed PDF must draw. */
    private static final String EVERY_SCRIPT = "é Ω Ж א ع 中 あ 한 क";

    private ScriptText() {}

    public static void assumeFontsInstalled() {
        Assumptions.assumeTrue(Glyphs.undrawable(EVERY_SCRIPT).isEmpty(), "fonts-noto-core and fonts-droid-fallback "
                + "are not installed (no font for " + Glyphs.names(Glyphs.undrawable(EVERY_SCRIPT)) + "): skipped");
        Assumptions.assumeTrue(Files.isExecutable(PDFTOTEXT), "poppler's pdftotext is not installed: skipped");
    }

    /**
     * The text {@code pdftotext} reads from {@code pdf}, each run of white space as one space, and
     * without the embedding marks (U+202A to U+202E) it wraps right-to-left stretches of a line in.
     */
    public static String pdftotext(byte[] pdf, Path scratch) throws IOException, InterruptedException {
        Path file = Files.createTempFile(scratch, "read", ".pdf");
        Files.write(file, pdf);
        Process p = new ProcessBuilder(PDFTOTEXT.toString(), "-enc", "UTF-8", file.toString(), "-").start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "pdftotext finished");
        return text.replaceAll("[\u202A-\u202E]", "").replaceAll("\\s+", " ");
    }

    /** Each glyph shown with glyph id 0, the font's .notdef (an empty box), as "page n: font". */
    public static List<String> notdefGlyphs(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            NotdefFinder finder = new NotdefFinder();
            finder.getText(doc);
            return finder.found;
        }
    }

    /** Walks every text-showing operator of every page, as text extraction does, and checks each glyph. */
    private static final class NotdefFinder extends PDFTextStripper {
        private final List<String> found = new ArrayList<>();

        @Override
        protected void showGlyph(Matrix matrix, PDFont font, int code, Vector displacement) throws IOException {
            int glyph = font instanceof PDType0Font t0 ? t0.codeToGID(code)
                    : font instanceof PDTrueTypeFont tt ? tt.codeToGID(code) : -1;
            if (glyph == 0) {
                found.add("page " + getCurrentPageNo() + ": " + font.getName());
            }
            super.showGlyph(matrix, font, code, displacement);
        }
    }
}
