package org.signet.mail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.signet.config.Brand;
import org.signet.config.Palette;
import org.signet.domain.Language;
import org.signet.text.Html;
import org.signet.text.Messages;

/**
 * The emails Signet sends, read from {@code mail/<name>.subject.txt}, {@code <name>.txt} and
 * {@code <name>.html} on the classpath and filled in with {@code {{var}}} values. Bodies sit
 * inside {@code mail/layout.txt} and {@code mail/layout.html} at {@code {{content}}};
 * {@code {{button Label}}} in an HTML body places {@code mail/button.html}, the button to
 * {@code {{link}}} with the link written out beneath it. The messages are English; each other
 * language has the same files in its own folder ({@code mail/de/invitation.html}), and a file
 * missing there is taken from English, so a new message can go out before it is translated. The
 * layout and the button are one markup for all, their few words taken from {@code mail/lines}. The site's
 * {@link Brand} fills in {@code {{frame_site}}} (its name, in the header, the footer and any message that names the
 * site) and the accent's shades in the layout's and the button's colours.
 */
public final class MessageTemplates {

    /** Every template Signet has; all are loaded at start-up so a missing file fails early. */
    public static final List<String> NAMES =
            List.of("invitation", "view_invitation", "approval_request", "reminder", "completed", "declined",
                    "rejected", "seal_failed", "email_code", "delegated");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");
    private static final Pattern BUTTON = Pattern.compile("\\{\\{button ([^}]+)}}");

    /** Where a button's label goes in {@code mail/button.html}. */
    private static final Pattern LABEL = Pattern.compile("\\{\\{(label)}}");

    private record Template(String subject, String text, Html html) {
    }

    /** One language's messages and the layout they sit in. */
    private record Catalogue(Map<String, Template> templates, Template layout) {
    }

    /** The words around every message (footer, the line under a button), per language. */
    public static final String LINES = "mail/lines";

    private final Map<Language, Catalogue> catalogues;

    private MessageTemplates(Map<Language, Catalogue> catalogues) {
        this.catalogues = catalogues;
    }

    /**
     * Reads every template from the classpath, in Signet's own name and colours.
     *
     * @throws IllegalStateException when a template file is missing from the build
     */
    public static MessageTemplates load() {
        return load(Brand.DEFAULT);
    }

    /**
     * Reads every template from the classpath, in {@code brand}'s name and colours.
     *
     * @throws IllegalStateException when a template file is missing from the build
     */
    public static MessageTemplates load(Brand brand) {
        Map<Language, Catalogue> catalogues = new EnumMap<>(Language.class);
        for (Language language : Language.values()) {
            catalogues.put(language, load(language, brand));
        }
        return new MessageTemplates(catalogues);
    }

    private static Catalogue load(Language language, Brand brand) {
        Messages lines = Messages.of(LINES, language);
        String footer = lines.get("frame.footer", brand.name());
        Palette palette = brand.palette();
        Map<String, String> frameValues = Map.of("frame_lang", language.code(), "frame_site", brand.name(),
                "frame_accent", palette.accent().hex(), "frame_ink", palette.ink().hex(),
                "frame_brand_ink", palette.brandInk().hex(), "frame_footer", footer,
                "frame_button_hint", lines.get("frame.button_hint"));
        // The message's own placeholders stay for render to fill.
        Function<String, Html> frame = source -> Html.fill(Html.trusted(source), PLACEHOLDER, frameValues::get);
        UnaryOperator<String> plain = source -> source.replace("{{frame_site}}", brand.name())
                .replace("{{frame_footer}}", footer);
        Html button = frame.apply(resource(Language.BASE, "button.html"));
        Map<String, Template> templates = new LinkedHashMap<>();
        for (String name : NAMES) {
            Html html = Html.fill(frame.apply(resource(language, name + ".html")), BUTTON,
                    label -> Html.fill(button, LABEL, hole -> label.strip()));
            // Trailing newlines are trimmed so the layout alone decides the spacing around {{content}}.
            templates.put(name, new Template(plain.apply(resource(language, name + ".subject.txt")),
                    plain.apply(resource(language, name + ".txt")).stripTrailing(), html.stripTrailing()));
        }
        // The frame's markup is one for every language; only its words differ.
        Template layout = new Template("", plain.apply(resource(Language.BASE, "layout.txt")),
                frame.apply(resource(Language.BASE, "layout.html")));
        return new Catalogue(Map.copyOf(templates), layout);
    }

    /** Where {@code file} lives for {@code language}: {@code /mail/} for English, {@code /mail/xx/} for the others. */
    public static String path(Language language, String file) {
        return "/mail/" + (language == Language.BASE ? "" : language.code() + "/") + file;
    }

    /**
     * Fills in template {@code name} in {@code language}. Values go into the text body as they are
     * and into the HTML body escaped; the subject is one line. Variables the template does not use
     * are ignored.
     *
     * @throws IllegalArgumentException for an unknown template, or a placeholder without a value
     */
    public RenderedMessage render(String name, Language language, Map<String, String> vars) {
        Objects.requireNonNull(vars, "vars");
        Catalogue catalogue = catalogues.get(Objects.requireNonNull(language, "language"));
        Template layout = catalogue.layout();
        Template template = catalogue.templates().get(name);
        if (template == null) {
            throw new IllegalArgumentException("Unknown mail template '" + name + "'; known: " + NAMES);
        }
        UnaryOperator<String> plain = var -> value(name, vars, var);
        // A title with a line break must still give a one-line subject.
        String subject = fill(template.subject(), plain).replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
        String textContent = fill(template.text(), plain);
        String text = fill(layout.text(), var -> var.equals("content") ? textContent : plain.apply(var));
        Html htmlContent = Html.fill(template.html(), PLACEHOLDER, plain::apply);
        Html html = Html.fill(layout.html(), PLACEHOLDER, var -> switch (var) {
            case "content" -> htmlContent;
            case "subject" -> subject;
            default -> plain.apply(var);
        });
        return new RenderedMessage(subject, text, html.toString());
    }

    private static String value(String template, Map<String, String> vars, String var) {
        String value = vars.get(var);
        if (value == null) {
            throw new IllegalArgumentException(
                    "Mail template '" + template + "' needs a value for {{" + var + "}}");
        }
        return value;
    }

    /** One pass, so a value that itself contains {{...}} is never expanded. */
    private static String fill(String source, UnaryOperator<String> lookup) {
        return PLACEHOLDER.matcher(source).replaceAll(m -> Matcher.quoteReplacement(lookup.apply(m.group(1))));
    }

    /** {@code file} in {@code language}, else in English. */
    private static String resource(Language language, String file) {
        String path = path(language, file);
        try (InputStream in = MessageTemplates.class.getResourceAsStream(path)) {
            if (in == null) {
                if (language != Language.BASE) {
                    return resource(Language.BASE, file);
                }
                throw new IllegalStateException("Mail template file missing from the classpath: " + path);
            }
            // Files edited on Windows must not put stray CRs into the bodies.
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read mail template file " + path, e);
        }
    }
}
