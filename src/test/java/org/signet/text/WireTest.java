package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The wire conventions (see docs/api/conventions.md, Values on the wire): strings for numbers without a trailing .0, timestamps in the configured zone. */
class WireTest {
    private final Wire berlin = new Wire(ZoneId.of("Europe/Berlin"));
    private final Wire utc = new Wire(ZoneId.of("UTC"));

    @Test
    void number_wholeAndFractional_noTrailingZero() {
        assertEquals("200", Wire.number(200.0));
        assertEquals("72.5", Wire.number(72.5));
        assertEquals("0.1", Wire.number(0.1));
        assertEquals("-3", Wire.number(-3.0));
        assertEquals("0", Wire.number(-0.0));
        assertEquals("595.28", Wire.number(595.28));
        assertEquals("1000000000000000", Wire.number(1e15));
    }

    @Test
    void idIntegerFlag_asStrings() {
        assertEquals("44", Wire.id(44));
        assertEquals("7", Wire.integer(7));
        assertNull(Wire.integer(null));
        assertEquals("1", Wire.flag(true));
        assertEquals("0", Wire.flag(false));
    }

    @Test
    void time_inTheConfiguredZoneAcrossDaylightSaving() {
        long winter = Instant.parse("2030-01-10T12:00:00Z").getEpochSecond();
        long summer = Instant.parse("2030-07-10T12:00:00Z").getEpochSecond();
        assertEquals("2030-01-10 13:00:00", berlin.time(winter));
        assertEquals("2030-07-10 14:00:00", berlin.time(summer));
        assertEquals("2030-07-10 12:00:00", utc.time(summer));
        assertEquals("1970-01-01 01:00:00", berlin.time(0L));
        assertNull(berlin.time(null));
    }

    @Test
    void time_sameTextAsDateTimeFormatter_acrossZonesTransitionsAndCenturies() {
        DateTimeFormatter format = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
        Random random = new Random(3);
        for (String zone : List.of("Europe/Berlin", "UTC", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe")) {
            Wire wire = new Wire(ZoneId.of(zone));
            List<Long> seconds = new ArrayList<>(List.of(0L, -1L, 253402300799L, 253402300800L, -30610224000L,
                    -30610224001L, Instant.parse("2030-03-31T00:59:59Z").getEpochSecond(),
                    Instant.parse("2030-03-31T01:00:00Z").getEpochSecond(),
                    Instant.parse("2030-10-27T00:59:59Z").getEpochSecond(),
                    Instant.parse("2030-10-27T01:00:00Z").getEpochSecond()));
            for (int i = 0; i < 5000; i++) {
                seconds.add(random.nextLong() % 8_000_000_000L);
            }
            for (long s : seconds) {
                assertEquals(format.format(Instant.ofEpochSecond(s).atZone(ZoneId.of(zone))), wire.time(s), zone + " " + s);
            }
        }
    }

    @Test
    void parseTime_wireFormIsLocalToTheZone() {
        assertEquals(Instant.parse("2030-07-10T12:00:00Z").getEpochSecond(), berlin.parseTime("2030-07-10 14:00:00"));
        assertEquals(Instant.parse("2030-07-10T12:00:00Z").getEpochSecond(), berlin.parseTime("2030-07-10T14:00:00"));
        assertEquals(Instant.parse("2030-07-10T12:00:00Z").getEpochSecond(), berlin.parseTime(" 2030-07-10 14:00 "));
    }

    @Test
    void parseTime_withOffset_isThatInstant() {
        long noon = Instant.parse("2030-07-10T12:00:00Z").getEpochSecond();
        assertEquals(noon, berlin.parseTime("2030-07-10T12:00:00Z"));
        assertEquals(noon, berlin.parseTime("2030-07-10 12:00:00Z"));
        assertEquals(noon, berlin.parseTime("2030-07-10T07:00:00-05:00"));
        assertEquals(noon, berlin.parseTime("2030-07-10T17:30:00+0530"));
    }

    @Test
    void parseTime_dateAlone_endOfThatDayInTheZone() {
        assertEquals(Instant.parse("2030-07-10T21:59:59Z").getEpochSecond(), berlin.parseTime("2030-07-10"));
    }

    @Test
    void parseTime_roundTripsWithTime() {
        long t = Instant.parse("2030-10-27T00:30:00Z").getEpochSecond();
        assertEquals(t, berlin.parseTime(berlin.time(t)));
    }

    @Test
    void parseTime_garbage_illegalArgumentNamingTheForm() {
        for (String bad : new String[] {"", "tomorrow", "2030-13-01 00:00:00", "2030-02-30 10:00:00",
                "2030-01-01 25:00:00", "10/07/2030", "2030-07-10T12:00:00+99:00", "1e9"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> berlin.parseTime(bad), bad);
            assertEquals(true, e.getMessage().contains("YYYY-MM-DD HH:MM:SS"), e.getMessage());
        }
    }
}
