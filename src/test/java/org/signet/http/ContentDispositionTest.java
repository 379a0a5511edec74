package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Content-Disposition for downloads (RFC 6266): a safe quoted ASCII name and the exact UTF-8 name. */
class ContentDispositionTest {
    /** RFC 8187 attr-char: what may appear unencoded in an ext-value. */
    private static final String ATTR_CHAR = "[A-Za-z0-9!#$&+\\-.^_`|~]";

    @Test
    void attachment_asciiName_quotedAndEncoded() {
        assertEquals("attachment; filename=\"deal.pdf\"; filename*=UTF-8''deal.pdf",
                ContentDisposition.attachment("deal.pdf"));
    }

    @Test
    void attachment_quotesBackslashesAndUnicode_neverBreakTheHeader() {
        String header = ContentDisposition.attachment("Ang\"e\\bot – Vertrag ä.pdf");
        String fallback = header.substring(header.indexOf('"') + 1, header.indexOf("\";"));
        assertTrue(fallback.matches("[\\x20-\\x7e&&[^\"\\\\]]+"), fallback);
        String ext = header.substring(header.indexOf("UTF-8''") + 7);
        assertTrue(ext.matches("(" + ATTR_CHAR + "|%[0-9A-F]{2})+"), ext);
        assertEquals("Ang\"e\\bot – Vertrag ä.pdf", URLDecoder.decode(ext, StandardCharsets.UTF_8));
    }

    @Test
    void attachment_charactersOutsideAttrChar_percentEncoded() {
        String header = ContentDisposition.attachment("a*b'c (1).pdf");
        String ext = header.substring(header.indexOf("UTF-8''") + 7);
        assertTrue(ext.matches("(" + ATTR_CHAR + "|%[0-9A-F]{2})+"), ext);
        assertEquals("a*b'c (1).pdf", URLDecoder.decode(ext, StandardCharsets.UTF_8));
    }

    @Test
    void attachment_controlCharacters_notInTheHeader() {
        String header = ContentDisposition.attachment("a\r\nSet-Cookie: x.pdf");
        assertTrue(header.chars().noneMatch(c -> c < 0x20), header);
    }
}
