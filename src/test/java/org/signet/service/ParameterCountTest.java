package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The services take what they need in a few values: no constructor or method of more than
 * {@value #MOST} parameters (the stores a document spans are one {@link DocumentStores}), and no
 * {@code Boolean} whose null means "the site's default": the defaults are resolved once ({@link SiteDefaults}).
 */
class ParameterCountTest {
    static final int MOST = 8;
    private static final Path SERVICE = Path.of("target", "classes", "org", "signet", "service");

    @Test
    void serviceClasses_takeAtMostEightParameters() throws Exception {
        List<String> over = new ArrayList<>();
        for (Class<?> c : serviceClasses()) {
            if (!c.isRecord()) {
                for (Executable e : executables(c)) {
                    if (e.getParameterCount() > MOST) {
                        over.add(c.getSimpleName() + "." + e.getName() + ": " + e.getParameterCount());
                    }
                }
            }
        }
        assertEquals(List.of(), over);
    }

    @Test
    void serviceClasses_takeNoBooleanMeaningTheSiteDefault() throws Exception {
        List<String> found = new ArrayList<>();
        for (Class<?> c : serviceClasses()) {
            if (c.isRecord()) {
                for (RecordComponent rc : c.getRecordComponents()) {
                    if (rc.getType() == Boolean.class && rc.getName().equals("allowDelegation")) {
                        found.add(c.getSimpleName() + "." + rc.getName());
                    }
                }
                continue;
            }
            for (Executable e : executables(c)) {
                for (Class<?> t : e.getParameterTypes()) {
                    if (t == Boolean.class) {
                        found.add(c.getSimpleName() + "." + e.getName());
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    private static List<Executable> executables(Class<?> c) {
        List<Executable> all = new ArrayList<>(List.of(c.getDeclaredConstructors()));
        Stream.of(c.getDeclaredMethods()).filter(m -> !m.isSynthetic()).forEach(all::add);
        return all;
    }

    private static List<Class<?>> serviceClasses() throws IOException, ClassNotFoundException {
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(SERVICE)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = p.getFileName().toString().replaceFirst("\\.class$", "");
                Class<?> c = Class.forName("org.signet.service." + name, false, ParameterCountTest.class.getClassLoader());
                if (!c.isSynthetic() && !c.isAnonymousClass()) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
