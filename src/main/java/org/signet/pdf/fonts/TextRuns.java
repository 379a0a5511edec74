package org.signet.pdf.fonts;

import java.lang.Character.UnicodeScript;
import java.text.Bidi;
import java.util.ArrayList;
import java.util.List;

/**
 * A line of text cut into runs of one direction and one font, in the order a reader sees them from
 * left to right: the Unicode bidirectional algorithm ({@link Bidi}) gives each character its level,
 * and each character takes the first font that has a glyph for it. Spaces, digits, punctuation and
 * combining marks stay in the font of the run they are in when it has them, so a word is shaped whole.
 */
public final class TextRuns {

    /** Characters in logical order, drawn with {@code face}, from right to left when {@code rtl}. */
    record Run(String text, FontFile face, boolean rtl) {}

    private TextRuns() {
    }

    /** The runs of one line of printable text (see {@link FinalText#printable}), left to right. */
    static List<Run> of(String line, boolean bold) {
        Bidi bidi = rightToLeftNeeded(line) ? new Bidi(line, Bidi.DIRECTION_DEFAULT_LEFT_TO_RIGHT) : null;
        List<Run> runs = new ArrayList<>();
        List<Integer> levels = new ArrayList<>();
        FontFile face = null;
        int level = 0;
        int start = 0;
        for (int i = 0; i < line.length(); i += Character.charCount(line.codePointAt(i))) {
            int cp = line.codePointAt(i);
            FontFile f = face(cp, face, bold);
            int l = bidi == null ? 0 : bidi.getLevelAt(i);
            if (i > start && (f != face || l != level)) {
                runs.add(new Run(line.substring(start, i), face, level % 2 == 1));
                levels.add(level);
                start = i;
            }
            face = f;
            level = l;
        }
        if (start < line.length()) {
            runs.add(new Run(line.substring(start), face, level % 2 == 1));
            levels.add(level);
        }
        return bidi == null ? runs : visualOrder(runs, levels);
    }

    /** Whether the line's first strong character reads from right to left (Hebrew, Arabic). */
    public static boolean rightToLeft(String line) {
        return rightToLeftNeeded(line) && !new Bidi(line, Bidi.DIRECTION_DEFAULT_LEFT_TO_RIGHT).baseIsLeftToRight();
    }

    private static boolean rightToLeftNeeded(String line) {
        char[] chars = line.toCharArray();
        return Bidi.requiresBidi(chars, 0, chars.length);
    }

    private static List<Run> visualOrder(List<Run> runs, List<Integer> levels) {
        Run[] ordered = runs.toArray(new Run[0]);
        byte[] bytes = new byte[levels.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = levels.get(i).byteValue();
        }
        Bidi.reorderVisually(bytes, 0, ordered, 0, ordered.length);
        return List.of(ordered);
    }

    /** The font for {@code cp}: the current run's when the character belongs to no script of its own. */
    private static FontFile face(int cp, FontFile current, boolean bold) {
        if (current != null && (Glyphs.format(cp) || neutral(cp) && current.covers(cp))) {
            return current;
        }
        FontIndex.Family family = Fonts.index().familyFor(cp);
        if (family == null) {
            // Printable text has none of these but format characters, which draw nothing.
            family = FontIndex.JAR;
        }
        return family.face(bold, cp);
    }

    private static boolean neutral(int cp) {
        UnicodeScript script = UnicodeScript.of(cp);
        return script == UnicodeScript.COMMON || script == UnicodeScript.INHERITED;
    }
}
