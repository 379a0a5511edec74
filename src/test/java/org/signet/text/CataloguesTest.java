package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.signet.domain.Language;
import org.signet.mail.MessageTemplates;
import org.signet.mail.RenderedMessage;

/**
 * Every language says everything English says: each catalogue has the same keys in every language,
 * each mail template the same files, with the same placeholders, and no long sentence is left in
 * English. Read from the sources, so a file missing from one language is caught before it ships.
 */
class CataloguesTest {
    private static final Path RESOURCES = Path.of("src/main/resources");
    /** The localized catalogues: the signer's pages, their script, the mails and the administrator pages. */
    private static final List<String> BUNDLES = List.of("web/messages", "web/script", "mail/lines", "web/admin/messages");
    private static final Path MAIL = RESOURCES.resolve("mail");
    private static final Pattern ARGUMENT = Pattern.compile("\\{\\d}");
    private static final Pattern VARIABLE = Pattern.compile("\\{\\{\\s*[a-z_]+\\s*}}|\\{\\{button ");
    /** Shorter texts may rightly read the same in two languages ("PIN", "Signet", "Actions"). */
    private static final int SENTENCE = 30;

    private static List<Language> translations() {
        return Stream.of(Language.values()).filter(l -> l != Language.BASE).toList();
    }

    @Test
    void bundles_everyLanguage_hasExactlyTheEnglishKeys() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String bundle : BUNDLES) {
            Set<String> english = read(bundle, Language.BASE).stringPropertyNames();
            assertTrue(english.size() >= 2, bundle + " has keys");
            for (Language l : translations()) {
                Set<String> own = read(bundle, l).stringPropertyNames();
                difference(english, own).forEach(k -> problems.add(bundle + "_" + l.code() + " lacks " + k));
                difference(own, english).forEach(k -> problems.add(bundle + "_" + l.code() + " has extra " + k));
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void bundles_everyTranslation_keepsTheArgumentsAndIsTranslated() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String bundle : BUNDLES) {
            Properties english = read(bundle, Language.BASE);
            for (Language l : translations()) {
                Properties own = read(bundle, l);
                for (String key : english.stringPropertyNames()) {
                    String en = english.getProperty(key);
                    String text = own.getProperty(key, en);
                    if (!found(ARGUMENT, en).equals(found(ARGUMENT, text))) {
                        problems.add(bundle + "_" + l.code() + " " + key + ": arguments differ");
                    }
                    if (text.equals(en) && en.length() >= SENTENCE) {
                        problems.add(bundle + "_" + l.code() + " " + key + ": still English");
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void bundles_everyLanguage_hasNoEmptyMessage() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String bundle : BUNDLES) {
            for (Language l : Language.values()) {
                Properties own = read(bundle, l);
                own.stringPropertyNames().stream().filter(k -> own.getProperty(k).isBlank()).sorted()
                        .forEach(k -> problems.add(bundle + "_" + l.code() + " " + k + " is empty"));
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void mailTemplates_everyLanguage_hasTheEnglishFilesWithTheirVariablesTranslated() throws IOException {
        List<String> english = mailFiles(MAIL);
        assertTrue(english.size() >= 24, english.toString());
        List<String> problems = new ArrayList<>();
        for (Language l : translations()) {
            Path folder = MAIL.resolve(l.code());
            List<String> own = mailFiles(folder);
            difference(Set.copyOf(english), Set.copyOf(own)).forEach(f -> problems.add("mail/" + l.code() + " lacks " + f));
            difference(Set.copyOf(own), Set.copyOf(english)).forEach(f -> problems.add("mail/" + l.code() + " has extra " + f));
            for (String file : own) {
                String en = Files.readString(MAIL.resolve(file));
                String text = Files.readString(folder.resolve(file));
                if (!found(VARIABLE, en).equals(found(VARIABLE, text))) {
                    problems.add("mail/" + l.code() + "/" + file + ": variables differ");
                }
                if (text.equals(en)) {
                    problems.add("mail/" + l.code() + "/" + file + ": still English");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void mailFrame_everyLanguage_namesItsLanguageAndSpeaksIt() {
        MessageTemplates templates = MessageTemplates.load();
        Map<String, String> vars = Map.of("document_title", "T", "sender_name", "S", "recipient_name", "N",
                "link", "https://x.test/s", "expires_line", "", "access_line", "", "message_line", "",
                "message_block", "");
        for (Language l : Language.values()) {
            RenderedMessage m = templates.render("invitation", l, vars);
            Messages lines = Messages.of(MessageTemplates.LINES, l);
            assertTrue(m.html().contains("<html lang=\"" + l.code() + "\">"), l.code());
            assertTrue(m.html().contains(Html.of("{}", lines.get("frame.button_hint")).toString()), l.code());
            assertTrue(m.text().strip().endsWith(lines.get("frame.footer", "Signet")), l.code() + ": " + m.text());
        }
    }

    private static Properties read(String bundle, Language language) throws IOException {
        Path file = RESOURCES.resolve(Messages.resource(bundle, language).substring(1));
        assertTrue(Files.isRegularFile(file), "missing " + file);
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    /** The message files directly in {@code folder}; the layout and the button are shared by all languages. */
    private static List<String> mailFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile).map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".txt") || n.endsWith(".html"))
                    .filter(n -> !List.of("layout.txt", "layout.html", "button.html").contains(n)).sorted().toList();
        }
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.removeAll(b);
        return out;
    }

    /** Every match of {@code p} in {@code text}, with how often it occurs. */
    private static List<String> found(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        out.sort(null);
        return out;
    }
}
