package org.signet.pdf.intake;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontFactory;
import org.apache.pdfbox.pdmodel.font.PDTrueTypeFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.font.encoding.WinAnsiEncoding;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.FieldType;

class TagScreenTest {
    private static final COSName F1 = COSName.getPDFName("F1");
    /** Helvetica whose codes 'A' and 'B' draw and read as braces, through /Differences or a ToUnicode map. */
    private static final String BRACES_AS_LETTERS = "BT /F1 12 Tf 72 700 Td (Sign: AAsignatureBB done) Tj ET";

    @TempDir
    Path dir;

    private final DocumentIntake intake = new DocumentIntake(1000, 10_000);

    /** Makes the resources of a page, which may need the document (to embed a font). */
    @FunctionalInterface
    private interface Resources {
        PDResources of(PDDocument doc) throws IOException;
    }

    @Test
    void detect_literalStringInAStandardFont_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(helvetica(), "BT /F1 12 Tf 72 700 Td (Sign: {{signature}} done) Tj ET"));
    }

    @Test
    void detect_hexString_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(helvetica(),
                "BT /F1 12 Tf 72 700 Td <5369676E3A207B7B7369676E61747572657D7D20646F6E65> Tj ET"));
    }

    @Test
    void detect_octalEscapes_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(helvetica(), "BT /F1 12 Tf 72 700 Td (Sign: \\173\\173signature\\175\\175 done) Tj ET"));
    }

    @Test
    void detect_hexStringRightAfterABackslashOutsideAString_tagFoundAndTakenOut() throws Exception {
        // PDFBox reads the backslash as an operator it does not know, then shows the hex string.
        assertTagTakenOut(onePage(helvetica(),
                "BT /F1 12 Tf 72 700 Td (Sign: ) Tj \\<7B7B7369676E61747572657D7D> Tj ( done) Tj ET"));
    }

    @Test
    void detect_tagSplitAcrossTjArrayElements_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(helvetica(),
                "BT /F1 12 Tf 72 700 Td [(Sign: {) -15 ({sig) (nature}) 20 (} done)] TJ ET"));
    }

    @Test
    void detect_tagSplitAcrossTwoTjOperators_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(helvetica(), "BT /F1 12 Tf 72 700 Td (Sign: {{sign) Tj (ature}} done) Tj ET"));
    }

    @Test
    void detect_type0FontEmbeddedFromATrueTypeFile_tagFoundAndTakenOut() throws Exception {
        byte[] pdf;
        try (PDDocument doc = new PDDocument(); InputStream ttf = font()) {
            PDPage page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            PDFont font = PDType0Font.load(doc, ttf, true);
            try (PDPageContentStream out = new PDPageContentStream(doc, page)) {
                out.beginText();
                out.setFont(font, 12);
                out.newLineAtOffset(72, 700);
                out.showText("Sign: {{signature}} done");
                out.endText();
            }
            pdf = save(doc);
        }

        assertTagTakenOut(pdf);
    }

    @Test
    void detect_differencesPutBraceAtAnotherCode_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(doc -> fontAs(bracesAsLettersByDifferences()), BRACES_AS_LETTERS));
    }

    @Test
    void detect_differencesNameBraceByItsCodePoint_tagFoundAndTakenOut() throws Exception {
        COSDictionary font = bracesAsLettersByDifferences();
        COSArray differences = new COSArray();
        differences.add(COSInteger.get('A'));
        differences.add(COSName.getPDFName("uni007B"));
        differences.add(COSName.getPDFName("braceright"));
        ((COSDictionary) font.getDictionaryObject(COSName.ENCODING)).setItem(COSName.DIFFERENCES, differences);

        assertTagTakenOut(onePage(doc -> fontAs(font), BRACES_AS_LETTERS));
    }

    @Test
    void detect_simpleTrueTypeFontEmbeddedInWinAnsi_tagFoundAndTakenOut() throws Exception {
        Resources resources = doc -> {
            PDResources r = new PDResources();
            try (InputStream ttf = font()) {
                r.put(F1, PDTrueTypeFont.load(doc, ttf, WinAnsiEncoding.INSTANCE));
            }
            return r;
        };

        assertTagTakenOut(onePage(resources, "BT /F1 12 Tf 72 700 Td (Sign: {{signature}} done) Tj ET"));
    }

    @Test
    void detect_toUnicodeMapsAnotherCodeToBrace_tagFoundAndTakenOut() throws Exception {
        assertTagTakenOut(onePage(doc -> fontAs(bracesAsLettersByToUnicode()), BRACES_AS_LETTERS));
    }

    @Test
    void detect_fontSetThroughAGraphicsState_tagFoundAndTakenOut() throws Exception {
        Resources resources = doc -> {
            // The page names plain Helvetica, but its text is drawn with the font the graphics state sets.
            PDResources r = helvetica().of(doc);
            COSDictionary state = new COSDictionary();
            state.setItem(COSName.TYPE, COSName.EXT_G_STATE);
            COSArray setting = new COSArray();
            setting.add(bracesAsLettersByDifferences());
            setting.add(new COSFloat(12));
            state.setItem(COSName.FONT, setting);
            r.put(COSName.getPDFName("GS1"), new PDExtendedGraphicsState(state));
            return r;
        };

        assertTagTakenOut(onePage(resources, "BT /GS1 gs 72 700 Td (Sign: AAsignatureBB done) Tj ET"));
    }

    @Test
    void see_plainTextInAStandardFont_noTag() throws Exception {
        assertFalse(seen(helvetica(), "BT /F1 12 Tf 72 700 Td (Hello, world) Tj [(a) -20 (b)] TJ ET"));
    }

    @Test
    void see_braceInALiteralString_mayHoldTag() throws Exception {
        assertTrue(seen(helvetica(), "BT /F1 12 Tf (a{b) Tj ET"));
    }

    @Test
    void see_hexStringAfterLessThan_mayHoldTag() throws Exception {
        assertTrue(seen(helvetica(), "BT /F1 12 Tf <48656C6C6F> Tj ET"));
        assertTrue(seen(helvetica(), "BT /F1 12 Tf < 48 > Tj ET"), "white space may open a hex string");
    }

    @Test
    void see_dictionaryOpenedByTwoLessThans_notCounted() throws Exception {
        assertFalse(seen(helvetica(), "/P <</MCID 0>> BDC BT /F1 12 Tf (x) Tj ET EMC"));
        assertTrue(seen(helvetica(), "/Span <</ActualText <FEFF0078>>> BDC EMC"), "a hex string inside one is");
    }

    @Test
    void see_backslashThenDigit_mayHoldTag() throws Exception {
        assertTrue(seen(helvetica(), "BT /F1 12 Tf (\\101) Tj ET"));
        assertTrue(seen(helvetica(), "BT /F1 12 Tf (a\\\\\\173) Tj ET"), "an escape after an escaped backslash");
    }

    @Test
    void see_lessThanAfterABackslash_stillOpensAHexString() throws Exception {
        assertTrue(seen(helvetica(), "BT /F1 12 Tf /Tag\\<7B7B> BMC EMC ET"));
        assertTrue(seenInChunks(helvetica(), "BT /F1 12 Tf \\", "<7B7B> Tj ET"));
    }

    @Test
    void see_escapedBackslashThenDigits_noTag() throws Exception {
        assertFalse(seen(helvetica(), "BT /F1 12 Tf (a\\\\173) Tj ET"));
    }

    @Test
    void see_backslashThenBrace_mayHoldTag() throws Exception {
        assertTrue(seen(helvetica(), "BT /F1 12 Tf (\\{\\{signature}}) Tj ET"));
    }

    @Test
    void see_lessThanAtTheEndOfAChunk_nextChunkDecides() throws Exception {
        assertTrue(seenInChunks(helvetica(), "BT /F1 12 Tf <", "7B7B> Tj ET"));
        assertFalse(seenInChunks(helvetica(), "/P <", "</MCID 0>> BDC EMC"));
    }

    @Test
    void see_backslashAtTheEndOfAChunk_nextChunkDecides() throws Exception {
        assertTrue(seenInChunks(helvetica(), "BT /F1 12 Tf (a\\", "173) Tj ET"));
        assertFalse(seenInChunks(helvetica(), "BT /F1 12 Tf (a\\", "\\173) Tj ET"));
    }

    @Test
    void see_letterTheFontDrawsAsBrace_mayHoldTag() throws Exception {
        assertTrue(seen(doc -> fontAs(bracesAsLettersByDifferences()), "BT /F1 12 Tf (A) Tj ET"));
        assertTrue(seen(doc -> fontAs(bracesAsLettersByToUnicode()), "BT /F1 12 Tf (A) Tj ET"));
        assertFalse(seen(helvetica(), "BT /F1 12 Tf (A) Tj ET"));
    }

    @Test
    void see_braceAtAByteThatIsAlsoADelimiter_mayHoldTagBeforeAnyContent() throws Exception {
        COSDictionary font = bracesAsLettersByDifferences();
        COSArray differences = new COSArray();
        differences.add(COSInteger.get('('));
        differences.add(COSName.getPDFName("braceleft"));
        ((COSDictionary) font.getDictionaryObject(COSName.ENCODING)).setItem(COSName.DIFFERENCES, differences);

        assertTrue(seen(doc -> fontAs(font), ""));
    }

    @Test
    void see_pageWithoutFonts_stillWatchesTheStandardBrace() throws Exception {
        assertFalse(seen(doc -> null, "BT /F1 12 Tf (x) Tj ET"));
        assertTrue(seen(doc -> null, "BT /F1 12 Tf ({{signature}}) Tj ET"), "PDFBox's fallback font draws it");
    }

    @Test
    void see_twoByteFontOrGraphicsStateFont_mayHoldTagBeforeAnyContent() throws Exception {
        Resources type0 = doc -> {
            PDResources r = new PDResources();
            try (InputStream ttf = font()) {
                r.put(F1, PDType0Font.load(doc, ttf, true));
            }
            return r;
        };
        Resources state = doc -> {
            PDResources r = helvetica().of(doc);
            COSDictionary gs = new COSDictionary();
            COSArray setting = new COSArray();
            setting.add(new PDType1Font(Standard14Fonts.FontName.COURIER).getCOSObject());
            setting.add(new COSFloat(10));
            gs.setItem(COSName.FONT, setting);
            r.put(COSName.getPDFName("GS1"), new PDExtendedGraphicsState(gs));
            return r;
        };

        assertTrue(seen(type0, ""));
        assertTrue(seen(state, ""));
    }

    /** Inspects {@code pdf}, which must show the tag, and checks that it became a field and left the page. */
    private void assertTagTakenOut(byte[] pdf) throws Exception {
        Path file = dir.resolve("upload.pdf");
        Files.write(file, pdf);
        assertTrue(text(file).contains("{{signature}}"), "the upload shows the tag: " + text(file));

        Intake result = intake.inspect(file);

        List<DetectedField> found = result.detected();
        assertEquals(1, found.size(), found.toString());
        assertEquals(FieldType.SIGNATURE, found.get(0).type());
        assertEquals(1, found.get(0).page());
        String after = text(result.pdf());
        assertFalse(after.contains("{") || after.contains("signature"), after);
        assertTrue(after.contains("Sign:") && after.contains("done"), after);
    }

    /** What the screen says after seeing {@code content} in one piece. */
    private static boolean seen(Resources resources, String content) throws IOException {
        return seenInChunks(resources, content);
    }

    /** What the screen says after seeing the content of a one-page PDF in the given pieces. */
    private static boolean seenInChunks(Resources resources, String... chunks) throws IOException {
        try (PDDocument doc = Loader.loadPDF(onePage(resources, String.join("", chunks)))) {
            TagScreen screen = TagScreen.of(doc.getPage(0));
            for (String chunk : chunks) {
                byte[] bytes = ("#" + chunk + "#").getBytes(ISO_8859_1);
                screen.see(bytes, 1, bytes.length - 2);
            }
            return screen.mayHoldTag();
        }
    }

    private static byte[] onePage(Resources resources, String content) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            page.setResources(resources.of(doc));
            PDStream stream = new PDStream(doc);
            try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
                out.write(content.getBytes(ISO_8859_1));
            }
            page.setContents(stream);
            doc.addPage(page);
            return save(doc);
        }
    }

    private static Resources helvetica() {
        return doc -> {
            PDResources r = new PDResources();
            r.put(F1, new PDType1Font(Standard14Fonts.FontName.HELVETICA));
            return r;
        };
    }

    private static PDResources fontAs(COSDictionary font) throws IOException {
        PDResources r = new PDResources();
        r.put(F1, PDFontFactory.createFont(font));
        return r;
    }

    /** Helvetica in WinAnsi, but 'A' and 'B' are the brace glyphs. */
    private static COSDictionary bracesAsLettersByDifferences() {
        COSDictionary font = helveticaDictionary();
        COSDictionary encoding = new COSDictionary();
        encoding.setItem(COSName.TYPE, COSName.ENCODING);
        encoding.setItem(COSName.BASE_ENCODING, COSName.WIN_ANSI_ENCODING);
        COSArray differences = new COSArray();
        differences.add(COSInteger.get('A'));
        differences.add(COSName.getPDFName("braceleft"));
        differences.add(COSName.getPDFName("braceright"));
        encoding.setItem(COSName.DIFFERENCES, differences);
        font.setItem(COSName.ENCODING, encoding);
        return font;
    }

    /** Helvetica in WinAnsi whose ToUnicode map reads 'A' and 'B' as braces (the letters are still drawn). */
    private static COSDictionary bracesAsLettersByToUnicode() throws IOException {
        COSDictionary font = helveticaDictionary();
        font.setItem(COSName.ENCODING, COSName.WIN_ANSI_ENCODING);
        COSStream cmap = new COSStream();
        try (OutputStream out = cmap.createOutputStream()) {
            out.write(("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                    + "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                    + "/CMapName /Letters-UCS def\n/CMapType 2 def\n"
                    + "1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
                    + "2 beginbfchar\n<41> <007B>\n<42> <007D>\nendbfchar\n"
                    + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n").getBytes(ISO_8859_1));
        }
        font.setItem(COSName.TO_UNICODE, cmap);
        return font;
    }

    private static COSDictionary helveticaDictionary() {
        COSDictionary font = new COSDictionary();
        font.setItem(COSName.TYPE, COSName.FONT);
        font.setItem(COSName.SUBTYPE, COSName.TYPE1);
        font.setItem(COSName.BASE_FONT, COSName.getPDFName("Helvetica"));
        return font;
    }

    private static InputStream font() {
        return TagScreenTest.class.getResourceAsStream("/fonts/LiberationSans-Regular.ttf");
    }

    private static String text(Path pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            return new PDFTextStripper().getText(doc);
        }
    }

    private static byte[] save(PDDocument doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.save(out);
        return out.toByteArray();
    }
}
