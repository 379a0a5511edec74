package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository's reference stays the one the code points to: no source cites a document outside the
 * repository, every {@code docs/...md, Heading} a comment (or a docs page) cites exists with that
 * heading, every link of the README and the docs pages reaches a file and a heading that exist,
 * the README stays a front door, and docs/api/errors.md lists every error code the code can answer.
 */
class DocsTest {
    private static final Path SRC = Path.of("src");
    private static final Path DOCS = Path.of("docs");
    private static final Path README = Path.of("README.md");
    private static final Path ARCHITECTURE = DOCS.resolve("architecture.md");
    private static final Path MAIN_PACKAGES = SRC.resolve(Path.of("main", "java", "org", "signet"));
    /** The README leads into docs/ rather than holding everything: about a screen of prose and a tour. */
    private static final int README_MOST_LINES = 300;
    private static final Path ERRORS_PAGE = DOCS.resolve("api").resolve("errors.md");
    private static final Set<String> TEXT_FILES = Set.of("java", "js", "sql", "properties", "html", "css", "txt", "json", "md");
    private static final String SELF = "DocsTest.java";

    /**
     * Citations of documents a reader of the repository does not have: a section number or the old name
     * of the interface's outside description in parentheses, "of" or "see" a section number, that name
     * after "the", the specification file or the shared folder. The name is spelled with a repetition
     * count below, so that this list is not itself such a citation.
     */
    private static final List<Pattern> OUTSIDE = List.of(
            Pattern.compile("\\((S[0-9]+|se{2}d)\\b"),
            Pattern.compile("\\b(?:of|see|in|and|per) S[0-9]{1,2}\\b"),
            Pattern.compile("\\bthe se{2}d(?:'s)?\\b"),
            Pattern.compile("SPEC\\.md|\\.\\./shared/"));

    /** A comment's citation: a docs path, optionally with ", Heading" (ended by punctuation or the line). */
    private static final Pattern SOURCE_CITATION = Pattern.compile("\\bdocs/([A-Za-z0-9_/-]+\\.md)(?:, ([^.,;:)*\\n]+))?");
    /** A docs page's citation of another: {@code [x.md](x.md), Heading}. */
    private static final Pattern DOCS_CITATION = Pattern.compile("\\]\\(([A-Za-z0-9_./-]+\\.md)\\)(?:, ([A-Z][^.,;:)]*))?");

    /** A Markdown link to a file or heading of the repository: {@code [x](path.md#anchor)} or {@code [x](#anchor)}. */
    private static final Pattern LINK = Pattern.compile("\\]\\((?![a-z]+:)([^)#\\s]*)(?:#([^)\\s]+))?\\)");

    /**
     * Where the code names an error code, however the error type is called: a refusal factory's first
     * argument ({@code invalid}, {@code conflict}, {@code tooMany}), a code after a status
     * ({@code (404, "rest_no_route", ...)}) or after a refusal kind ({@code (Kind.CONFLICT, "seal_pending", ...)}),
     * and the typed-text rule's detail codes.
     */
    private static final List<Pattern> CODE_SITES = List.of(
            Pattern.compile("(?:\\b[A-Z]\\w*\\.|(?<![.\\w]))(?:invalid|conflict|tooMany|unauthorized|unavailable)\\s*\\(\\s*\"([a-z][a-z0-9_]*)\""),
            Pattern.compile("\\(\\s*[1-5][0-9]{2}\\s*,\\s*\"([a-z][a-z0-9_]*)\"\\s*,"),
            Pattern.compile("\\bKind\\.[A-Z_]+\\s*,\\s*\"([a-z][a-z0-9_]*)\""),
            Pattern.compile("\\b[A-Z_]+\\(\"(text_[a-z_]+)\"\\)"));

    @Test
    void sources_citeNoDocumentOutsideTheRepository() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : sourceFiles()) {
            List<String> lines = read(file).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                for (Pattern p : OUTSIDE) {
                    if (p.matcher(lines.get(i)).find()) {
                        found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertEquals(List.of(), found, String.join("\n", found));
    }

    @Test
    void sourceComments_citeDocsPagesAndHeadingsThatExist() throws IOException {
        List<String> problems = new ArrayList<>();
        int citations = 0;
        for (Path file : sourceFiles()) {
            Matcher m = SOURCE_CITATION.matcher(read(file));
            while (m.find()) {
                citations++;
                check(DOCS.resolve(m.group(1)), m.group(2), file + " cites " + m.group(), problems);
            }
        }
        assertTrue(citations >= 20, "only " + citations + " citations of docs/ found under src");
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void docsPages_citeEachOtherByHeadingsThatExist() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = DOCS_CITATION.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                String heading = m.group(2) == null ? null : m.group(2).replaceAll("\\s+", " ");
                check(page.getParent().resolve(m.group(1)).normalize(), heading, page + " cites " + m.group(), problems);
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void readme_leadsIntoDocsInAtMostThreeHundredLines() throws IOException {
        int lines = Files.readAllLines(README, StandardCharsets.UTF_8).size();
        assertTrue(lines <= README_MOST_LINES, "README.md has " + lines + " lines; move the detail into docs/");
    }

    @Test
    void links_reachFilesAndHeadingsThatExist() throws IOException {
        List<String> problems = new ArrayList<>();
        List<Path> pages = new ArrayList<>(pages());
        pages.add(README);
        for (Path page : pages) {
            Matcher m = LINK.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                Path target = m.group(1).isEmpty() ? page : resolve(page, m.group(1));
                if (!Files.exists(target)) {
                    problems.add(page + " links to " + m.group(1) + ": no such file");
                } else if (m.group(2) != null && !anchors(target).contains(m.group(2))) {
                    problems.add(page + " links to " + m.group() + ": " + target + " has no heading with that anchor");
                }
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void architecture_layerTableNamesEveryPackage() throws IOException {
        String page = Files.readString(ARCHITECTURE, StandardCharsets.UTF_8);
        int at = page.indexOf("\n## Layers\n");
        assertTrue(at >= 0, ARCHITECTURE + " has no section Layers");
        String layers = page.substring(at, page.indexOf("\n## ", at + 1));
        List<String> missing = new ArrayList<>();
        try (Stream<Path> all = Files.walk(MAIN_PACKAGES)) {
            for (Path dir : all.filter(Files::isDirectory).filter(d -> !d.equals(MAIN_PACKAGES)).toList()) {
                String name = MAIN_PACKAGES.relativize(dir).toString().replace('\\', '/');
                if (!layers.contains("`" + name + "`")) {
                    missing.add(name);
                }
            }
        }
        assertEquals(List.of(), missing, "packages the layer table of " + ARCHITECTURE + " leaves out");
    }

    @Test
    void anchor_asTheRenderedPageNamesAHeading() {
        assertEquals("as-a-service-systemd", anchor("As a service (systemd)"));
        assertEquals("safe-retries-idempotency-keys", anchor("Safe retries: idempotency keys"));
        assertEquals("the-signers-pages", anchor("The signer's pages"));
        assertEquals("http-and-https", anchor("`http` and HTTPS"));
    }

    @Test
    void errorsPage_listsEveryErrorCodeTheCodeAnswers() throws IOException {
        Set<String> codes = new TreeSet<>();
        for (Path file : javaFiles(SRC.resolve("main"))) {
            codes.addAll(errorCodes(Files.readString(file, StandardCharsets.UTF_8)));
        }
        // Without these the search has lost its way (a renamed type, a new idiom): make it find them again.
        assertTrue(codes.containsAll(Set.of("rest_no_route", "rest_forbidden", "forbidden", "not_found",
                "rest_invalid_param", "rest_missing_callback_param", "not_your_turn", "busy", "uri_too_long",
                "internal_server_error", "text_line_break")), "codes found: " + codes);
        String page = Files.readString(ERRORS_PAGE, StandardCharsets.UTF_8);
        List<String> missing = codes.stream().filter(c -> !page.contains("`" + c + "`")).toList();
        assertEquals(List.of(), missing, "error codes missing from " + ERRORS_PAGE);
    }

    @Test
    void errorCodes_foundInEachWayTheyAreWritten() {
        assertEquals(Set.of("a_code"), errorCodes("throw Refusal.invalid(\"a_code\", \"Why.\");"));
        assertEquals(Set.of("b_code"), errorCodes("new Refusal(Refusal.Kind.CONFLICT,\n  \"b_code\", msg, Map.of())"));
        assertEquals(Set.of("busy"), errorCodes("return new Rejection(503, \"busy\", \"Too many.\");"));
        assertEquals(Set.of("c_code"), errorCodes("throw invalid(\"c_code\", message);"));
        assertEquals(Set.of("d_code"), errorCodes("throw new SomeError(409, \"d_code\", \"Message\");"));
        assertEquals(Set.of("text_x"), errorCodes("  X_Y(\"text_x\"),"));
        assertEquals(Set.of(), errorCodes("b.reject(\"status\", \"Status.\"); Refusal.invalidParam(\"email\", \"E.\");"
                + " Refusal.notFound(\"Document\"); gauge(\"signet_jvm_threads\", \"Live threads\");"));
    }

    @Test
    void headingCited_headingAndSentenceAfterIt_matched() {
        assertTrue(cites(List.of("Events", "Payload"), "Events"));
        assertTrue(cites(List.of("Upload"), "Upload this is"));
        assertTrue(!cites(List.of("Upload"), "Uploads"));
        assertTrue(!cites(List.of("Events"), "Retries"));
    }

    static Set<String> errorCodes(String source) {
        Set<String> codes = new TreeSet<>();
        for (Pattern p : CODE_SITES) {
            Matcher m = p.matcher(source);
            while (m.find()) {
                codes.add(m.group(1));
            }
        }
        return codes;
    }

    private static void check(Path target, String heading, String what, List<String> problems) throws IOException {
        if (!Files.isRegularFile(target)) {
            problems.add(what + ": no such file " + target);
        } else if (heading != null && !cites(headings(target), heading.strip())) {
            problems.add(what + ": " + target + " has no heading \"" + heading.strip() + "\"");
        }
    }

    /** Whether the cited text is a heading, or a heading followed by the rest of a sentence. */
    static boolean cites(List<String> headings, String cited) {
        return headings.stream().anyMatch(h -> cited.equals(h)
                || cited.startsWith(h) && !Character.isLetterOrDigit(cited.charAt(h.length())));
    }

    private static Path resolve(Path page, String link) {
        Path parent = page.toAbsolutePath().getParent();
        return Path.of("").toAbsolutePath().relativize(parent.resolve(link).normalize());
    }

    /** The anchors of a page's headings, as a Markdown renderer makes them (a repeated heading gets -1, -2...). */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> out = new TreeSet<>();
        if (!page.toString().endsWith(".md")) {
            return out;
        }
        for (String heading : headings(page)) {
            String a = anchor(heading);
            for (int n = 1; !out.add(a); n++) {
                a = anchor(heading) + "-" + n;
            }
        }
        return out;
    }

    /** Lower case, spaces as hyphens, and nothing but letters, digits, hyphens and underscores kept. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static List<String> headings(Path page) throws IOException {
        return Files.readAllLines(page, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("#"))
                .map(l -> l.replaceFirst("^#+\\s*", "").strip())
                .toList();
    }

    private static List<Path> sourceFiles() throws IOException {
        try (Stream<Path> all = Files.walk(SRC)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> TEXT_FILES.contains(extension(p)))
                    .filter(p -> !p.getFileName().toString().equals(SELF))
                    .collect(Collectors.toList());
        }
    }

    private static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> p.toString().endsWith(".java")).toList();
        }
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> all = Files.walk(DOCS)) {
            return all.filter(p -> p.toString().endsWith(".md")).toList();
        }
    }

    /** A file's text; bytes that are not UTF-8 (a test's hostile input) become replacement characters. */
    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static String extension(Path p) {
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1);
    }
}
