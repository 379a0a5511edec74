package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Nothing but SQLite touches SQLite's files. On Linux, closing any descriptor of a file drops every
 * POSIX lock the process holds on it, the locks SQLite holds included; a process that then opens the
 * database believes it is alone and rebuilds the WAL index under the live writer (SQLite's "How To
 * Corrupt An SQLite Database File", 2.2). Signet once read the index through a mapping of its own and
 * ended with SIGBUS the first time the command line opened the database. So the main sources are read
 * here, as {@code LayeringTest} reads the classes: no code names SQLite's side files or maps a file,
 * the database's file name is spelt in one place, and the few that ask for its path say why.
 */
class SqliteFilesTest {
    private static final Path SOURCES = Path.of("src", "main", "java");
    /** A string literal ending in a SQLite side file's suffix, or naming one. */
    private static final Pattern SIDE_FILE = Pattern.compile("\"[^\"\\n]*-(shm|wal|journal)\"");
    private static final Pattern FILE_NAME = Pattern.compile("\"signet\\.db\"");
    private static final Pattern MAPPING = Pattern.compile("MapMode|MappedByteBuffer");
    private static final Pattern DATABASE_FILE = Pattern.compile("\\bdatabaseFile\\(");

    /** Where the database's name may be spelt: the data folder's own, and the name of a backup's copy. */
    private static final Set<String> NAME_SPELT_IN = Set.of("org/signet/store/DataFolder.java",
            "org/signet/service/BackupFolder.java");

    /** Who may ask the data folder for the database's path, and what they do with it. */
    private static final Map<String, String> PATH_ASKED_BY = Map.of(
            "org/signet/store/DataFolder.java", "opens it through SQLite, or looks at its folder entry",
            "org/signet/cli/DbCommand.java", "names it in a refusal",
            "org/signet/bench/RawInserts.java", "hands its own scratch database to SQLite for the raw baseline");

    @Test
    void mainSources_touchSqlitesFilesOnlyThroughSqlite() throws IOException {
        List<String> found = new ArrayList<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                read++;
                String name = SOURCES.relativize(file).toString().replace('\\', '/');
                String code = withoutComments(Files.readString(file, StandardCharsets.UTF_8));
                every(SIDE_FILE, code, m -> found.add(name + " names a SQLite side file: " + m));
                every(MAPPING, code, m -> found.add(name + " maps a file into memory: " + m));
                if (!NAME_SPELT_IN.contains(name)) {
                    every(FILE_NAME, code, m -> found.add(name + " spells the database's file name: " + m));
                }
                if (!PATH_ASKED_BY.containsKey(name)) {
                    every(DATABASE_FILE, code, m -> found.add(name + " asks for the database's path"));
                }
            }
        }
        assertTrue(read > 100, "the main sources were read from " + SOURCES.toAbsolutePath());
        assertEquals(List.of(), found);
    }

    @Test
    void check_findsWhatItLooksFor() {
        List<String> found = new ArrayList<>();
        String code = withoutComments("""
                Path index = db.resolveSibling(name + "-shm"); // "-wal" in a comment is fine
                /* "-journal" too */ FileChannel.open(index).map(FileChannel.MapMode.READ_ONLY, 0, 48);
                """);
        every(SIDE_FILE, code, found::add);
        every(MAPPING, code, found::add);
        assertEquals(List.of("\"-shm\"", "MapMode"), found);
    }

    private interface Found {
        void add(String match);
    }

    private static void every(Pattern p, String code, Found found) {
        Matcher m = p.matcher(code);
        while (m.find()) {
            found.add(m.group());
        }
    }

    /** The code with its comments blanked (strings and text blocks kept), so that explaining the rule does not break it. */
    static String withoutComments(String code) {
        StringBuilder out = new StringBuilder(code.length());
        int i = 0;
        while (i < code.length()) {
            if (code.startsWith("//", i)) {
                i = code.indexOf('\n', i) < 0 ? code.length() : code.indexOf('\n', i);
            } else if (code.startsWith("/*", i)) {
                int end = code.indexOf("*/", i + 2);
                i = end < 0 ? code.length() : end + 2;
                out.append(' ');
            } else if (code.startsWith("\"\"\"", i)) {
                int end = code.indexOf("\"\"\"", i + 3);
                end = end < 0 ? code.length() : end + 3;
                out.append(code, i, end);
                i = end;
            } else if (code.charAt(i) == '"' || code.charAt(i) == '\'') {
                int end = literalEnd(code, i);
                out.append(code, i, end);
                i = end;
            } else {
                out.append(code.charAt(i++));
            }
        }
        return out.toString();
    }

    /** Just past the string or character literal opening at {@code start}. */
    private static int literalEnd(String code, int start) {
        char quote = code.charAt(start);
        int i = start + 1;
        while (i < code.length() && code.charAt(i) != quote && code.charAt(i) != '\n') {
            i += code.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(code.length(), i + 1);
    }
}
