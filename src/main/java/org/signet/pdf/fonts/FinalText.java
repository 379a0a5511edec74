package org.signet.pdf.fonts;

import java.io.IOException;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;

/** Cleans and wraps text for drawing with a {@link Typesetter}. */
public final class FinalText {

    static final String MISSING = "—";

    private FinalText() {
    }

    /**
     * The text with control characters and line breaks as spaces, so user-supplied names never make
     * drawing fail. A character no font can draw is refused where text is entered; should one come
     * from older data it is written as its code point, {@code [U+E000]}, never as a look-alike.
     */
    public static String printable(String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        FontIndex fonts = Fonts.index();
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp) || Character.isWhitespace(cp)) {
                out.append(' ');
            } else if (Glyphs.format(cp) || fonts.familyFor(cp) != null) {
                out.appendCodePoint(cp);
            } else {
                out.append('[').append(Glyphs.name(cp)).append(']');
            }
        });
        return out.toString();
    }

    /** The value for a certificate line: the printable text, or a dash when absent or blank. */
    public static String orDash(String text) {
        String printable = printable(text).strip();
        return printable.isEmpty() ? MISSING : printable;
    }

    /**
     * Splits text into printable lines no wider than {@code maxWidth}, breaking between words and,
     * for a word longer than a line, between its characters as a reader perceives them (a letter
     * and its marks stay together); newlines in the source start new lines.
     */
    public static List<String> wrap(Typesetter type, float size, String text, float maxWidth) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String paragraph : (text == null ? "" : text).split("\r\n|\r|\n", -1)) {
            wrapParagraph(type, size, printable(paragraph).strip(), maxWidth, lines);
        }
        return lines;
    }

    /** Words are measured one by one and the line's width summed, so a long text is not measured again and again. */
    private static void wrapParagraph(Typesetter type, float size, String paragraph, float maxWidth, List<String> lines)
            throws IOException {
        float space = type.width(" ", size);
        StringBuilder line = new StringBuilder();
        float lineWidth = 0;
        for (String word : paragraph.split(" +")) {
            float wordWidth = type.width(word, size);
            float candidate = line.length() == 0 ? wordWidth : lineWidth + space + wordWidth;
            if (candidate <= maxWidth) {
                line.append(line.length() == 0 ? "" : " ").append(word);
                lineWidth = candidate;
                continue;
            }
            if (line.length() > 0) {
                lines.add(line.toString());
                line.setLength(0);
            }
            String rest = breakLongWord(type, size, word, maxWidth, lines);
            line.append(rest);
            lineWidth = type.width(rest, size);
        }
        lines.add(line.toString());
    }

    /** Emits full-width pieces of a word that does not fit on a line and returns the remainder. */
    private static String breakLongWord(Typesetter type, float size, String word, float maxWidth, List<String> lines)
            throws IOException {
        BreakIterator characters = BreakIterator.getCharacterInstance();
        String rest = word;
        while (type.width(rest, size) > maxWidth) {
            characters.setText(rest);
            int cut = characters.following(0);
            for (int next = characters.next(); next != BreakIterator.DONE
                    && type.width(rest.substring(0, next), size) <= maxWidth; next = characters.next()) {
                cut = next;
            }
            if (cut >= rest.length()) {
                break;
            }
            lines.add(rest.substring(0, cut));
            rest = rest.substring(cut);
        }
        return rest;
    }
}
