package org.signet.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The examples the README and the docs pages show (a Caddyfile, an nginx site, a systemd unit, curl
 * commands), read from the page that shows them, so that the tests run what readers copy and no page
 * can drift from what was tested.
 */
public final class DocExamples {
    public static final Path README = Path.of("README.md");
    /** Using the interface: the examples past the README's tour. */
    public static final Path GUIDE = Path.of("docs", "guide.md");
    /** Running a site: the proxy, cluster and systemd files. */
    public static final Path OPERATIONS = Path.of("docs", "operations.md");
    private static final String INDENT = "    ";

    private DocExamples() {
    }

    /**
     * The indented block that follows the first line naming {@code path} in backticks, without its
     * indent; blank lines inside it are kept, the block ends at the first line that is not indented.
     */
    public static String file(Path page, String path) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        int at = 0;
        while (at < lines.size() && !lines.get(at).contains("`" + path + "`")) {
            at++;
        }
        if (at == lines.size()) {
            throw new AssertionError(page + " names no file " + path);
        }
        at++;
        while (at < lines.size() && lines.get(at).isBlank()) {
            at++;
        }
        List<String> block = new ArrayList<>();
        for (; at < lines.size() && (lines.get(at).startsWith(INDENT) || lines.get(at).isBlank()); at++) {
            block.add(lines.get(at).isBlank() ? "" : lines.get(at).substring(INDENT.length()));
        }
        while (!block.isEmpty() && block.get(block.size() - 1).isEmpty()) {
            block.remove(block.size() - 1);
        }
        if (block.isEmpty()) {
            throw new AssertionError("no indented block follows " + path + " in " + page);
        }
        return String.join("\n", block) + "\n";
    }

    /**
     * The example block (indented lines, without their indent) that holds the first line containing
     * {@code marker}: the commands a reader copies.
     */
    public static List<String> block(Path page, String marker) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        int at = 0;
        while (at < lines.size() && !(lines.get(at).startsWith(INDENT) && lines.get(at).contains(marker))) {
            at++;
        }
        if (at == lines.size()) {
            throw new AssertionError(page + " has no example line holding " + marker);
        }
        int first = at;
        while (first > 0 && lines.get(first - 1).startsWith(INDENT)) {
            first--;
        }
        int end = at;
        while (end < lines.size() && lines.get(end).startsWith(INDENT)) {
            end++;
        }
        return lines.subList(first, end).stream().map(l -> l.substring(INDENT.length())).toList();
    }

    /** {@code text} with {@code from} replaced by {@code to}, failing when {@code from} is not there. */
    public static String replace(String text, String from, String to) {
        if (!text.contains(from)) {
            throw new AssertionError("the page's file no longer holds " + from + ":\n" + text);
        }
        return text.replace(from, to);
    }
}
