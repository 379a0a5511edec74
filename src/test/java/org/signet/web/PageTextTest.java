package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.signet.config.Brand;
import org.signet.config.Palette;
import org.signet.domain.Language;
import org.signet.json.Json;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/** The page script's words as a JSON data block that no value can break out of. */
class PageTextTest {
    private static final String OPEN = "<script type=\"application/json\" id=\"page-text\">";
    private static final String CLOSE = "</script>\n";

    private static Map<?, ?> parse(String block) throws Exception {
        assertTrue(block.startsWith(OPEN) && block.endsWith(CLOSE), block);
        return (Map<?, ?>) Json.parse(block.substring(OPEN.length(), block.length() - CLOSE.length()));
    }

    @Test
    void dataBlock_valuesWithMarkup_cannotEndTheBlock_andReadBackTheSame() throws Exception {
        String hostile = "</script><script>alert(1)</script><!-- & -->";

        String block = PageText.dataBlock(Map.of("x", hostile));

        String inside = block.substring(OPEN.length(), block.length() - CLOSE.length());
        assertFalse(inside.contains("<") || inside.contains(">") || inside.contains("&"), inside);
        assertEquals(hostile, parse(block).get("x"));
    }

    @Test
    void block_eachLanguage_everyScriptWordAndTheLanguage() throws Exception {
        Map<?, ?> en = parse(PageText.block(page(Language.EN)));
        Map<?, ?> de = parse(PageText.block(page(Language.DE)));

        assertEquals("en", en.get("lang"));
        assertEquals("de", de.get("lang"));
        assertEquals("Checking\u2026", en.get("gate.checking"));
        assertEquals("Wird geprüft\u2026", de.get("gate.checking"));
        assertEquals(en.keySet(), de.keySet());
        assertEquals(en.keySet(), parse(PageText.block(page(Language.FR))).keySet());
        assertEquals(en.keySet(), parse(PageText.block(page(Language.ES))).keySet());
    }

    @Test
    void block_siteOfItsOwnName_namesItWhereTheWordsNameTheSite() throws Exception {
        Map<?, ?> signet = parse(PageText.block(page(Language.EN)));
        Map<?, ?> own = parse(PageText.block(SiteWords.of(page(Language.DE), new Brand("Acme <Sign>",
                Palette.DEFAULT_ACCENT, null))));

        assertEquals("Signet could not be reached. Check your connection and try again.", signet.get("error.network"));
        assertEquals("Acme <Sign> ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
                own.get("error.network"));
    }

    private static Messages page(Language language) {
        return Messages.of(PageHtml.BUNDLE, language);
    }
}
