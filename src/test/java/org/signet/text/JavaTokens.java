package org.signet.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Java source as the source scans need it: string literals and text blocks (their contents, escapes left as
 * written) told from words and punctuation, comments and character literals dropped, each token with its line.
 */
final class JavaTokens {
    /** A literal's contents, or a word or one character of punctuation. */
    record Token(String text, boolean literal, int line) {
        boolean isWord(String word) {
            return !literal && text.equals(word);
        }

        /** A literal that holds an element's start or end, which is what markup is here. */
        boolean isMarkup() {
            return literal && text.matches("(?s).*</?[a-zA-Z!].*");
        }
    }

    private final String src;
    private final List<Token> out = new ArrayList<>();
    private int i;
    private int line = 1;

    private JavaTokens(String src) {
        this.src = src;
    }

    static List<Token> of(String source) {
        JavaTokens lexer = new JavaTokens(source);
        lexer.run();
        return lexer.out;
    }

    private void run() {
        while (i < src.length()) {
            char c = src.charAt(i);
            if (src.startsWith("//", i)) {
                skipTo("\n", 0);
            } else if (src.startsWith("/*", i)) {
                skipTo("*/", 2);
            } else if (src.startsWith("\"\"\"", i)) {
                literal("\"\"\"", 3);
            } else if (c == '"') {
                literal("\"", 1);
            } else if (c == '\'') {
                i++;
                skipQuoted('\'');
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < src.length() && Character.isJavaIdentifierPart(src.charAt(i))) {
                    i++;
                }
                out.add(new Token(src.substring(start, i), false, line));
            } else {
                if (c == '\n') {
                    line++;
                } else if (!Character.isWhitespace(c)) {
                    out.add(new Token(String.valueOf(c), false, line));
                }
                i++;
            }
        }
    }

    private void literal(String quote, int width) {
        int startLine = line;
        i += width;
        int start = i;
        while (i < src.length() && !src.startsWith(quote, i)) {
            if (src.charAt(i) == '\\') {
                i++;
            } else if (src.charAt(i) == '\n') {
                line++;
            }
            i++;
        }
        out.add(new Token(src.substring(start, Math.min(i, src.length())), true, startLine));
        i += width;
    }

    private void skipQuoted(char quote) {
        while (i < src.length() && src.charAt(i) != quote) {
            i += src.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
    }

    private void skipTo(String end, int width) {
        int found = src.indexOf(end, i + 2);
        int stop = found < 0 ? src.length() : found + width;
        line += (int) src.substring(i, stop).chars().filter(ch -> ch == '\n').count();
        i = stop;
    }
}
