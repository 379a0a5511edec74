package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One wiring: {@link Services} builds and nothing else (what a stopped run left is {@link Recovery}'s), cycles
 * are broken by passing the later part in rather than by one-element arrays filled afterwards, and the command
 * line asks the wiring for services instead of building stores of its own. Read from the sources.
 */
class WiringTest {
    private static final Path MAIN = Path.of("src", "main", "java", "org", "signet");
    /** {@code Foo[] foo = new Foo[1];}: a slot filled later, to reach what is built after its reader. */
    private static final Pattern ARRAY_HOLDER = Pattern.compile("\\[\\]\\s+[a-z]\\w*\\s*=\\s*new\\s+[A-Z][\\w.]*\\[[12]\\]");
    /** The steps that put a stopped run's leftovers in order. */
    private static final Pattern RECOVERY = Pattern.compile(
            "\\.(secureExisting|sealLeft|destroyLeftOver|releaseAbandoned|releaseStoppedRun|releaseStoppedSealClaims)\\(");
    /** A store, a file store or the vault opened by hand. */
    private static final Pattern STORE_BUILT = Pattern.compile("new [A-Z]\\w*Store\\(|new StoredFiles\\(|MasterKeyCheck\\.");

    @Test
    void mainSources_holdNoOneElementArrays() throws IOException {
        assertEquals(List.of(), matching(MAIN, ARRAY_HOLDER));
    }

    @Test
    void services_onlyBuild() throws IOException {
        String services = Files.readString(MAIN.resolve("Services.java"));

        assertFalse(RECOVERY.matcher(services).find(), "Services recovers");
        assertTrue(services.lines().count() <= 250, services.lines().count() + " lines");
    }

    @Test
    void commandLine_buildsNoStore() throws IOException {
        assertEquals(List.of(), matching(MAIN.resolve("cli"), STORE_BUILT));
    }

    @Test
    void patterns_findWhatTheyForbid() {
        assertTrue(ARRAY_HOLDER.matcher("BulkSendJob[] job = new BulkSendJob[1];").find());
        assertTrue(ARRAY_HOLDER.matcher("DocumentInput.Details[] details = new DocumentInput.Details[1];").find());
        assertTrue(RECOVERY.matcher("files.destroyLeftOver();").find());
        assertTrue(STORE_BUILT.matcher("new DocumentStore(db, clock)").find());
        assertTrue(STORE_BUILT.matcher("MasterKeyCheck.openVault(db, dir, clock)").find());
        assertFalse(ARRAY_HOLDER.matcher("byte[] buffer = new byte[8192];").find());
    }

    /** The files under {@code root} with a match of {@code pattern}, and the match. */
    private static List<String> matching(Path root, Pattern pattern) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java")).flatMap(p -> {
                try {
                    return pattern.matcher(Files.readString(p)).results().map(m -> root.relativize(p) + ": " + m.group());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }
}
