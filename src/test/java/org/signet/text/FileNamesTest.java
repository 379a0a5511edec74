package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Client file names as kept (any path removed, invisible characters gone, bounded), default titles,
 * and the one name every file handed out gets: truthful about its type, nothing that reads otherwise.
 */
class FileNamesTest {
    private static final String PDF = "application/pdf";

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
    void withoutPath_controlAndDirectionCharacters_removed() {
        assertEquals("ab.pdf", FileNames.withoutPath("a\u0000b\r\n.pdf"));
        assertEquals("x.pdf", FileNames.withoutPath("  x.pdf\t"));
        assertEquals("\u00e9cod.exe", FileNames.withoutPath("\u00e9\u202ecod.exe"));
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

    @Test
    void download_rightToLeftOverride_removedAndTheTypesExtensionLast() {
        // Shown by a browser as "éexe.doc" while saved as an .exe: the override goes, ".pdf" ends it.
        assertEquals("\u00e9cod.exe.pdf", FileNames.download("\u00e9\u202ecod.exe", PDF));
    }

    @Test
    void download_everyDirectionControl_removed() {
        for (char c : "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c".toCharArray()) {
            assertEquals("abc.pdf", FileNames.download("a" + c + "bc", PDF), Integer.toHexString(c));
        }
    }

    @Test
    void download_invisibleFormatAndControlCharacters_removed() {
        assertEquals("invoice.pdf", FileNames.download("in\u200bvo\ufeffi\u00adce\u2060\u0007\u007f\u0085", PDF));
        assertEquals("x y.pdf", FileNames.download("x\ny\r\n", PDF));
        assertEquals("a b.pdf", FileNames.download("a\u00a0\u2028 \tb", PDF));
        assertEquals("ab.pdf", FileNames.download("a\ud800b", PDF), "half a surrogate pair");
    }

    @Test
    void download_everyCharacterThatDrawsNothing_removed() {
        for (String c : List.of("\u200b", "\u200e", "\u200f", "\u2060", "\u2061", "\u2062", "\u2063",
                "\u2064", "\u2065", "\ufeff", "\u180e", "\u034f", "\u17b4", "\u17b5", "\ufff0", "\ufff8",
                "\uDB40\uDC01", "\uDB40\uDC41", "\uDB40\uDDF0", "\uDB43\uDFFF")) {
            assertEquals("abc.pdf", FileNames.download("a" + c + "bc", PDF), c.codePoints()
                    .mapToObj(Integer::toHexString).toList().toString());
        }
    }

    @Test
    void download_lettersThatLookBlank_readAsTheSpaceTheyShow() {
        for (char c : "\u3164\u115f\u1160\uffa0\u2800".toCharArray()) {
            assertEquals("a b.pdf", FileNames.download("a" + c + c + "b", PDF), Integer.toHexString(c));
            assertEquals("document.pdf", FileNames.download(c + " " + c, PDF), Integer.toHexString(c));
            assertEquals("a b.txt", FileNames.withoutPath("a" + c + "b.txt" + c), Integer.toHexString(c));
        }
        assertEquals("invoice.pdf", FileNames.download("invoice\u3164\u3164\u3164", PDF));
    }

    @Test
    void download_variationSelectorsThatEmojiAndNamesNeed_kept() {
        String heart = "\u2764\ufe0f";
        String ideographVariant = "\u845b\uDB40\uDD00";
        String mongolian = "\u1820\u180b";
        for (String kept : List.of(heart, ideographVariant, mongolian)) {
            assertEquals(kept + ".pdf", FileNames.download(kept, PDF));
            assertEquals(kept, FileNames.withoutPath(kept));
        }
    }

    @Test
    void download_joinersThatScriptsAndEmojiNeed_kept() {
        String family = "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67";
        assertEquals(family + ".pdf", FileNames.download(family, PDF));
        assertEquals("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.pdf",
                FileNames.download("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", PDF));
    }

    @Test
    void download_uploadedUnderAnotherType_endsInTheServedTypesExtension() {
        assertEquals("report.html.pdf", FileNames.download("report.html", PDF));
        assertEquals("scan.pdf.png", FileNames.download("scan.pdf", "image/png"));
        assertEquals("photo.jpg", FileNames.download("photo.JPEG", "image/jpeg"));
        assertEquals("photo.jpg", FileNames.download("photo.jpg", "image/jpeg"));
        assertEquals("contract.pdf", FileNames.download("contract.PDF", PDF));
        assertEquals("a.pdf", FileNames.download("a.pdf.", PDF));
    }

    @Test
    void download_pathSeparatorsAndCharactersWindowsRefuses_replaced() {
        assertEquals("a_b_c_ _d_ _e_f_g_.pdf", FileNames.download("a/b\\c: \"d\" <e|f?g*", PDF));
        assertEquals("_x.pdf", FileNames.download("../x", PDF));
    }

    @Test
    void download_hiddenOrTrailingDotsAndDeviceNames_madeHarmless() {
        assertEquals("env.pdf", FileNames.download("..env..", PDF));
        assertEquals("_CON.pdf", FileNames.download("CON", PDF));
        assertEquals("_lpt1.txt.pdf", FileNames.download("lpt1.txt", PDF));
        assertEquals("CONTRACT.pdf", FileNames.download("CONTRACT", PDF));
    }

    @Test
    void download_nothingLeft_document() {
        assertEquals("document.pdf", FileNames.download(" . ", PDF));
        assertEquals("document.pdf", FileNames.download("\u202e", PDF));
        assertEquals("document.png", FileNames.download("", "image/png"));
    }

    @Test
    void download_longName_boundedInBytesWithoutSplittingACharacter() {
        for (String one : List.of("a", "\u00e9", "\u20ac", "\uD83D\uDE00", "q\u0301")) {
            String name = FileNames.download(one.repeat(300), PDF);
            assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= 150 + 4, name);
            String base = name.substring(0, name.length() - 4);
            assertEquals(base, one.repeat(base.length() / one.length()), "whole characters only: " + one);
        }
    }

    @Test
    void download_appliedToItsOwnResult_changesNothing() {
        for (String name : List.of("\u00e9\u202ecod.exe", "report.html", "CON", "a/b", "..x..", "x".repeat(400),
                "T\u00e4st-signed.pdf", "a.pdf.")) {
            String once = FileNames.download(name, PDF);
            assertEquals(once, FileNames.download(once, PDF), name);
        }
        assertEquals(FileNames.sealed("Lease"), FileNames.download(FileNames.sealed("Lease"), PDF));
    }

    @Test
    void download_typeNotServed_keepsItsOwnExtension() {
        assertEquals("notes.txt", FileNames.download("no\u202etes.txt", "text/plain"));
    }

    @Test
    void sealed_title_signedPdfMadeSafe() {
        assertEquals("Lease 4_B_ _final_-signed.pdf", FileNames.sealed("Lease 4/B: \"final\""));
        assertEquals("contract-signed.pdf", FileNames.sealed("contract.pdf"));
        assertEquals("\u00e9cod.exe-signed.pdf", FileNames.sealed("\u00e9\u202ecod.exe"));
        assertEquals("document-signed.pdf", FileNames.sealed("  "));
    }

    @Test
    void ascii_accentsDroppedOthersReplaced_printableAsciiWithoutQuoteBackslashOrPercent() {
        assertEquals("ecod.exe.pdf", FileNames.ascii("\u00e9cod.exe.pdf"));
        assertEquals("Vertrag fur Muller.pdf", FileNames.ascii("Vertrag f\u00fcr M\u00fcller.pdf"));
        assertEquals("_ _ _ 100_.pdf", FileNames.ascii("\u20ac \" \\ 100%.pdf"));
        assertEquals("_.pdf", FileNames.ascii("\uD83D\uDE00.pdf"));
    }
}
