package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The server-drawn chart: labelled for assistive technology, bars in proportion, no inline style. */
class BarChartTest {
    @Test
    void svg_labelledAndProportional() {
        String svg = BarChart.svg("c", "Title <1>", "Desc", List.of(new BarChart.Bar("a", 4), new BarChart.Bar("b", 2),
                new BarChart.Bar("", 0))).toString();
        assertTrue(svg.contains("role=\"img\" aria-labelledby=\"c-title c-desc\""), svg);
        assertTrue(svg.contains("<title id=\"c-title\">Title &lt;1&gt;</title>"), svg);
        assertFalse(svg.contains("style="));
        Matcher m = Pattern.compile("class=\"bar\"[^>]* height=\"([0-9.]+)\"").matcher(svg);
        m.find();
        double first = Double.parseDouble(m.group(1));
        m.find();
        assertEquals(first / 2, Double.parseDouble(m.group(1)), 0.11);
        m.find();
        assertEquals(0.0, Double.parseDouble(m.group(1)));
    }

    @Test
    void svg_allZero_drawsWithoutDividingByZero() {
        String svg = BarChart.svg("z", "t", "d", List.of(new BarChart.Bar("x", 0))).toString();
        assertTrue(svg.contains("height=\"0.0\""), svg);
    }
}
