package org.signet.text;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** The seed's wire conventions (S2): ids and numbers as strings, timestamps as {@code YYYY-MM-DD HH:MM:SS}. */
public final class Wire {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final ZoneId zone;

    public Wire(ZoneId zone) {
        this.zone = zone;
    }

    public ZoneId zone() {
        return zone;
    }

    /** A timestamp in the configured zone, or null. */
    public String time(Long epochSeconds) {
        return epochSeconds == null ? null : FORMAT.format(Instant.ofEpochSecond(epochSeconds).atZone(zone));
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
