package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one coercion vocabulary: the same value reads the same whether it came in a body, a query or a field. */
class ValuesTest {
    @Test
    void integer_integralNumbersAndDigitStrings() {
        assertEquals(42L, Values.integer(new BigDecimal("42")));
        assertEquals(42L, Values.integer(new BigDecimal("42.0")));
        assertEquals(-5L, Values.integer("-5"));
        assertEquals(123456789012345678L, Values.integer("123456789012345678"));
    }

    @Test
    void integer_anythingElse_null() {
        for (Object v : List.of(new BigDecimal("1.5"), new BigDecimal("1e999999999"), new BigDecimal("1e-999999999"),
                "1.5", "1e3", "", " 7", "1234567890123456789", true, List.of())) {
            assertNull(Values.integer(v), String.valueOf(v));
        }
    }

    @Test
    void number_finiteOnly() {
        assertEquals(72.5, Values.number(new BigDecimal("72.5")));
        assertEquals(-3.0, Values.number("-3"));
        assertNull(Values.number(new BigDecimal("1e999999999")));
        assertNull(Values.number("NaN"));
        assertNull(Values.number("Infinity"));
        assertNull(Values.number(true));
        assertNull(Values.number("abc"));
    }

    @Test
    void number_stringForms_decimalDigitsOnly() {
        assertEquals(72.5, Values.number("72.5"));
        assertEquals(7.0, Values.number("007"));
        assertEquals(-0.25, Values.number("-0.25"));
        // What Double.parseDouble would also read, but the interface description does not allow.
        for (String v : List.of("1e3", "0x10", "5f", "5d", " 5", "5 ", "+5", ".5", "5.", "-", "")) {
            assertNull(Values.number(v), v);
        }
    }

    @Test
    void bool_wordPressForms() {
        assertEquals(true, Values.bool(true));
        assertEquals(true, Values.bool("True"));
        assertEquals(true, Values.bool(new BigDecimal("1")));
        assertEquals(false, Values.bool("0"));
        assertEquals(false, Values.bool("FALSE"));
        assertNull(Values.bool("yes"));
        assertNull(Values.bool(new BigDecimal("2")));
        // JSON numbers compare by value, as the description's enum [0, 1] does.
        assertEquals(true, Values.bool(new BigDecimal("1.0")));
        assertEquals(false, Values.bool(new BigDecimal("0e5")));
        assertNull(Values.bool(new BigDecimal("0.5")));
        assertNull(Values.bool(List.of()));
    }
}
