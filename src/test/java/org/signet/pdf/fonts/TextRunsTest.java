package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.ScriptText;

/** Cutting a line into runs of one direction and one font, in the order they are seen. */
class TextRunsTest {

    @BeforeEach
    void fonts() {
        ScriptText.assumeFontsInstalled();
    }

    private static List<String> texts(List<TextRuns.Run> runs) {
        return runs.stream().map(TextRuns.Run::text).toList();
    }

    @Test
    void of_latinOnly_oneRunInTheSansSerif() {
        List<TextRuns.Run> runs = TextRuns.of("Zoë Müller-Łukasiewicz", false);

        assertEquals(List.of(new TextRuns.Run("Zoë Müller-Łukasiewicz", FontIndex.JAR.regular(), false)), runs);
        assertEquals(FontIndex.JAR.bold(), TextRuns.of("Zoë", true).get(0).face());
    }

    @Test
    void of_arabicNameAmongLatinAndCyrillic_itsOwnRightToLeftRunInItsOwnFont() {
        List<TextRuns.Run> runs = TextRuns.of("Ann محمد Иван", false);

        assertEquals("Ann محمد Иван", String.join("", texts(runs)), "a left-to-right line keeps its order");
        TextRuns.Run arabic = runs.stream().filter(r -> r.text().equals("محمد")).findFirst().orElseThrow();
        assertTrue(arabic.rtl());
        assertEquals("NotoSansArabic-Regular.ttf", arabic.face().name());
        assertTrue(runs.stream().filter(r -> r != arabic).noneMatch(TextRuns.Run::rtl));
    }

    @Test
    void of_hebrewLine_wordsSeenFromTheRight() {
        List<TextRuns.Run> runs = TextRuns.of("שלום 42 עולם", false);

        assertEquals("עולם", runs.get(0).text().strip(), "the last word is seen first, at the left");
        assertEquals("שלום", runs.get(runs.size() - 1).text().strip());
        assertTrue(runs.stream().filter(r -> r.text().equals("42")).noneMatch(TextRuns.Run::rtl), "digits read left to right");
        assertTrue(TextRuns.rightToLeft("שלום Ann"));
        assertFalse(TextRuns.rightToLeft("Ann שלום"));
    }

    @Test
    void of_marksAndJoinersStayInTheRunOfWhatTheyFollow() {
        List<TextRuns.Run> runs = TextRuns.of("क्\u200Dष", false);

        assertEquals(1, runs.size(), texts(runs).toString());
        assertEquals("NotoSansDevanagari-Regular.ttf", runs.get(0).face().name());
    }

    @Test
    void of_chineseJapaneseKorean_drawnByTheCjkFonts() {
        List<TextRuns.Run> runs = TextRuns.of("契約書 김민준", false);

        assertTrue(runs.get(0).face().name().startsWith("DroidSansFallback"), runs.toString());
        assertEquals("DroidSansFallback.ttf", runs.get(runs.size() - 1).face().name(), "Hangul from the other file");
    }
}
