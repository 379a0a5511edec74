package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.signet.domain.Language;

/** The browser's Accept-Language read as RFC 9110 section 12.5.4 says, for the languages Signet speaks. */
class AcceptLanguageTest {
    private static Optional<Language> preferred(String header) {
        return AcceptLanguage.preferred(header);
    }

    @Test
    void preferred_regionalVariant_matchesItsLanguage() {
        assertEquals(Optional.of(Language.DE), preferred("de-CH,de;q=0.9,en;q=0.8"));
        assertEquals(Optional.of(Language.FR), preferred("fr-CA"));
        assertEquals(Optional.of(Language.ES), preferred("ES-mx"));
    }

    @Test
    void preferred_highestWeightWins_notTheFirstListed() {
        assertEquals(Optional.of(Language.ES), preferred("en;q=0.5, es;q=0.9, de;q=0.7"));
        assertEquals(Optional.of(Language.FR), preferred("en;q=0.1,fr"));
    }

    @Test
    void preferred_equalWeights_theEarlierWins() {
        assertEquals(Optional.of(Language.FR), preferred("fr;q=0.8,de;q=0.8"));
    }

    @Test
    void preferred_unsupportedSkipped_forTheNextSupported() {
        assertEquals(Optional.of(Language.DE), preferred("it-IT,it;q=0.9,de;q=0.5"));
    }

    @Test
    void preferred_nothingUsable_empty() {
        for (String header : new String[] {null, "", "*", "it, pt-BR", "de;q=0", "de;q=abc", "de;q=1.5", ",,;;",
                "fr;q=-1"}) {
            assertEquals(Optional.empty(), preferred(header), header);
        }
    }

    @Test
    void preferred_hugeHeader_readsOnlyTheFirstRanges() {
        String header = "it,".repeat(10_000) + "de";

        assertEquals(Optional.empty(), preferred(header));
    }
}
