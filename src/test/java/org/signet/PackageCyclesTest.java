package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two packages use each other, directly or through others: every arrow between rooms runs down,
 * even between the leaves that {@link LayeringTest} lets use one another. Read from the compiled
 * classes, as LayeringTest reads them.
 */
class PackageCyclesTest {

    @Test
    void compiledClasses_noPackageReachesBackToItself() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(LayeringTest.CLASSES)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String from = LayeringTest.packageOf(LayeringTest.CLASSES.relativize(file).toString()
                        .replace('\\', '/'));
                Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
                LayeringTest.referencedPackages(file).stream().filter(p -> !p.equals(from)).forEach(to::add);
            }
        }
        assertTrue(uses.size() > 20, "only " + uses.size() + " packages found");
        assertEquals(List.of(), cycles(uses));
    }

    @Test
    void cycles_twoLeavesUsingEachOther_reported() {
        Map<String, Set<String>> uses = Map.of("pdf", Set.of("text", "domain"), "text", Set.of("pdf"),
                "domain", Set.of(), "service", Set.of("pdf"));

        assertEquals(List.of("pdf -> text -> pdf"), cycles(uses));
        assertEquals(List.of(), cycles(Map.of("pdf", Set.of("domain"), "text", Set.of("domain"))));
    }

    /** Each package that reaches itself again, with the way back, once per package. */
    static List<String> cycles(Map<String, Set<String>> uses) {
        List<String> out = new ArrayList<>();
        Set<String> reported = new TreeSet<>();
        for (String start : new TreeSet<>(uses.keySet())) {
            List<String> path = pathBack(start, start, uses, new TreeSet<>());
            if (path != null && reported.add(new TreeSet<>(path).toString())) {
                out.add(start + " -> " + String.join(" -> ", path));
            }
        }
        return out;
    }

    /** A way from {@code at} to {@code target} through what each package uses, or null. */
    private static List<String> pathBack(String at, String target, Map<String, Set<String>> uses, Set<String> seen) {
        for (String next : uses.getOrDefault(at, Set.of())) {
            if (next.equals(target)) {
                return new ArrayList<>(List.of(next));
            }
            if (seen.add(next)) {
                List<String> rest = pathBack(next, target, uses, seen);
                if (rest != null) {
                    rest.add(0, next);
                    return rest;
                }
            }
        }
        return null;
    }
}
