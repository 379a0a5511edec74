package org.signet.pdf.updates;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads PDF objects exactly as written (ISO 32000-1 §7.2, §7.3): no repair, no guessing, and
 * anything that is not well formed is a {@link DamagedUpdate}. Every object read counts against one
 * budget and nesting is bounded, so a hostile file costs bounded time and stack.
 */
final class RawLexer {
    static final int MAX_DEPTH = 100;
    static final int MAX_VALUES = 2_000_000;
    /** Longest name, number or keyword; real ones are a few dozen bytes. */
    private static final int MAX_WORD = 4096;
    /** Longest string read; the signature values are the longest real strings, under 2 MiB of hex. */
    private static final int MAX_STRING = 8 * 1024 * 1024;

    private final RawBytes bytes;
    private long position;
    private int values;

    RawLexer(RawBytes bytes, long position) {
        this.bytes = bytes;
        this.position = position;
    }

    long position() {
        return position;
    }

    void seek(long to) {
        position = to;
    }

    boolean atEnd() throws IOException {
        return bytes.at(position) < 0;
    }

    static boolean isWhiteSpace(int b) {
        return b == 0 || b == 9 || b == 10 || b == 12 || b == 13 || b == 32;
    }

    static boolean isDelimiter(int b) {
        return b == '(' || b == ')' || b == '<' || b == '>' || b == '[' || b == ']' || b == '{' || b == '}'
                || b == '/' || b == '%';
    }

    /** Skips white space only; returns whether anything was skipped. */
    boolean skipWhiteSpace() throws IOException {
        long start = position;
        while (isWhiteSpace(bytes.at(position))) {
            position++;
        }
        return position > start;
    }

    /** Skips white space and comments (§7.2.3), which separate tokens. */
    void skipSpace() throws IOException {
        while (true) {
            skipWhiteSpace();
            if (bytes.at(position) != '%') {
                return;
            }
            while (bytes.at(position) >= 0 && bytes.at(position) != '\n' && bytes.at(position) != '\r') {
                position++;
            }
        }
    }

    /** Whether the next token is the keyword {@code word}; consumes it when it is. */
    boolean keyword(String word) throws IOException {
        skipSpace();
        if (!bytes.startsWith(position, word)) {
            return false;
        }
        int after = bytes.at(position + word.length());
        if (after >= 0 && !isWhiteSpace(after) && !isDelimiter(after)) {
            return false;
        }
        position += word.length();
        return true;
    }

    /** Whether the next token is the keyword {@code word}, consuming nothing. */
    boolean peek(String word) throws IOException {
        long start = position;
        boolean found = keyword(word);
        position = start;
        return found;
    }

    void expect(String word) throws IOException, DamagedUpdate {
        if (!keyword(word)) {
            throw new DamagedUpdate("expected " + word, position);
        }
    }

    /** The next token as a non-negative integer. */
    long integer() throws IOException, DamagedUpdate {
        skipSpace();
        long start = position;
        String word = word();
        if (!word.matches("[0-9]{1,18}")) {
            throw new DamagedUpdate("expected an integer", start);
        }
        return Long.parseLong(word);
    }

    /** The next token, a run of regular characters; empty at a delimiter. */
    String word() throws IOException, DamagedUpdate {
        StringBuilder out = new StringBuilder();
        for (int b = bytes.at(position); b >= 0 && !isWhiteSpace(b) && !isDelimiter(b); b = bytes.at(position)) {
            if (out.length() == MAX_WORD) {
                throw new DamagedUpdate("a token is too long", position);
            }
            out.append((char) b);
            position++;
        }
        return out.toString();
    }

    /** The next object (§7.3): a direct value, or a reference. */
    RawValue value(int depth) throws IOException, DamagedUpdate {
        if (depth > MAX_DEPTH || ++values > MAX_VALUES) {
            throw new DamagedUpdate("objects nested or repeated beyond what can be checked", position);
        }
        skipSpace();
        int b = bytes.at(position);
        if (b == '/') {
            position++;
            return new RawValue.Name(name());
        }
        if (b == '(') {
            position++;
            return new RawValue.Text(literalString());
        }
        if (b == '<' && bytes.at(position + 1) == '<') {
            position += 2;
            return dictionary(depth);
        }
        if (b == '<') {
            position++;
            return new RawValue.Text(hexString());
        }
        if (b == '[') {
            position++;
            return array(depth);
        }
        return numberReferenceOrKeyword();
    }

    private RawValue numberReferenceOrKeyword() throws IOException, DamagedUpdate {
        long start = position;
        String word = word();
        switch (word) {
            case "true": return new RawValue.Bool(true);
            case "false": return new RawValue.Bool(false);
            case "null": return new RawValue.Null();
            default: break;
        }
        if (!word.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)")) {
            throw new DamagedUpdate(word.isEmpty() ? "unexpected character" : "unexpected token " + word, start);
        }
        if (word.matches("[0-9]{1,18}")) {
            long afterNumber = position;
            RawValue.Ref ref = reference(Long.parseLong(word));
            if (ref != null) {
                return ref;
            }
            position = afterNumber;
        }
        return new RawValue.Number(word);
    }

    /** {@code generation R} after an object number, or null (and nothing consumed) when it is not there. */
    private RawValue.Ref reference(long number) throws IOException, DamagedUpdate {
        skipSpace();
        String generation = word();
        if (!generation.matches("[0-9]{1,5}")) {
            return null;
        }
        skipSpace();
        if (bytes.at(position) != 'R') {
            return null;
        }
        int after = bytes.at(position + 1);
        if (after >= 0 && !isWhiteSpace(after) && !isDelimiter(after)) {
            return null;
        }
        position++;
        return new RawValue.Ref(number, Integer.parseInt(generation));
    }

    private RawValue.Dict dictionary(int depth) throws IOException, DamagedUpdate {
        Map<String, RawValue> entries = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (bytes.at(position) == '>' && bytes.at(position + 1) == '>') {
                position += 2;
                return new RawValue.Dict(entries);
            }
            if (bytes.at(position) != '/') {
                throw new DamagedUpdate("a dictionary key is not a name", position);
            }
            position++;
            String key = name();
            if (entries.containsKey(key)) {
                // Readers disagree on which of two equal keys counts: refused, not guessed.
                throw new DamagedUpdate("a dictionary repeats the key /" + key, position);
            }
            entries.put(key, value(depth + 1));
        }
    }

    private RawValue.Array array(int depth) throws IOException, DamagedUpdate {
        List<RawValue> items = new ArrayList<>();
        while (true) {
            skipSpace();
            if (bytes.at(position) == ']') {
                position++;
                return new RawValue.Array(items);
            }
            if (bytes.at(position) < 0) {
                throw new DamagedUpdate("an array is not closed", position);
            }
            items.add(value(depth + 1));
        }
    }

    /** A name's characters after the slash, {@code #xx} decoded (§7.3.5). */
    private String name() throws IOException, DamagedUpdate {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int b = bytes.at(position); b >= 0 && !isWhiteSpace(b) && !isDelimiter(b); b = bytes.at(position)) {
            if (out.size() == MAX_WORD) {
                throw new DamagedUpdate("a name is too long", position);
            }
            if (b == '#') {
                int hi = Character.digit(bytes.at(position + 1), 16);
                int lo = Character.digit(bytes.at(position + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new DamagedUpdate("a name has a bad # escape", position);
                }
                out.write(hi * 16 + lo);
                position += 3;
            } else {
                out.write(b);
                position++;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A literal string's bytes after the opening parenthesis (§7.3.4.2). */
    private byte[] literalString() throws IOException, DamagedUpdate {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int open = 1;
        while (true) {
            int b = next();
            if (out.size() > MAX_STRING) {
                throw new DamagedUpdate("a string is too long", position);
            }
            if (b == '(') {
                open++;
            } else if (b == ')' && --open == 0) {
                return out.toByteArray();
            } else if (b == '\\') {
                escape(out);
                continue;
            } else if (b == '\r') {
                // An end of line in a string is read as a single line feed, whatever its bytes.
                if (bytes.at(position) == '\n') {
                    position++;
                }
                b = '\n';
            }
            out.write(b);
        }
    }

    private void escape(ByteArrayOutputStream out) throws IOException, DamagedUpdate {
        int b = next();
        switch (b) {
            case 'n' -> out.write('\n');
            case 'r' -> out.write('\r');
            case 't' -> out.write('\t');
            case 'b' -> out.write('\b');
            case 'f' -> out.write('\f');
            case '\r' -> {
                if (bytes.at(position) == '\n') {
                    position++;
                }
            }
            case '\n' -> { }
            default -> {
                if (b >= '0' && b <= '7') {
                    int code = b - '0';
                    for (int i = 0; i < 2 && bytes.at(position) >= '0' && bytes.at(position) <= '7'; i++) {
                        code = code * 8 + next() - '0';
                    }
                    out.write(code & 0xff);
                } else {
                    out.write(b); // \( \) \\ and an unknown escape stand for the character itself
                }
            }
        }
    }

    /** A hexadecimal string's bytes after the opening bracket (§7.3.4.3). */
    private byte[] hexString() throws IOException, DamagedUpdate {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int high = -1;
        while (true) {
            int b = next();
            if (b == '>') {
                if (high >= 0) {
                    out.write(high * 16);
                }
                return out.toByteArray();
            }
            if (isWhiteSpace(b)) {
                continue;
            }
            int digit = Character.digit(b, 16);
            if (digit < 0 || out.size() > MAX_STRING) {
                throw new DamagedUpdate("a hexadecimal string holds something else", position);
            }
            if (high < 0) {
                high = digit;
            } else {
                out.write(high * 16 + digit);
                high = -1;
            }
        }
    }

    private int next() throws IOException, DamagedUpdate {
        int b = bytes.at(position);
        if (b < 0) {
            throw new DamagedUpdate("the file ends inside a string", position);
        }
        position++;
        return b;
    }
}
