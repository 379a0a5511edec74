package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Dependencies point one way (the entry point {@code Main}, then cli, then the wiring ({@code App},
 * {@code Services}), then bench, then web/api/metrics/http, jobs, service, mail/webhook, store, domain; the leaves
 * json, text, crypto, files, pdf, evidence, config, log, concurrent and error under all of them, and process, which
 * starts child processes for the bench and the tests). bench drives Signet
 * from outside, as a separate process, so it sits under the command line that starts it and uses no more than
 * the stores and configuration it prepares a data folder with. The http core uses no service: it declares the
 * questions it asks (who a key is, what an idempotency key holds). Read from the compiled classes, so a fully
 * qualified use without an import is caught as well as an import.
 */
class LayeringTest {
    static final Path CLASSES = Path.of("target", "classes", "org", "signet");
    private static final Pattern SIGNET_CLASS = Pattern.compile("org/signet/([a-z/]*?)/?([A-Z][A-Za-z0-9_$]*)");

    /**
     * The entry point's own layer: {@code org.signet.Main} only hands the command line to {@code cli}, which
     * starts the wiring in the root package, so Main sits above cli and the rest of the root package below it.
     */
    static final String ENTRY = "Main";

    /** Higher ranks may use lower ones; leaves (rank 0) may use only leaves and domain. */
    private static final Map<String, Integer> RANK = Map.ofEntries(
            Map.entry(ENTRY, 11), Map.entry("cli", 10), Map.entry("", 9),
            Map.entry("bench", 8),
            Map.entry("web", 7), Map.entry("web/admin", 7), Map.entry("api", 7), Map.entry("metrics", 7), Map.entry("http", 6), Map.entry("http/multipart", 6),
            Map.entry("jobs", 5),
            Map.entry("service", 4),
            Map.entry("mail", 3), Map.entry("webhook", 3),
            Map.entry("store", 2),
            Map.entry("domain", 1),
            Map.entry("json", 0), Map.entry("webauthn", 0), Map.entry("text", 0), Map.entry("crypto", 0), Map.entry("files", 0),
            Map.entry("pdf/read", 0), Map.entry("pdf/intake", 0), Map.entry("pdf/render", 0),
            Map.entry("pdf/fonts", 0), Map.entry("pdf/finish", 0), Map.entry("pdf/seal", 0), Map.entry("pdf/verify", 0),
            Map.entry("pdf/updates", 0), Map.entry("evidence", 0), Map.entry("config", 0), Map.entry("http/front", 0),
            Map.entry("log", 0), Map.entry("concurrent", 0), Map.entry("process", 0), Map.entry("error", 0),
            Map.entry("oidc", 0));

    /** Handlers call services only: the web layer never reaches past them into the stores. */
    private static final Set<String> WEB = Set.of("web", "web/admin", "api", "metrics", "http", "http/multipart");

    /** Why {@code from} may not use {@code to} (packages as paths below org/signet), or null when it may. */
    static String violation(String from, String to) {
        if (from.equals(to)) {
            return null;
        }
        Integer f = RANK.get(from);
        Integer t = RANK.get(to);
        if (f == null || t == null) {
            return "package not placed in a layer: " + (f == null ? from : to);
        }
        if (f == 0) {
            return t <= 1 ? null : "a leaf uses " + to;
        }
        if (WEB.contains(from) && to.equals("store")) {
            return "the web layer reaches into the stores";
        }
        if (from.startsWith("http") && to.equals("service")) {
            return "the http core knows no service: it declares what it needs, and the wiring supplies it";
        }
        if (t == 0 || f > t) {
            return null;
        }
        if (f.equals(t) && WEB.contains(from) && !from.startsWith("http") && to.startsWith("http")) {
            return null; // api and web build on the http core, never the other way round
        }
        return "points up or sideways: " + from + " (" + f + ") uses " + to + " (" + t + ")";
    }

    @Test
    void compiledClasses_dependOnlyDownward() throws IOException {
        List<String> problems = new ArrayList<>();
        int classes = 0;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                classes++;
                String from = packageOf(CLASSES.relativize(file).toString().replace('\\', '/'));
                for (String to : referencedPackages(file)) {
                    String why = violation(from, to);
                    if (why != null) {
                        problems.add(CLASSES.relativize(file) + " -> " + to + ": " + why);
                    }
                }
            }
        }
        assertTrue(classes > 100, "only " + classes + " classes found under " + CLASSES);
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void violation_upwardAndSidewaysUses_reported() {
        assertTrue(violation("service", "http") != null);
        assertTrue(violation("service", "api") != null);
        assertTrue(violation("store", "service") != null);
        assertTrue(violation("store", "mail") != null);
        assertTrue(violation("api", "store") != null);
        assertTrue(violation("web", "store") != null);
        assertTrue(violation("http", "api") != null);
        assertTrue(violation("api", "web") != null);
        assertTrue(violation("domain", "store") != null);
        assertTrue(violation("pdf/verify", "service") != null);
        assertTrue(violation("mail", "service") != null);
        assertTrue(violation("jobs", "api") != null);
        assertTrue(violation("service", "jobs") != null);
        assertTrue(violation("bench", "cli") != null);
        assertTrue(violation("bench", "") != null);
        assertTrue(violation("api", "bench") != null);
        assertTrue(violation("metrics", "store") != null);
        assertTrue(violation("http", "metrics") != null);
        assertTrue(violation("log", "http") != null);
        assertTrue(violation("http", "service") != null);
        assertTrue(violation("http/multipart", "service") != null);
        assertTrue(violation("error", "http") != null);
        assertTrue(violation("error", "service") != null);
    }

    @Test
    void violation_arrowsIntoCliFromBelow_reported() {
        assertTrue(violation("", "cli") != null, "the wiring (App, Services) uses the command line");
        assertTrue(violation("bench", "cli") != null);
        assertTrue(violation("service", "cli") != null);
        assertTrue(violation("config", "cli") != null);
        assertTrue(violation("cli", ENTRY) != null);
        assertEquals(null, violation("cli", ""));
        assertEquals(null, violation(ENTRY, "cli"));
    }

    @Test
    void layerOf_entryPointAndItsInnerClasses_standApartFromTheRootPackage() {
        assertEquals(ENTRY, layerOf("", "Main"));
        assertEquals(ENTRY, layerOf("", "Main$1"));
        assertEquals("", layerOf("", "Services"));
        assertEquals("", layerOf("", "MainThing"));
        assertEquals("cli", layerOf("cli", "Main"));
    }

    @Test
    void violation_downwardUses_allowed() {
        for (String[] ok : List.of(new String[] {"api", "service"}, new String[] {"api", "http"},
                new String[] {"service", "store"}, new String[] {"service", "mail"}, new String[] {"jobs", "service"},
                new String[] {"store", "domain"}, new String[] {"pdf/intake", "domain"}, new String[] {"cli", "store"},
                new String[] {"service", "pdf/seal"}, new String[] {"http", "error"},
                new String[] {"service", "error"}, new String[] {"http/front", "error"}, new String[] {"error", "json"},
                new String[] {"cli", "bench"}, new String[] {"bench", "store"}, new String[] {"bench", "config"},
                new String[] {"metrics", "service"}, new String[] {"metrics", "http"}, new String[] {"http", "log"},
                new String[] {"", "concurrent"}, new String[] {"pdf/read", "concurrent"}, new String[] {"", "config"},
                new String[] {"cli", ""}, new String[] {ENTRY, "cli"})) {
            assertEquals(null, violation(ok[0], ok[1]), ok[0] + " -> " + ok[1]);
        }
    }

    @Test
    void referencedPackages_readFromTheClassFile() throws IOException {
        Set<String> used = referencedPackages(CLASSES.resolve("service/Documents.class"));

        assertTrue(used.containsAll(Set.of("store", "domain", "json", "text")), used.toString());
        assertTrue(!used.contains("http") && !used.contains("api"), used.toString());
    }

    static String packageOf(String classPath) {
        int slash = classPath.lastIndexOf('/');
        String pkg = slash < 0 ? "" : classPath.substring(0, slash);
        return layerOf(pkg, classPath.substring(slash + 1).replaceFirst("\\.class$", ""));
    }

    /** The layer of class {@code name} in package {@code pkg}: its package, except for the entry point. */
    static String layerOf(String pkg, String name) {
        return pkg.isEmpty() && name.matches(ENTRY + "(\\$.*)?") ? ENTRY : pkg;
    }

    /** Every org.signet package named in the class file's constant pool: classes, descriptors, signatures. */
    static Set<String> referencedPackages(Path classFile) throws IOException {
        Set<String> out = new TreeSet<>();
        for (String text : utf8Constants(classFile)) {
            Matcher m = SIGNET_CLASS.matcher(text);
            while (m.find()) {
                out.add(layerOf(m.group(1), m.group(2)));
            }
        }
        return out;
    }

    /** The UTF-8 entries of a class file's constant pool (JVMS 4.4). */
    static List<String> utf8Constants(Path classFile) throws IOException {
        try (InputStream raw = Files.newInputStream(classFile); DataInputStream in = new DataInputStream(raw)) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file: " + classFile);
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            List<String> out = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> out.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // a long or double takes two entries
                    }
                    default -> throw new IOException("unknown constant tag " + tag + " in " + classFile);
                }
            }
            return out;
        }
    }
}
