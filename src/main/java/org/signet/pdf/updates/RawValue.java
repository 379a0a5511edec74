package org.signet.pdf.updates;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A PDF object as written in the file (ISO 32000-1 §7.3), before any reader repairs or interprets
 * it: a number keeps the digits it was written with, a reference stays a reference.
 */
sealed interface RawValue {

    /** A name, its {@code #xx} escapes decoded. */
    record Name(String name) implements RawValue {}

    /** A number as written: an integer has no point and no exponent. */
    record Number(String literal) implements RawValue {
        boolean isInteger() {
            return literal.matches("[+-]?[0-9]+");
        }

        /** The integer written, or null when it is not an integer that fits a long. */
        Long integer() {
            if (!isInteger()) {
                return null;
            }
            try {
                return Long.parseLong(literal.startsWith("+") ? literal.substring(1) : literal);
            } catch (NumberFormatException tooLong) {
                return null;
            }
        }

        boolean isZero() {
            BigDecimal value = decimal();
            return value != null && value.signum() == 0;
        }

        /** The value written, or null when the literal is not a number at all. */
        BigDecimal decimal() {
            String digits = literal.startsWith("+") ? literal.substring(1) : literal;
            boolean negative = digits.startsWith("-");
            String unsigned = negative ? digits.substring(1) : digits;
            if (unsigned.startsWith(".")) {
                unsigned = "0" + unsigned;
            }
            if (unsigned.endsWith(".")) {
                unsigned = unsigned + "0";
            }
            try {
                BigDecimal value = new BigDecimal(unsigned);
                return negative ? value.negate() : value;
            } catch (NumberFormatException notANumber) {
                return null;
            }
        }
    }

    /** A literal or hexadecimal string, as the bytes it stands for. */
    record Text(byte[] bytes) implements RawValue {}

    record Bool(boolean value) implements RawValue {}

    /** The null object. */
    record Null() implements RawValue {}

    /** An indirect reference {@code number generation R}. */
    record Ref(long number, int generation) implements RawValue {
        @Override
        public String toString() {
            return number + " " + generation + " R";
        }
    }

    record Array(List<RawValue> items) implements RawValue {
        public Array {
            items = Collections.unmodifiableList(items);
        }
    }

    /** A dictionary; an entry whose value is null is as if it were absent (§7.3.7). */
    record Dict(Map<String, RawValue> entries) implements RawValue {
        public Dict {
            entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }

        RawValue get(String key) {
            RawValue v = entries.get(key);
            return v instanceof Null ? null : v;
        }

        String name(String key) {
            return get(key) instanceof Name n ? n.name() : null;
        }
    }

    /** A stream: its dictionary, and its bytes as stored (still encoded), told by their digest and length. */
    record Stream(Dict dict, StreamBytes bytes) implements RawValue {}

    /** A stream's stored bytes, read only when they are compared. */
    interface StreamBytes {
        long length();

        /** The SHA-256 of the bytes as stored, lower-case hex. */
        String sha256() throws java.io.IOException;
    }
}
