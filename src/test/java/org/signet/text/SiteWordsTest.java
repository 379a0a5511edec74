package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.signet.config.Brand;
import org.signet.config.Palette;
import org.signet.domain.Language;

/** The site's name and logo carried in a page's words, and the brand markup every top bar shows. */
class SiteWordsTest {
    private static final Messages PAGE = Messages.of("text/sample", Language.EN);
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @Test
    void name_wordsGivenNone_isSignets() {
        assertEquals("Signet", SiteWords.name(PAGE));
        assertEquals("Signet", SiteWords.name(SiteWords.of(PAGE, Brand.DEFAULT)));
    }

    @Test
    void mark_noLogo_signetsMarkThenTheNameEscaped() {
        Messages m = SiteWords.of(PAGE, new Brand("Rosé & \"Fils\" <b>", Palette.DEFAULT_ACCENT, null));

        assertEquals("Rosé & \"Fils\" <b>", SiteWords.name(m));
        assertEquals("<span class=\"brand-mark\" aria-hidden=\"true\"></span>Rosé &amp; &quot;Fils&quot; &lt;b&gt;",
                SiteWords.mark(m).toString());
    }

    @Test
    void mark_withLogo_theLogoNamedByTheSite() {
        Messages m = SiteWords.of(PAGE, new Brand("Rosé & Fils", Palette.DEFAULT_ACCENT, PNG));

        assertEquals("<img class=\"brand-logo\" src=\"/assets/logo.png\" alt=\"Rosé &amp; Fils\" />", SiteWords.mark(m).toString());
    }
}
