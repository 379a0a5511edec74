package org.signet.domain;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The conditions among a document's (or a template's) fields: which are refused at save (a condition on
 * a field that is not there, on the field itself, or in a loop), and which fields a set of values shows.
 * A condition names the other field by its {@code field_name}, which must name exactly one field.
 */
public final class FieldConditions {
    /** What a condition needs of one field: its name, type, condition (or null) and value so far. */
    public record Node(String name, FieldType type, FieldRules.Condition condition, String value) {}

    private FieldConditions() {}

    /** The problem of each field whose condition cannot stand, by index, phrased to follow "Field n: ". */
    public static Map<Integer, String> problems(List<Node> nodes) {
        Map<String, List<Integer>> byName = byName(nodes);
        Map<Integer, String> out = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            FieldRules.Condition c = nodes.get(i).condition();
            if (c == null) {
                continue;
            }
            List<Integer> named = byName.getOrDefault(c.fieldName(), List.of());
            if (c.fieldName().equals(nodes.get(i).name())) {
                out.put(i, "condition.field_name cannot name the field itself.");
            } else if (named.isEmpty()) {
                out.put(i, "condition.field_name '" + c.fieldName() + "' names no field of this document.");
            } else if (named.size() > 1) {
                out.put(i, "condition.field_name '" + c.fieldName() + "' names " + named.size()
                        + " fields; it must name exactly one.");
            } else if (inLoop(nodes, byName, i)) {
                out.put(i, "its condition is part of a loop of conditions (" + loop(nodes, byName, i) + ").");
            }
        }
        return out;
    }

    /** The indexes of the fields shown with their values as given: those whose conditions hold, in a chain. */
    public static Set<Integer> shown(List<Node> nodes) {
        Map<String, List<Integer>> byName = byName(nodes);
        Map<Integer, Boolean> known = new HashMap<>();
        Set<Integer> shown = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (holds(nodes, byName, i, known, new HashSet<>())) {
                shown.add(i);
            }
        }
        return shown;
    }

    /**
     * A field hidden by its own condition counts as empty for the conditions on it; a loop shows nothing.
     * Each answer is remembered, so a long chain of conditions is walked once, not once per field.
     */
    private static boolean holds(List<Node> nodes, Map<String, List<Integer>> byName, int i,
            Map<Integer, Boolean> known, Set<Integer> seen) {
        Boolean answer = known.get(i);
        if (answer != null) {
            return answer;
        }
        FieldRules.Condition c = nodes.get(i).condition();
        boolean holds;
        if (c == null) {
            holds = true;
        } else {
            int j = next(nodes, byName, i);
            if (j < 0 || !seen.add(i)) {
                return false;
            }
            Node target = nodes.get(j);
            holds = c.holds(target.type(), holds(nodes, byName, j, known, seen) ? target.value() : "");
        }
        known.put(i, holds);
        return holds;
    }

    /** Each name with the fields that have it, so that a condition's field is found at once. */
    private static Map<String, List<Integer>> byName(List<Node> nodes) {
        Map<String, List<Integer>> out = new HashMap<>();
        for (int j = 0; j < nodes.size(); j++) {
            out.computeIfAbsent(nodes.get(j).name(), k -> new ArrayList<>()).add(j);
        }
        return out;
    }

    /** The field each condition leads to, or -1 where the chain ends. */
    private static int next(List<Node> nodes, Map<String, List<Integer>> byName, int i) {
        FieldRules.Condition c = nodes.get(i).condition();
        List<Integer> named = c == null ? List.of() : byName.getOrDefault(c.fieldName(), List.of());
        return named.size() == 1 ? named.get(0) : -1;
    }

    /** Whether following the conditions from {@code start} comes back to it; a chain longer than the fields cannot. */
    private static boolean inLoop(List<Node> nodes, Map<String, List<Integer>> byName, int start) {
        int at = next(nodes, byName, start);
        for (int steps = 0; at >= 0 && steps < nodes.size(); steps++) {
            if (at == start) {
                return true;
            }
            at = next(nodes, byName, at);
        }
        return false;
    }

    private static String loop(List<Node> nodes, Map<String, List<Integer>> byName, int start) {
        List<String> names = new ArrayList<>(List.of(nodes.get(start).name()));
        for (int at = next(nodes, byName, start); at != start; at = next(nodes, byName, at)) {
            names.add(nodes.get(at).name());
        }
        names.add(nodes.get(start).name());
        return String.join(" -> ", names);
    }
}
