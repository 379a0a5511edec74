package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.SignetFixture;

/** The pages' files: each stylesheet begins with the shared look, the font is served byte for byte. */
class AssetsTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    @Test
    void stylesheets_beginWithTheSharedLookThenTheirOwnRules() throws IOException {
        String look = resource("/web/look.css");
        for (String[] sheet : new String[][] {{"sign.css", "/web/sign.css"}, {"admin.css", "/web/admin.css"}}) {
            byte[] served = signet.server().sendForBytes(signet.server().request("/assets/" + sheet[0], null).GET().build()).body();
            assertEquals(look + "\n" + resource(sheet[1]), new String(served, StandardCharsets.UTF_8), sheet[0]);
        }
        assertTrue(look.contains(".topbar"), "the top bar is part of the shared look");
        assertFalse(resource("/web/sign.css").contains(".brand-mark"), "and is written once");
        assertFalse(resource("/web/admin.css").contains(".brand-mark"), "and is written once");
    }

    @Test
    void font_servedByteForByte() throws IOException {
        byte[] served = signet.server().sendForBytes(signet.server().request("/assets/handwriting.otf", null).GET().build()).body();
        try (InputStream in = AssetsTest.class.getResourceAsStream("/fonts/DancingScript-Regular.otf")) {
            assertArrayEquals(in.readAllBytes(), served);
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = AssetsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
