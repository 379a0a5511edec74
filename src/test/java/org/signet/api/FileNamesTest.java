package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Client file names: any path removed (S4), no control characters, bounded, default titles. */
class FileNamesTest {
    @Test
    void withoutPath_slashAndBackslash_lastSegment() {
        assertEquals("a.pdf", FileNames.withoutPath("a.pdf"));
        assertEquals("a.pdf", FileNames.withoutPath("/home/u/a.pdf"));
        assertEquals("a.pdf", FileNames.withoutPath("C:\\Users\\u\\a.pdf"));
        assertEquals("a.pdf", FileNames.withoutPath("..\\../a.pdf"));
        assertEquals("", FileNames.withoutPath("dir/"));
        assertEquals("", FileNames.withoutPath(""));
    }

    @Test
    void withoutPath_controlCharacters_removed() {
        assertEquals("ab.pdf", FileNames.withoutPath("a\u0000b\r\n.pdf"));
        assertEquals("x.pdf", FileNames.withoutPath("  x.pdf\t"));
    }

    @Test
    void withoutPath_longName_keepsTheEndWithinLimit() {
        String name = "n".repeat(400) + ".pdf";
        String kept = FileNames.withoutPath(name);
        assertEquals(255, kept.length());
        assertTrue(kept.endsWith(".pdf"));
    }

    @Test
    void withoutPath_longNameOfEmoji_neverSplitsACharacter() {
        String name = "\uD83D\uDCC4".repeat(200) + ".pdf";
        String kept = FileNames.withoutPath(name);
        assertTrue(kept.length() <= 255);
        assertFalse(Character.isLowSurrogate(kept.charAt(0)), "starts with half a character");
        assertTrue(kept.endsWith(".pdf"));
    }

    @Test
    void withoutExtension_onlyTheLast() {
        assertEquals("a.b", FileNames.withoutExtension("a.b.pdf"));
        assertEquals("contract", FileNames.withoutExtension("contract.PDF"));
        assertEquals("noext", FileNames.withoutExtension("noext"));
        assertEquals(".hidden", FileNames.withoutExtension(".hidden"));
    }
}
