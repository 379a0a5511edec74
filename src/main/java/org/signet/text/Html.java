package org.signet.text;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collector;
import java.util.stream.Collectors;

/**
 * Markup for the pages and the emails, and the one way a value gets into it: {@link #of} fills the holes of
 * Signet's own markup with values, escaping every one that is not already {@code Html}. A value that is
 * forgotten still comes out as text, never as markup; the only markup is what Signet writes itself
 * ({@link #trusted}) and what is built from it here.
 *
 * <p>Markup is XHTML-compatible: values are escaped for element content and for double- or single-quoted
 * attribute values alike, so one escaping serves both.
 */
public final class Html {
    /** No markup at all. */
    public static final Html EMPTY = new Html("");

    private static final String HOLE = "{}";

    private final String markup;

    private Html(String markup) {
        this.markup = markup;
    }

    /**
     * Markup Signet writes itself: a constant in the source or a template from the build, never a value that
     * arrived from outside. Values go in through {@link #of} instead.
     */
    public static Html trusted(String markup) {
        return new Html(Objects.requireNonNull(markup, "markup"));
    }

    /**
     * {@code pattern} (Signet's own markup) with each {@code {}} replaced by the value in the same place: an
     * {@code Html} as it is, anything else as escaped text, and null as nothing, so that an absent optional
     * value never prints "null".
     *
     * @throws IllegalArgumentException when the holes and the values do not pair up
     */
    public static Html of(String pattern, Object... values) {
        StringBuilder out = new StringBuilder(pattern.length() + 16 * values.length);
        int from = 0;
        for (Object value : values) {
            int hole = pattern.indexOf(HOLE, from);
            if (hole < 0) {
                throw new IllegalArgumentException(values.length + " values for fewer holes in: " + pattern);
            }
            out.append(pattern, from, hole).append(markup(value));
            from = hole + HOLE.length();
        }
        if (pattern.indexOf(HOLE, from) >= 0) {
            throw new IllegalArgumentException("a hole without a value in: " + pattern);
        }
        return new Html(out.append(pattern, from, pattern.length()).toString());
    }

    /**
     * The words of a message as text, with {@code {0}}, {@code {1}} ... replaced by {@code values} as
     * {@link #of} places them: for words around an element, such as "Sent by <strong>..</strong>".
     */
    public static Html message(String words, Object... values) {
        return new Html(Messages.fill(escape(words), Arrays.stream(values).map(Html::markup).toArray()));
    }

    /**
     * {@code template} with each match of {@code holes} replaced by the value {@code values} gives for the
     * match's first group, placed as {@link #of} places it; a hole {@code values} answers null for stays as
     * it is, for a later pass. One pass, so a value that itself looks like a hole is never filled.
     */
    public static Html fill(Html template, Pattern holes, Function<String, Object> values) {
        return new Html(holes.matcher(template.markup).replaceAll(found -> {
            Object value = values.apply(found.group(1));
            return Matcher.quoteReplacement(value == null ? found.group() : markup(value));
        }));
    }

    /** The pieces one after another. */
    public static Html join(List<Html> pieces) {
        return pieces.stream().collect(joining());
    }

    /** Collects pieces of markup one after another. */
    public static Collector<Html, ?, Html> joining() {
        return Collectors.collectingAndThen(Collectors.mapping(h -> h.markup, Collectors.joining()), Html::new);
    }

    /** This markup followed by {@code next}. */
    public Html then(Html next) {
        return new Html(markup + next.markup);
    }

    /** This markup without the white space at its end: removing it cannot change what a value says. */
    public Html stripTrailing() {
        return new Html(markup.stripTrailing());
    }

    public boolean isEmpty() {
        return markup.isEmpty();
    }

    /** The markup itself, for the response body or a larger page written around it. */
    @Override
    public String toString() {
        return markup;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Html h && h.markup.equals(markup);
    }

    @Override
    public int hashCode() {
        return markup.hashCode();
    }

    private static String markup(Object value) {
        if (value instanceof Html h) {
            return h.markup;
        }
        return value == null ? "" : escape(value.toString());
    }

    /**
     * Text for element content and double- or single-quoted attribute values. Control characters other
     * than tab and line breaks (not allowed in XML 1.0) become spaces.
     */
    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? ' ' : c);
            }
        }
        return out.toString();
    }
}
