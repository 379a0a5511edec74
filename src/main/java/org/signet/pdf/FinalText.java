package org.signet.pdf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDFont;

/** Measures, cleans and wraps text for drawing with an embedded PDF font. */
final class FinalText {

    static final String MISSING = "—";
    private static final char REPLACEMENT = '?';

    private FinalText() {
    }

    /**
     * The text with every character the font cannot draw replaced by '?' and control
     * characters by spaces, so user-supplied names never make drawing fail.
     */
    static String printable(PDFont font, String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp) || Character.isWhitespace(cp)) {
                out.append(' ');
            } else if (canEncode(font, cp)) {
                out.appendCodePoint(cp);
            } else {
                out.append(REPLACEMENT);
            }
        });
        return out.toString();
    }

    /** The value for a certificate line: the printable text, or a dash when absent or blank. */
    static String orDash(PDFont font, String text) {
        String printable = printable(font, text).strip();
        return printable.isEmpty() ? MISSING : printable;
    }

    static float width(PDFont font, float size, String text) throws IOException {
        return font.getStringWidth(text) / 1000f * size;
    }

    /**
     * Splits printable text into lines no wider than {@code maxWidth}, breaking between words
     * and inside words longer than a line; newlines in the source start new lines.
     */
    static List<String> wrap(PDFont font, float size, String text, float maxWidth) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String paragraph : (text == null ? "" : text).split("\r\n|\r|\n", -1)) {
            wrapParagraph(font, size, printable(font, paragraph).strip(), maxWidth, lines);
        }
        return lines;
    }

    private static void wrapParagraph(PDFont font, float size, String paragraph, float maxWidth, List<String> lines)
            throws IOException {
        StringBuilder line = new StringBuilder();
        for (String word : paragraph.split(" +")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (width(font, size, candidate) <= maxWidth) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (line.length() > 0) {
                lines.add(line.toString());
                line.setLength(0);
            }
            String rest = breakLongWord(font, size, word, maxWidth, lines);
            line.append(rest);
        }
        lines.add(line.toString());
    }

    /** Emits full-width pieces of a word that does not fit on a line and returns the remainder. */
    private static String breakLongWord(PDFont font, float size, String word, float maxWidth, List<String> lines)
            throws IOException {
        String rest = word;
        while (rest.length() > 1 && width(font, size, rest) > maxWidth) {
            int cut = rest.offsetByCodePoints(0, 1);
            while (cut < rest.length()) {
                int next = rest.offsetByCodePoints(cut, 1);
                if (width(font, size, rest.substring(0, next)) > maxWidth) {
                    break;
                }
                cut = next;
            }
            lines.add(rest.substring(0, cut));
            rest = rest.substring(cut);
        }
        return rest;
    }

    private static boolean canEncode(PDFont font, int codePoint) {
        try {
            font.encode(new String(Character.toChars(codePoint)));
            return true;
        } catch (IllegalArgumentException | IOException e) {
            return false;
        }
    }
}
