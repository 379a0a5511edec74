package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages make markup one way: the markup is what {@link Html#of} and {@link Html#trusted} are given, written out
 * in the source as string literals, and every value goes into a hole. No page class concatenates a value (a
 * constant included) into markup, formats markup with {@code String.format} or {@code formatted}, or appends it to
 * a {@code StringBuilder}: each of those is a place where a value could one day arrive unescaped. The scan reads
 * every Java file under {@code web/} and {@code web/admin/}, string literals and text blocks told from code.
 */
class HtmlPatternsGuardTest {
    private static final Path MAIN = Path.of("src/main/java");
    private static final String PAGES = "org/signet/web/";
    /**
     * The one file that writes markup around text made safe another way: the page script's words as a JSON data
     * block, whose {@code <}, {@code >} and {@code &} are JSON escapes, so nothing in it can end the element.
     */
    private static final Map<String, String> OWN_ESCAPING = Map.of("org/signet/web/PageText.java", "a JSON data block");

    @Test
    void pageSources_writeMarkupOnlyAsLiteralPatterns() throws IOException {
        assertEquals(List.of(), offenders(MAIN));
    }

    @Test
    void offenders_concatenatedFormattedAndAppendedMarkup_reported(@TempDir Path root) throws IOException {
        write(root, "org/signet/web/A.java", "Html a = Html.of(\"<p class=\\\"\" + style + \"\\\">{}</p>\", name);");
        write(root, "org/signet/web/B.java", "String b = \"<li>\" + name + \"</li>\";");
        write(root, "org/signet/web/admin/C.java", "Html c = Html.trusted(\"<a href=\\\"\" + HREF + \"\\\">\");");
        write(root, "org/signet/web/D.java", "String d = \"\"\"\n<b>%s</b>\n\"\"\".formatted(x);");
        write(root, "org/signet/web/E.java", "out.append(\"<td>\"); String e = String.format(\"<i>%s</i>\", x);");
        write(root, "org/signet/web/F.java", "Html f = Html.trusted(markup);");
        write(root, "org/signet/web/Clean.java", "Html ok = Html.of(\"<p>{}</p>\\n\" // \"<b>\" + x\n + \"<i>{}</i>\", a, b);"
                + " Html t = on ? Html.trusted(\" checked=\\\"checked\\\"\") : Html.EMPTY; String s = \"a<b\".length() + \"\";"
                + " /* \"<p>\" + x */");
        write(root, "org/signet/mail/Elsewhere.java", "String m = \"<p>\" + name;");

        assertEquals(List.of("org/signet/web/A.java:2: markup joined to a value",
                "org/signet/web/A.java:2: markup pattern not written out",
                "org/signet/web/B.java:2: markup joined to a value",
                "org/signet/web/D.java:4: markup formatted",
                "org/signet/web/E.java:2: markup appended",
                "org/signet/web/E.java:2: markup formatted",
                "org/signet/web/F.java:2: markup pattern not written out",
                "org/signet/web/admin/C.java:2: markup joined to a value",
                "org/signet/web/admin/C.java:2: markup pattern not written out"), offenders(root));
    }

    /** Each place under the pages' packages that makes markup by hand, as "path:line: what", sorted. */
    static List<String> offenders(Path root) throws IOException {
        List<String> found = new ArrayList<>();
        Path pages = root.resolve(PAGES);
        if (!Files.isDirectory(pages)) {
            return found;
        }
        try (Stream<Path> files = Files.walk(pages)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = root.relativize(file).toString().replace('\\', '/');
                if (!OWN_ESCAPING.containsKey(name)) {
                    scan(name, JavaTokens.of(Files.readString(file)), found);
                }
            }
        }
        return found.stream().distinct().sorted().toList();
    }

    private static void scan(String name, List<JavaTokens.Token> tokens, List<String> found) {
        for (int i = 0; i < tokens.size(); i++) {
            JavaTokens.Token t = tokens.get(i);
            if (t.isWord("Html") && text(tokens, i + 1).equals(".") && (text(tokens, i + 2).equals("of")
                    || text(tokens, i + 2).equals("trusted")) && text(tokens, i + 3).equals("(")
                    && !writtenOut(tokens, i + 4)) {
                found.add(name + ":" + t.line() + ": markup pattern not written out");
            }
            if (!t.isMarkup()) {
                continue;
            }
            if (joinedToValue(tokens, i)) {
                found.add(name + ":" + t.line() + ": markup joined to a value");
            }
            if (text(tokens, i + 1).equals(".") && text(tokens, i + 2).equals("formatted")
                    || calledBy(tokens, i, "format")) {
                found.add(name + ":" + tokens.get(i + (calledBy(tokens, i, "format") ? 0 : 2)).line() + ": markup formatted");
            }
            if (calledBy(tokens, i, "append")) {
                found.add(name + ":" + t.line() + ": markup appended");
            }
        }
    }

    /** Whether the argument from {@code from} is literals joined by {@code +} only, up to its comma or parenthesis. */
    private static boolean writtenOut(List<JavaTokens.Token> tokens, int from) {
        boolean any = false;
        for (int i = from; i < tokens.size(); i++) {
            String s = text(tokens, i);
            if (s.equals(",") || s.equals(")")) {
                return any;
            }
            if (!tokens.get(i).literal() && !s.equals("+")) {
                return false;
            }
            any |= tokens.get(i).literal();
        }
        return false;
    }

    /** A markup literal with {@code +} on a side whose other operand is not a literal. */
    private static boolean joinedToValue(List<JavaTokens.Token> tokens, int i) {
        boolean before = text(tokens, i - 1).equals("+") && !literalAt(tokens, i - 2);
        boolean after = text(tokens, i + 1).equals("+") && !literalAt(tokens, i + 2);
        return before || after;
    }

    /** Whether the literal at {@code i} is the first argument of a method named {@code method}. */
    private static boolean calledBy(List<JavaTokens.Token> tokens, int i, String method) {
        return text(tokens, i - 1).equals("(") && text(tokens, i - 2).equals(method);
    }

    private static boolean literalAt(List<JavaTokens.Token> tokens, int i) {
        return i >= 0 && i < tokens.size() && tokens.get(i).literal();
    }

    private static String text(List<JavaTokens.Token> tokens, int i) {
        return i >= 0 && i < tokens.size() && !tokens.get(i).literal() ? tokens.get(i).text() : "";
    }

    private static void write(Path root, String name, String line) throws IOException {
        Path file = root.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "class X {\n" + line + "\n}\n");
    }
}
