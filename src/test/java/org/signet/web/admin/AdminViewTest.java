package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.signet.config.Brand;
import org.signet.domain.Language;

/** The administrator pages' view in each language: times, days and counts as that language writes them. */
class AdminViewTest {
    /** 2026-11-26 14:05:09 UTC. */
    private static final long MOMENT = 1_795_701_909L;

    private static AdminView view(Language l) {
        return new AdminView(l, ZoneOffset.UTC, Brand.DEFAULT);
    }

    @Test
    void time_eachLanguage_writtenItsWayWithTheInstantForPrograms() {
        String en = view(Language.EN).time(MOMENT).toString();
        String de = view(Language.DE).time(MOMENT).toString();

        assertTrue(en.startsWith("<time datetime=\"2026-11-26T14:05:09Z\">"), en);
        assertTrue(en.contains(">Nov 26, 2026, 2:05:09") && en.contains("PM</time>"), en);
        assertEquals("<time datetime=\"2026-11-26T14:05:09Z\">26.11.2026, 14:05:09</time>", de);
        assertTrue(view(Language.FR).time(MOMENT).toString().contains(">26 nov. 2026, 14:05:09<"), view(Language.FR).time(MOMENT).toString());
        assertTrue(view(Language.ES).time(MOMENT).toString().contains(">26 nov 2026 14:05:09<"), view(Language.ES).time(MOMENT).toString());
    }

    @Test
    void time_inTheSiteZone_andNeverWhenAbsent() {
        AdminView berlin = new AdminView(Language.DE, ZoneId.of("Europe/Berlin"), Brand.DEFAULT);

        assertTrue(berlin.time(MOMENT).toString().contains(">26.11.2026, 15:05:09<"), berlin.time(MOMENT).toString());
        assertEquals("nie", berlin.time(null).toString());
        assertEquals("jamais", view(Language.FR).time(null).toString());
    }

    @Test
    void number_eachLanguage_groupsDigitsItsWay() {
        assertEquals("12,345", view(Language.EN).number(12_345));
        assertEquals("12.345", view(Language.DE).number(12_345));
        assertEquals("12\u202f345", view(Language.FR).number(12_345));
        assertEquals("7", view(Language.ES).number(7));
    }

    @Test
    void dayAndDate_eachLanguage() {
        LocalDate day = LocalDate.of(2026, 3, 5);

        assertEquals("5 Mar", view(Language.EN).day(day));
        assertEquals("5. März", view(Language.DE).day(day));
        assertEquals("5 mars", view(Language.FR).day(day));
        assertEquals("Mar 5, 2026", view(Language.EN).date(day));
        assertEquals("05.03.2026", view(Language.DE).date(day));
    }

    @Test
    void language_isTheViewsOwn() {
        for (Language l : Language.values()) {
            assertEquals(l, view(l).language());
            assertEquals(l, view(l).m.language());
        }
    }
}
