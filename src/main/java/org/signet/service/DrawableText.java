package org.signet.service;

import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.signet.error.Refusal;
import org.signet.pdf.fonts.Glyphs;

/**
 * Text that will be drawn into the sealed PDF (titles, names, field values, typed signatures) must
 * be drawable there: a character no available font has a glyph for is refused where it is entered,
 * naming it by code point, rather than shown as a box or a question mark in the evidence.
 */
public final class DrawableText {
    /** Enough code points to recognise the problem; a long paste of them is not repeated back in full. */
    private static final int NAMED = 10;

    private DrawableText() {}

    /** Why {@code text} cannot be drawn, to follow its name ("has characters no font can draw: U+E000"), or null. */
    public static String problem(String text) {
        Set<Integer> missing = Glyphs.undrawable(text);
        if (missing.isEmpty()) {
            return null;
        }
        List<Integer> named = missing.stream().limit(NAMED).toList();
        return "has characters no font can draw: " + Glyphs.names(named) + (missing.size() > NAMED ? ", ..." : "");
    }

    /** Records {@code param}'s problem with {@code reject} (a request body's), if it has one. */
    public static void check(String param, String text, BiConsumer<String, String> reject) {
        String problem = problem(text);
        if (problem != null) {
            reject.accept(param, param + " " + problem + ".");
        }
    }

    /** 400 {@code rest_invalid_param} naming {@code param} when {@code text} cannot be drawn. */
    public static void require(String param, String text) {
        check(param, text, (name, message) -> {
            throw Refusal.invalidParam(name, message);
        });
    }

    /** {@code text} without the characters no font can draw, for text Signet makes itself (a title from a file name). */
    public static String drawablePart(String text) {
        Set<Integer> missing = Glyphs.undrawable(text);
        if (missing.isEmpty()) {
            return text;
        }
        StringBuilder kept = new StringBuilder(text.length());
        text.codePoints().filter(cp -> !missing.contains(cp)).forEach(kept::appendCodePoint);
        return kept.toString().strip();
    }
}
