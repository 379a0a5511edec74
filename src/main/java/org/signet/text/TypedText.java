package org.signet.text;

import java.text.Normalizer;

/**
 * The one rule for text a person types, wherever it comes in: titles, names, reasons, field values,
 * typed signatures, template variables, descriptions, key names, searches. It says which characters
 * such text may hold and the one form Signet keeps it in, so that what is stored, hashed, mailed and
 * drawn on the sealed PDF is what the person saw. {@link #check} is the only entry point: a further
 * rule (such as that a font can draw every character) belongs there too.
 */
public final class TypedText {
    private TypedText() {}

    /** Whether the text may run over several lines. */
    public enum Shape {
        /** One line: a title, a name, a text field's value, a typed signature. */
        LINE,
        /** Paragraphs: a textarea's value, a reason, a description; line breaks are kept, as LF. */
        LINES
    }

    /** Why a text was refused; {@link #code()} is what clients and the signing page tell apart. */
    public enum Problem {
        /** C0 and C1 control characters (NUL, ESC, tab and the rest). */
        CONTROL_CHARACTER("text_control_character"),
        /** A line break in one-line text, or a break other than LF or CRLF in paragraphs. */
        LINE_BREAK("text_line_break"),
        /**
         * Bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069): they make
         * text read differently from the characters it holds (an override before "fdp.exe" shows "exe.pdf").
         */
        DIRECTION_CONTROL("text_direction_control"),
        /** Half of a UTF-16 surrogate pair: no character at all, which storage would turn into '?'. */
        UNPAIRED_SURROGATE("text_unpaired_surrogate");

        private final String code;

        Problem(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }

        String phrase(Shape shape) {
            return switch (this) {
                case CONTROL_CHARACTER -> shape == Shape.LINE ? "must not contain control characters"
                        : "must not contain control characters other than line breaks";
                case LINE_BREAK -> shape == Shape.LINE ? "must be one line, without line breaks"
                        : "must break lines with LF or CRLF only";
                case DIRECTION_CONTROL -> "must not contain bidirectional overrides, embeddings or isolates";
                case UNPAIRED_SURROGATE -> "must not contain unpaired surrogates";
            };
        }
    }

    /** The text as Signet keeps it, or the problem that refuses it (then {@code text} is null). */
    public record Checked(String text, Problem problem, Shape shape) {
        public boolean ok() {
            return problem == null;
        }

        /** The refusal as a sentence about the parameter {@code name}, e.g. "title must not contain ...". */
        public String message(String name) {
            return name + " " + phrase() + ".";
        }

        /** The refusal to follow a name the caller puts first, e.g. "must not contain control characters". */
        public String phrase() {
            return problem.phrase(shape);
        }
    }

    /**
     * Checks {@code raw} against the rule for its shape and returns it in the form Signet keeps:
     * CRLF as LF (in paragraphs) and Unicode NFC, so that the same words typed on two systems are
     * stored, hashed and searched as the same characters. Leading and trailing spaces are the caller's.
     */
    public static Checked check(String raw, Shape shape) {
        String text = shape == Shape.LINES && raw.indexOf('\r') >= 0 ? raw.replace("\r\n", "\n") : raw;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            Problem p = problem(cp, shape);
            if (p != null) {
                return new Checked(null, p, shape);
            }
            i += Character.charCount(cp);
        }
        String kept = Normalizer.isNormalized(text, Normalizer.Form.NFC) ? text
                : Normalizer.normalize(text, Normalizer.Form.NFC);
        return new Checked(kept, null, shape);
    }

    /** The problem with one code point; {@code codePointAt} hands an unpaired surrogate over as itself. */
    private static Problem problem(int cp, Shape shape) {
        if (cp < 0x20 || cp >= 0x7f && cp <= 0x9f || cp == 0x2028 || cp == 0x2029) {
            if (cp == '\n') {
                return shape == Shape.LINE ? Problem.LINE_BREAK : null;
            }
            // Unicode's mandatory breaks besides LF (UAX #14): CR, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR.
            boolean lineBreak = cp == '\r' || cp == 0x0b || cp == 0x0c || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
            return lineBreak ? Problem.LINE_BREAK : Problem.CONTROL_CHARACTER;
        }
        if (cp >= 0x202a && cp <= 0x202e || cp >= 0x2066 && cp <= 0x2069) {
            return Problem.DIRECTION_CONTROL;
        }
        if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
            return Problem.UNPAIRED_SURROGATE;
        }
        return null;
    }
}
