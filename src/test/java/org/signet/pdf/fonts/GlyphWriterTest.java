package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ScriptText;

/**
 * Shaped text shown by glyph id reads back as typed: right-to-left text in reading order, joined
 * Arabic letters and Devanagari conjuncts as their characters, Hebrew points with their letters.
 */
class GlyphWriterTest {
    @TempDir
    Path dir;

    @BeforeEach
    void fonts() {
        ScriptText.assumeFontsInstalled();
    }

    /** A page with each line drawn by the typesetter, one under the other. */
    private static byte[] page(List<String> lines) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            Typesetter type = new DocumentFonts(doc).regular();
            try (PDPageContentStream out = new PDPageContentStream(doc, page)) {
                float y = 780;
                for (String line : lines) {
                    type.show(out, line, 14, 72, y);
                    y -= 40;
                }
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            doc.save(bytes);
            return bytes.toByteArray();
        }
    }

    @Test
    void write_hebrewAndArabic_extractInReadingOrderAsTyped() throws Exception {
        List<String> lines = List.of("שָׁלוֹם עולם", "דוד כהן", "محمد بن عبد الله", "أوافق على الشروط لا");

        String text = ScriptText.pdftotext(page(lines), dir);

        for (String line : lines) {
            assertTrue(text.contains(line), "\"" + line + "\" read back from: " + text);
        }
    }

    @Test
    void write_devanagariConjunctsAndVowelSigns_extractAsTyped() throws Exception {
        List<String> lines = List.of("किताब क्षत्रिय हिन्दी", "मैं शर्तों से सहमत हूँ", "राजेश कुमार");

        String text = ScriptText.pdftotext(page(lines), dir);

        for (String line : lines) {
            assertTrue(text.contains(line), "\"" + line + "\" read back from: " + text);
        }
    }

    @Test
    void write_arabicJoinedForms_markedWithTheirLettersInTheOrderTheyAreSeen() throws Exception {
        byte[] pdf = page(List.of("محمد"));

        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String content = new String(doc.getPage(0).getContents().readAllBytes(), StandardCharsets.US_ASCII);
            // Dal, meem, hah, meem from the left: each joined glyph carries its own letter (UTF-16BE).
            for (String letter : List.of("062F", "0645", "062D")) {
                assertTrue(content.contains("/ActualText <FEFF" + letter + ">"), content);
            }
            assertTrue(content.indexOf("FEFF062F") < content.indexOf("FEFF062D"), "dal is seen before hah");
        }
        assertEquals(List.of(), ScriptText.notdefGlyphs(pdf));
    }

    @Test
    void write_latinGreekCyrillicCjk_shownAsCharactersAndReadBack() throws Exception {
        List<String> lines = List.of("Zoë Ñúñez-Łukasiewicz", "Γιώργος Иван", "契約書 山田太郎 김민준 カタカナ");
        byte[] pdf = page(lines);

        String text = ScriptText.pdftotext(pdf, dir);

        for (String line : lines) {
            assertTrue(text.contains(line), "\"" + line + "\" read back from: " + text);
        }
        assertEquals(List.of(), ScriptText.notdefGlyphs(pdf));
    }
}
