package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DownloadNameTest {

    @Test
    void of_plainTitle_addsPdf() {
        assertEquals("Lease 2026.pdf", DownloadName.of("Lease 2026"));
    }

    @Test
    void of_pathSeparatorsAndReservedCharacters_replaced() {
        assertEquals("a_b_c_ _d_ _e_f_g_.pdf", DownloadName.of("a/b\\c: \"d\" <e|f?g*"));
        assertEquals("x_y.pdf", DownloadName.of("x\ny"));
    }

    @Test
    void of_titleEndingInPdf_notDoubled() {
        assertEquals("contract.pdf", DownloadName.of("contract.PDF"));
    }

    @Test
    void of_hiddenOrTrailingDots_dropped() {
        assertEquals("env.pdf", DownloadName.of("..env.."));
        assertEquals("_x.pdf", DownloadName.of("../x"));
    }

    @Test
    void of_nothingLeft_document() {
        assertEquals("document.pdf", DownloadName.of(" . "));
        assertEquals("document.pdf", DownloadName.of(""));
    }

    @Test
    void of_longTitle_boundedWithoutSplittingACharacter() {
        String name = DownloadName.of("😀".repeat(200));
        assertEquals(120 + 4, name.codePointCount(0, name.length()));
    }
}
