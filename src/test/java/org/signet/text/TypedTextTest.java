package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.signet.text.TypedText.Problem;
import org.signet.text.TypedText.Shape;

/** The one rule for text a person types: each refused class of character, line breaks by shape, NFC. */
class TypedTextTest {
    private static String kept(String raw, Shape shape) {
        TypedText.Checked c = TypedText.check(raw, shape);
        assertTrue(c.ok(), () -> escaped(raw) + " refused: " + c.problem());
        return c.text();
    }

    private static void refused(String raw, Shape shape, Problem expected) {
        TypedText.Checked c = TypedText.check(raw, shape);
        assertEquals(expected, c.problem(), escaped(raw) + " as " + shape);
        assertNull(c.text(), escaped(raw));
    }

    private static String escaped(String s) {
        StringBuilder out = new StringBuilder();
        s.chars().forEach(c -> out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.toString();
    }

    @Test
    void check_ordinaryTextInAnyScript_keptAsItIs() {
        for (String s : List.of("", "Lease 2030", "  spaced  ", "Zoë Ørsted-Łukasz", "\u05e9\u05dc\u05d5\u05dd",
                "\u0645\u0631\u062d\u0628\u0627", "\u4f60\u597d", "\ud83d\udd8a\ufe0f signed", "caf\u00e9 \u2014 na\u00efve")) {
            for (Shape shape : Shape.values()) {
                assertEquals(s, kept(s, shape), escaped(s));
            }
        }
    }

    @Test
    void check_controlCharacters_refusedInEitherShape() {
        for (char c : new char[] {'\u0000', '\u0001', '\u0007', '\u0008', '\t', '\u001b', '\u001f', '\u007f', '\u0080',
                '\u009b', '\u009f'}) {
            for (Shape shape : Shape.values()) {
                refused("a" + c + "b", shape, Problem.CONTROL_CHARACTER);
            }
        }
    }

    @Test
    void check_lineBreaksInOneLine_refused() {
        for (String s : List.of("a\nb", "a\r\nb", "a\rb", "a\u000bb", "a\u000cb", "a\u0085b", "a\u2028b", "a\u2029b",
                "trailing\n", "\nleading")) {
            refused(s, Shape.LINE, Problem.LINE_BREAK);
        }
    }

    @Test
    void check_lineBreaksInParagraphs_LFKeptAndCRLFBecomesLF() {
        assertEquals("one\ntwo\n\nthree", kept("one\ntwo\n\nthree", Shape.LINES));
        assertEquals("one\ntwo\n\nthree", kept("one\r\ntwo\r\n\r\nthree", Shape.LINES));
        assertEquals("mixed\nends\n", kept("mixed\r\nends\n", Shape.LINES));
    }

    @Test
    void check_otherBreaksInParagraphs_refused() {
        for (String s : List.of("old\rmac", "cr\r", "\r\r\n", "a\u000bb", "a\u000cb", "a\u0085b", "a\u2028b", "a\u2029b")) {
            refused(s, Shape.LINES, Problem.LINE_BREAK);
        }
    }

    @Test
    void check_bidirectionalOverridesEmbeddingsAndIsolates_refused() {
        for (char c = '\u202a'; c <= '\u202e'; c++) {
            refused("fdp" + c + ".exe", Shape.LINE, Problem.DIRECTION_CONTROL);
            refused("x\n" + c, Shape.LINES, Problem.DIRECTION_CONTROL);
        }
        for (char c = '\u2066'; c <= '\u2069'; c++) {
            refused("a" + c + "b", Shape.LINE, Problem.DIRECTION_CONTROL);
            refused("a" + c + "b", Shape.LINES, Problem.DIRECTION_CONTROL);
        }
    }

    @Test
    void check_neighboursOfTheDirectionControls_kept() {
        // Marks that only hint at a direction (LRM, RLM, ALM) stay, as do the characters either side of both ranges.
        for (String s : List.of("a\u200eb", "a\u200fb", "a\u061cb", "a\u202fb", "a\u2065b", "a\u206ab")) {
            assertEquals(s, kept(s, Shape.LINE), escaped(s));
        }
    }

    @Test
    void check_unpairedSurrogates_refused() {
        for (String s : List.of("A\ud800", "\udfffA", "a\ud83d b", "\ude00\ud83d", "\ud800\ud800")) {
            for (Shape shape : Shape.values()) {
                refused(s, shape, Problem.UNPAIRED_SURROGATE);
            }
        }
    }

    @Test
    void check_decomposedText_keptInNfc() {
        assertEquals("Caf\u00e9", kept("Cafe\u0301", Shape.LINE));
        assertEquals("\u00c5ngstr\u00f6m", kept("A\u030angstro\u0308m", Shape.LINE));
        assertEquals("\uac00", kept("\u1100\u1161", Shape.LINE));
        assertEquals("\u00e9\n\u00e8", kept("e\u0301\r\ne\u0300", Shape.LINES));
        // Compatibility forms are kept: NFC, not NFKC, so "\ufb01" (fi) stays one ligature.
        assertEquals("\ufb01le", kept("\ufb01le", Shape.LINE));
    }

    @Test
    void check_textAlreadyInNfc_theSameString() {
        String s = "Caf\u00e9 already composed";
        assertSame(s, kept(s, Shape.LINE));
    }

    @Test
    void message_namesTheParameterAndTheRule() {
        assertEquals("title must not contain control characters.", TypedText.check("a\u0000", Shape.LINE).message("title"));
        assertEquals("reason must not contain control characters other than line breaks.",
                TypedText.check("a\u0000", Shape.LINES).message("reason"));
        assertEquals("name must be one line, without line breaks.", TypedText.check("a\nb", Shape.LINE).message("name"));
        assertEquals("reason must break lines with LF or CRLF only.", TypedText.check("a\rb", Shape.LINES).message("reason"));
        assertEquals("must not contain bidirectional overrides, embeddings or isolates",
                TypedText.check("\u202e", Shape.LINE).phrase());
        assertEquals("title must not contain unpaired surrogates.", TypedText.check("\ud800", Shape.LINE).message("title"));
    }

    @Test
    void problem_codes_stableForClients() {
        assertEquals(List.of("text_control_character", "text_line_break", "text_direction_control",
                "text_unpaired_surrogate"), List.of(Problem.values()).stream().map(Problem::code).toList());
    }

    @Test
    void check_firstProblemWins_wholeTextNeverHalfKept() {
        TypedText.Checked c = TypedText.check("a\u202eb\u0000c\r\nd", Shape.LINE);

        assertEquals(Problem.DIRECTION_CONTROL, c.problem());
        assertNull(c.text());
    }
}
