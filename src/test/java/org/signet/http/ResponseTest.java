package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Downloads (RFC 6266): a safe quoted ASCII name beside the exact UTF-8 name, named for the type served, not cached. */
class ResponseTest {
    /** RFC 8187 attr-char: what may appear unencoded in an ext-value. */
    private static final String ATTR_CHAR = "[A-Za-z0-9!#$&+\\-.^_`|~]";

    private static String fallback(String header) {
        return header.substring(header.indexOf('"') + 1, header.indexOf("\";"));
    }

    private static String extended(String header) {
        return header.substring(header.indexOf("UTF-8''") + 7);
    }

    @Test
    void attachment_asciiName_quotedAndEncoded() {
        assertEquals("attachment; filename=\"deal.pdf\"; filename*=UTF-8''deal.pdf", Response.attachment("deal.pdf"));
    }

    @Test
    void attachment_quotesBackslashesAndUnicode_neverBreakTheHeader() {
        String header = Response.attachment("Ang\"e\\bot – Vertrag ä.pdf");
        assertTrue(fallback(header).matches("[\\x20-\\x7e&&[^\"\\\\]]+"), fallback(header));
        assertTrue(extended(header).matches("(" + ATTR_CHAR + "|%[0-9A-F]{2})+"), extended(header));
        assertEquals("Ang\"e\\bot – Vertrag ä.pdf", URLDecoder.decode(extended(header), StandardCharsets.UTF_8));
    }

    @Test
    void attachment_charactersOutsideAttrChar_percentEncoded() {
        String header = Response.attachment("a*b'c (1).pdf");
        assertTrue(extended(header).matches("(" + ATTR_CHAR + "|%[0-9A-F]{2})+"), extended(header));
        assertEquals("a*b'c (1).pdf", URLDecoder.decode(extended(header), StandardCharsets.UTF_8));
    }

    @Test
    void download_rightToLeftOverride_goneFromBothNamesWhichEndInPdf() {
        Response r = Response.download("\u00e9\u202ecod.exe", "application/pdf", 3, out -> out.write(new byte[3]));
        String header = r.headers().get("Content-Disposition").get(0);

        assertEquals("attachment; filename=\"ecod.exe.pdf\"; filename*=UTF-8''%C3%A9cod.exe.pdf", header);
        assertEquals(List.of("no-store"), r.headers().get("Cache-Control"));
        assertEquals(List.of("application/pdf"), r.headers().get("Content-Type"));
    }

    @Test
    void download_controlCharacters_notInTheHeader() {
        Response r = Response.download("a\r\nSet-Cookie: x", "image/png", 0, out -> {});
        String header = r.headers().get("Content-Disposition").get(0);
        assertTrue(header.chars().noneMatch(c -> c < 0x20), header);
        assertTrue(header.endsWith(".png"), header);
    }

    @Test
    void framableBy_origins_exactlyThoseMayFrameAndNoXFrameOptions() {
        Response r = Response.html(200, "<p>x</p>").framableBy(List.of("https://a.example", "http://127.0.0.2:81"));
        assertEquals(List.of(Response.PAGE_POLICY + "https://a.example http://127.0.0.2:81"),
                r.headers().get("Content-Security-Policy"));
        assertEquals(null, r.headers().get("X-Frame-Options"));
        assertEquals(List.of("no-store"), r.headers().get("Cache-Control"));
    }

    @Test
    void framableBy_noOrigins_nobodyMayFrame() {
        Response r = Response.html(200, "<p>x</p>").framableBy(List.of());
        assertEquals(List.of(Response.PAGE_POLICY + "'none'"), r.headers().get("Content-Security-Policy"));
        assertEquals(List.of("DENY"), r.headers().get("X-Frame-Options"));
    }

    @Test
    void fileFramableBy_origins_onlyFrameAncestorsAndNoXFrameOptions() {
        Response r = Response.bytes(200, "image/png", new byte[0]).fileFramableBy(List.of("https://a.example"));
        assertEquals(List.of("frame-ancestors https://a.example"), r.headers().get("Content-Security-Policy"));
        assertEquals(null, r.headers().get("X-Frame-Options"));
    }

    @Test
    void fileFramableBy_noOrigins_nobodyMayFrame() {
        Response r = Response.download("a.pdf", "application/pdf", 0, out -> {}).fileFramableBy(List.of());
        assertEquals(List.of("frame-ancestors 'none'"), r.headers().get("Content-Security-Policy"));
        assertEquals(List.of("DENY"), r.headers().get("X-Frame-Options"));
    }
}
