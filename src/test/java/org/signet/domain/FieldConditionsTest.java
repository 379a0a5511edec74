package org.signet.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Conditions among fields: which are refused at save, which fields a set of values shows, and at what cost. */
class FieldConditionsTest {
    private static FieldConditions.Node node(String name, String on, String equals, String value) {
        return new FieldConditions.Node(name, FieldType.TEXT, on == null ? null : new FieldRules.Condition(on, equals),
                value);
    }

    @Test
    void problems_missingSelfSeveralAndLoop_eachNamed() {
        List<FieldConditions.Node> nodes = List.of(node("A", "Nowhere", null, ""), node("B", "B", null, ""),
                node("C", "D", "x", ""), node("D", "C", "y", ""), node("E", "Twin", null, ""),
                node("Twin", null, null, ""), node("Twin", null, null, ""), node("F", "A", null, ""));

        Map<Integer, String> problems = FieldConditions.problems(nodes);

        assertEquals(Set.of(0, 1, 2, 3, 4), problems.keySet(), problems::toString);
        assertTrue(problems.get(2).contains("C -> D -> C"), problems.get(2));
        assertTrue(problems.get(4).contains("names 2 fields"), problems.get(4));
    }

    @Test
    void shown_hiddenFieldCountsAsEmpty_downTheChain() {
        List<FieldConditions.Node> nodes = List.of(node("Company?", null, null, "no"),
                node("Company", "Company?", "yes", "Acme"), node("VAT", "Company", null, "FR1"));

        assertEquals(Set.of(0), FieldConditions.shown(nodes));
    }

    /** 500 fields, each on the one before: every check walks the chain once, not once per field. */
    @Test
    void problemsAndShown_longestChain_answeredAtOnce() {
        List<FieldConditions.Node> nodes = new ArrayList<>();
        nodes.add(node("f0", null, null, "x"));
        for (int i = 1; i < 500; i++) {
            nodes.add(node("f" + i, "f" + (i - 1), null, "x"));
        }

        long started = System.nanoTime();
        assertEquals(Map.of(), FieldConditions.problems(nodes));
        assertEquals(500, FieldConditions.shown(nodes).size());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertTrue(millis < 500, millis + " ms");
    }
}
