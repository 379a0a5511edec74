package org.signet.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExpositionTest {
    @Test
    void sample_labelValuesEscaped_helpEscaped() {
        String text = new Exposition().gauge("signet_x", "a \\ b\nc")
                .sample("signet_x", 1, "route", "/a\"b\\c\nd").text();

        assertEquals("# HELP signet_x a \\\\ b\\nc\n# TYPE signet_x gauge\nsignet_x{route=\"/a\\\"b\\\\c\\nd\"} 1\n", text);
    }

    @Test
    void number_integersPlain_fractionsWithoutExponent_infinitiesAsPrometheusWritesThem() {
        assertEquals("42", Exposition.number(42));
        assertEquals("-1", Exposition.number(-1));
        assertEquals("0.005", Exposition.number(0.005));
        assertEquals("0.0001", Exposition.number(1e-4));
        assertEquals("1795644734.153", Exposition.number(1795644734.153));
        assertEquals("+Inf", Exposition.number(Double.POSITIVE_INFINITY));
        assertEquals("NaN", Exposition.number(Double.NaN));
    }

    @Test
    void histogramSamples_bucketsThenSumAndCount() {
        String text = new Exposition().histogram("signet_d_seconds", "d")
                .histogramSamples("signet_d_seconds", List.of(0.1, 1.0), List.of(1L, 3L, 4L), 2.5, "route", "/r").text();

        assertEquals("""
                # HELP signet_d_seconds d
                # TYPE signet_d_seconds histogram
                signet_d_seconds_bucket{route="/r",le="0.1"} 1
                signet_d_seconds_bucket{route="/r",le="1"} 3
                signet_d_seconds_bucket{route="/r",le="+Inf"} 4
                signet_d_seconds_sum{route="/r"} 2.5
                signet_d_seconds_count{route="/r"} 4
                """, text);
    }

    @Test
    void family_writtenTwiceOrBadlyNamed_refused() {
        Exposition e = new Exposition().gauge("signet_a", "a");
        assertThrows(IllegalStateException.class, () -> e.gauge("signet_a", "again"));
        assertThrows(IllegalStateException.class, () -> e.include(new Exposition().gauge("signet_a", "elsewhere")));
        assertThrows(IllegalArgumentException.class, () -> e.counter("signet_requests", "no _total"));
        assertThrows(IllegalArgumentException.class, () -> e.gauge("signet-a", "dash"));
        assertThrows(IllegalArgumentException.class, () -> e.sample("signet_a", 1, "le-x", "1"));
        assertThrows(IllegalArgumentException.class, () -> e.sample("signet_a", 1, "odd"));
    }
}
