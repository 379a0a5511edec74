package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Which SQL a database speaks is store's business, and the PostgreSQL URL is read in one place: outside
 * {@code store/} no code names the dialect (a comparison or switch on it needs its constants, and
 * {@code Database.dialect()} returns it), and one source file holds the {@code jdbc:postgresql:} prefix.
 * Whether several instances share the database is the deployment's question, asked as such. Read from
 * the compiled classes, as {@link LayeringTest} does.
 */
class DatabaseKindTest {
    private static final Path MAIN = Path.of("target", "classes");
    private static final Path TESTS = Path.of("target", "test-classes");
    private static final String DIALECT = "org/signet/store/Dialect";
    private static final String PREFIX = "jdbc:postgresql:";

    @Test
    void mainClasses_outsideStore_neverAskTheDatabaseKind() throws IOException {
        assertEquals(Set.of(), kindAskersOutsideStore(MAIN));
    }

    @Test
    void mainClasses_readThePostgresqlPrefixInOneFile() throws IOException {
        Set<String> readers = prefixReaders(MAIN);

        assertEquals(1, readers.size(), readers.toString());
    }

    @Test
    void kindAskersOutsideStore_testsNamingTheDialect_found() throws IOException {
        assertTrue(kindAskersOutsideStore(TESTS).contains("org/signet/support/BothDatabases"));
    }

    @Test
    void prefixReaders_testsWithPostgresqlUrls_foundInSeveralFiles() throws IOException {
        assertTrue(prefixReaders(TESTS).size() > 1);
    }

    @Test
    void asksKind_constantPools_judged() {
        assertTrue(asksKind(List.of("()L" + DIALECT + ";")));
        assertTrue(asksKind(List.of("locksRowsNow")));
        assertFalse(asksKind(List.of("org/signet/store/Deployment", "sharedByInstances")));
    }

    /** Source files (as class paths without inner-class suffixes) outside store/ whose classes name the dialect. */
    private static Set<String> kindAskersOutsideStore(Path root) throws IOException {
        Set<String> out = new TreeSet<>();
        for (Path file : classFiles(root)) {
            String name = sourceOf(root, file);
            if (!name.startsWith("org/signet/store/") && asksKind(LayeringTest.utf8Constants(file))) {
                out.add(name);
            }
        }
        return out;
    }

    /** Source files whose classes hold a text with the PostgreSQL JDBC prefix. */
    private static Set<String> prefixReaders(Path root) throws IOException {
        Set<String> out = new TreeSet<>();
        for (Path file : classFiles(root)) {
            if (LayeringTest.utf8Constants(file).stream().anyMatch(c -> c.contains(PREFIX))) {
                out.add(sourceOf(root, file));
            }
        }
        return out;
    }

    static boolean asksKind(List<String> constants) {
        return constants.stream().anyMatch(c -> c.contains(DIALECT + ";") || c.equals(DIALECT)
                || c.equals("locksRowsNow"));
    }

    private static List<Path> classFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root.resolve("org"))) {
            return files.filter(p -> p.toString().endsWith(".class")).toList();
        }
    }

    private static String sourceOf(Path root, Path classFile) {
        return root.relativize(classFile).toString().replace('\\', '/').replaceFirst("(\\$.*)?\\.class$", "");
    }
}
