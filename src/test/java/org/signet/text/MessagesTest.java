package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.signet.domain.Language;

/** A catalogue in a language, with English where that language has no words of its own (text/sample*.properties). */
class MessagesTest {
    private static final String SAMPLE = "text/sample";

    @Test
    void get_translatedKey_inTheLanguage() {
        assertEquals("Guten Tag Ann", Messages.of(SAMPLE, Language.DE).get("greeting", "Ann"));
        assertEquals("Hello Ann", Messages.of(SAMPLE, Language.EN).get("greeting", "Ann"));
    }

    @Test
    void get_keyNotTranslated_fallsBackToEnglish_notToTheServersLocale() {
        assertEquals("Goodbye", Messages.of(SAMPLE, Language.DE).get("farewell"));
        assertEquals("Goodbye", Messages.of(SAMPLE, Language.FR).get("farewell"));
        assertEquals(Set.of("greeting", "farewell", "pair"), Messages.of(SAMPLE, Language.DE).keys());
    }

    @Test
    void get_argumentsHoldingPlaceholders_areNotFilledAgain() {
        assertEquals("{1} und Bob", Messages.of(SAMPLE, Language.DE).get("pair", "{1}", "Bob"));
        assertEquals("Hello {0}", Messages.of(SAMPLE, Language.EN).get("greeting"));
    }

    @Test
    void with_aKeyOverTheCatalogue_aCopySaysItAndTheSharedCatalogueDoesNot() {
        Messages de = Messages.of(SAMPLE, Language.DE);

        Messages own = de.with("farewell", "Servus").with("site.name", "Acme");

        assertEquals("Servus", own.get("farewell"));
        assertEquals("Acme", own.get("site.name"));
        assertEquals("Guten Tag Ann", own.get("greeting", "Ann"));
        assertEquals(Language.DE, own.language());
        assertEquals("Goodbye", de.get("farewell"));
        assertEquals(java.util.Optional.empty(), de.find("site.name"));
    }

    @Test
    void of_sameBundleAndLanguage_readOnce() {
        assertSame(Messages.of(SAMPLE, Language.ES), Messages.of(SAMPLE, Language.ES));
        assertEquals(Language.ES, Messages.of(SAMPLE, Language.ES).language());
    }

    @Test
    void get_unknownKeyOrBundle_refused() {
        assertThrows(IllegalArgumentException.class, () -> Messages.of(SAMPLE, Language.DE).get("no.such_key"));
        assertThrows(IllegalStateException.class, () -> Messages.of("text/no_such_bundle", Language.EN));
    }

    @Test
    void resource_englishIsTheBaseFile_othersCarryTheirCode() {
        assertEquals("/web/messages.properties", Messages.resource("web/messages", Language.EN));
        assertEquals("/web/messages_fr.properties", Messages.resource("web/messages", Language.FR));
    }
}
