package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values reach markup only through {@link Html}: no other main file escapes by hand, neither calling an
 * escaping function nor writing one. One missed call to such a function would be a cross-site scripting hole;
 * with the builder a forgotten value is still text.
 */
class HtmlEscapingGuardTest {
    private static final Path MAIN = Path.of("src/main/java");
    /** The builder, the one place that escapes. */
    private static final String BUILDER = "org/signet/text/Html.java";
    /**
     * Files whose "escape" is no HTML: the strict PDF reader reads a literal string's backslash escapes, it
     * writes no markup.
     */
    private static final Set<String> NOT_HTML = Set.of("org/signet/pdf/updates/RawLexer.java");
    /** A call to, or the definition of, a function named as an escaper. */
    private static final Pattern ESCAPER = Pattern.compile(
            "\\b(?:esc|escape|escapeHtml|escapeXml|htmlEscape|escapeAttribute)\\s*\\(", Pattern.CASE_INSENSITIVE);
    /** The entities an escaper writes, as they appear in its string or character literals. */
    private static final Pattern ENTITY = Pattern.compile("\"&(?:lt|gt|amp|quot|#39|#x27|apos);\"");

    @Test
    void mainSources_escapeOnlyInTheBuilder() throws IOException {
        assertEquals(List.of(), offenders(MAIN));
    }

    @Test
    void offenders_callsDefinitionsAndEntitiesElsewhere_reported(@TempDir Path root) throws IOException {
        write(root, BUILDER, "static String escape(String s) { return s.replace(\"<\", \"&lt;\"); }");
        write(root, "org/signet/web/Page.java", "String p = \"<p>\" + esc(name) + \"</p>\";");
        write(root, "org/signet/mail/Mail.java", "static String escapeHtml (String v) { return v; }");
        write(root, "org/signet/web/Own.java", "case '&' -> out.append(\"&amp;\");");
        write(root, "org/signet/web/Clean.java", "Html.of(\"<p>{}</p>\", name); // escaped(...) by the builder");
        write(root, "org/signet/pdf/updates/RawLexer.java", "escape(out);");

        assertEquals(List.of("org/signet/mail/Mail.java:2: escapeHtml (", "org/signet/web/Own.java:2: \"&amp;\"",
                "org/signet/web/Page.java:2: esc("), offenders(root));
    }

    /** Each line outside the builder that escapes by hand, as "path:line: what". */
    static List<String> offenders(Path root) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = root.relativize(file).toString().replace('\\', '/');
                if (!name.equals(BUILDER) && !NOT_HTML.contains(name)) {
                    scan(name, Files.readAllLines(file), found);
                }
            }
        }
        return found;
    }

    private static void scan(String name, List<String> lines, List<String> found) {
        for (int i = 0; i < lines.size(); i++) {
            for (Pattern p : List.of(ESCAPER, ENTITY)) {
                Matcher m = p.matcher(lines.get(i));
                while (m.find()) {
                    found.add(name + ":" + (i + 1) + ": " + m.group());
                }
            }
        }
    }

    private static void write(Path root, String name, String line) throws IOException {
        Path file = root.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "class X {\n" + line + "\n}\n");
    }
}
