package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.signet.service.DocumentStores;
import org.signet.service.SiteDefaults;

/**
 * Every main class takes what it needs in a few values: no constructor or method of more than
 * {@value #MOST} parameters (values that travel together are one record, such as the stores a document
 * spans in {@link DocumentStores}; records themselves are those values and are not counted), and no
 * service takes a {@code Boolean} whose null means "the site's default": the defaults are resolved once
 * ({@link SiteDefaults}).
 */
class ParameterCountTest {
    static final int MOST = 8;
    private static final Path CLASSES = Path.of("target", "classes");
    private static final Path SERVICE = CLASSES.resolve(Path.of("org", "signet", "service"));

    @Test
    void mainClasses_takeAtMostEightParameters() throws Exception {
        assertEquals(List.of(), overMost(classesUnder(CLASSES.resolve(Path.of("org", "signet")))));
    }

    @Test
    void overMost_namesAConstructorOfMoreThanEight() {
        assertEquals(List.of("Wide.<init>: 9"), overMost(List.of(Wide.class, Narrow.class)));
    }

    /** Too wide on purpose: the check above must still see it. */
    private static final class Wide {
        @SuppressWarnings("unused")
        Wide(int a, int b, int c, int d, int e, int f, int g, int h, int i) {}
    }

    /** A record is the parameter object, however many components it has. */
    private record Narrow(int a, int b, int c, int d, int e, int f, int g, int h, int i) {}

    private static List<String> overMost(List<Class<?>> classes) {
        List<String> over = new ArrayList<>();
        for (Class<?> c : classes) {
            if (!c.isRecord()) {
                for (Executable e : executables(c)) {
                    if (e.getParameterCount() > MOST) {
                        String name = e instanceof Constructor ? "<init>" : e.getName();
                        over.add(c.getSimpleName() + "." + name + ": " + e.getParameterCount());
                    }
                }
            }
        }
        return over;
    }

    @Test
    void serviceClasses_takeNoBooleanMeaningTheSiteDefault() throws Exception {
        List<String> found = new ArrayList<>();
        for (Class<?> c : classesUnder(SERVICE)) {
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

    private static List<Class<?>> classesUnder(Path dir) throws IOException, ClassNotFoundException {
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String file = CLASSES.relativize(p).toString().replaceFirst("\\.class$", "");
                String name = file.replace(p.getFileSystem().getSeparator(), ".");
                Class<?> c = Class.forName(name, false, ParameterCountTest.class.getClassLoader());
                if (!c.isSynthetic() && !c.isAnonymousClass()) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
