package org.signet.text;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** The wire conventions (see docs/api/conventions.md, Values on the wire): ids and numbers as strings, timestamps as {@code YYYY-MM-DD HH:MM:SS}. */
public final class Wire {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final ZoneId zone;

    public Wire(ZoneId zone) {
        this.zone = zone;
    }

    public ZoneId zone() {
        return zone;
    }

    /**
     * A timestamp in the configured zone, or null. Written digit by digit: a document read writes a
     * few dozen of them, and DateTimeFormatter was a twentieth of its time. Years outside 1000-9999
     * (which only a wrong value has) keep the formatter's rendering.
     */
    public String time(Long epochSeconds) {
        if (epochSeconds == null) {
            return null;
        }
        Instant at = Instant.ofEpochSecond(epochSeconds);
        LocalDateTime t = LocalDateTime.ofEpochSecond(epochSeconds, 0, zone.getRules().getOffset(at));
        if (t.getYear() < 1000 || t.getYear() > 9999) {
            return FORMAT.format(at.atZone(zone));
        }
        char[] c = new char[19];
        digits(c, 0, t.getYear(), 4);
        c[4] = '-';
        digits(c, 5, t.getMonthValue(), 2);
        c[7] = '-';
        digits(c, 8, t.getDayOfMonth(), 2);
        c[10] = ' ';
        digits(c, 11, t.getHour(), 2);
        c[13] = ':';
        digits(c, 14, t.getMinute(), 2);
        c[16] = ':';
        digits(c, 17, t.getSecond(), 2);
        return new String(c);
    }

    private static void digits(char[] into, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            into[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    public static String id(long id) {
        return Long.toString(id);
    }

    public static String integer(Integer n) {
        return n == null ? null : Integer.toString(n);
    }

    /** A number without a trailing {@code .0} when whole: 200 gives "200", 72.5 gives "72.5". */
    public static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    public static String flag(boolean b) {
        return b ? "1" : "0";
    }

    /**
     * Parses a client timestamp: {@code YYYY-MM-DD HH:MM:SS} (or with a {@code T}) in the
     * configured zone, an ISO 8601 instant with offset, or a date alone (end of that day).
     */
    public long parseTime(String text) {
        String s = text.trim();
        try {
            if (s.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(s).atTime(23, 59, 59).atZone(zone).toEpochSecond();
            }
            if (s.matches(".*(Z|[+-]\\d{2}:?\\d{2})$")) {
                // ISO 8601 allows the basic offset form +0530; java.time's parser wants +05:30.
                String iso = s.replace(' ', 'T').replaceFirst("([+-]\\d{2})(\\d{2})$", "$1:$2");
                return OffsetDateTime.parse(iso).toEpochSecond();
            }
            return LocalDateTime.parse(s.replace(' ', 'T')).atZone(zone).toEpochSecond();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a timestamp of the form YYYY-MM-DD HH:MM:SS: " + text);
        }
    }
}
