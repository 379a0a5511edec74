package org.signet.pdf.updates;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the incremental updates that follow a byte offset, one section at a time, strictly: each is
 * a body of {@code obj} ... {@code endobj}, then a cross-reference table and trailer or a
 * cross-reference stream, then {@code startxref} and {@code %%EOF} (ISO 32000-1 §7.5.6). What the
 * updates are made of is returned as written; whether it is allowed is {@link UpdateRules}' to say.
 */
final class UpdateReader {
    /** More cross-reference entries than any real update after a seal declares. */
    static final int MAX_ENTRIES = 1_000_000;

    private final RawBytes bytes;
    private final RawLexer lexer;
    private int entries;

    private UpdateReader(RawBytes bytes, long from) {
        this.bytes = bytes;
        this.lexer = new RawLexer(bytes, from);
    }

    /**
     * What follows {@code from}: the sections read, and the first thing that could not be read (null
     * when all could), in the section that begins at {@code damagedFrom}.
     */
    record Result(List<UpdateSection> sections, DamagedUpdate damage, long damagedFrom) {}

    static Result read(RawBytes bytes, long from) throws IOException {
        UpdateReader reader = new UpdateReader(bytes, from);
        List<UpdateSection> sections = new ArrayList<>();
        long sectionStart = from;
        try {
            while (true) {
                reader.lexer.skipWhiteSpace();
                sectionStart = reader.lexer.position();
                if (reader.lexer.atEnd()) {
                    return new Result(sections, null, -1);
                }
                sections.add(reader.section());
            }
        } catch (DamagedUpdate damage) {
            return new Result(sections, damage, sectionStart);
        }
    }

    private UpdateSection section() throws IOException, DamagedUpdate {
        long start = lexer.position();
        List<UpdateSection.WrittenObject> objects = new ArrayList<>();
        while (true) {
            long at = position();
            if (lexer.keyword("xref")) {
                List<UpdateSection.XrefEntry> table = table();
                lexer.expect("trailer");
                if (!(lexer.value(0) instanceof RawValue.Dict trailer)) {
                    throw new DamagedUpdate("the trailer is not a dictionary", lexer.position());
                }
                return new UpdateSection(start, objects, table, trailer, at, end());
            }
            if (lexer.peek("startxref")) {
                return streamSection(start, objects);
            }
            objects.add(object(at));
        }
    }

    /** The position of the next token. */
    private long position() throws IOException {
        lexer.skipSpace();
        return lexer.position();
    }

    /** A section whose cross-reference entries are in its last object, a stream of /Type /XRef (§7.5.8). */
    private UpdateSection streamSection(long start, List<UpdateSection.WrittenObject> objects)
            throws IOException, DamagedUpdate {
        if (objects.isEmpty() || !(objects.get(objects.size() - 1).value() instanceof RawValue.Stream xref)
                || !"XRef".equals(xref.dict().name("Type"))) {
            throw new DamagedUpdate("an update has neither a cross-reference table nor stream", lexer.position());
        }
        List<UpdateSection.XrefEntry> table = XrefStream.entries(bytes, xref);
        entries += table.size();
        if (entries > MAX_ENTRIES) {
            throw new DamagedUpdate("more cross-reference entries than can be checked", lexer.position());
        }
        UpdateSection.WrittenObject last = objects.get(objects.size() - 1);
        return new UpdateSection(start, objects, table, xref.dict(), last.offset(), end());
    }

    /** {@code number} {@code %%EOF} after {@code startxref}, and the offset the number gives. */
    private long end() throws IOException, DamagedUpdate {
        lexer.expect("startxref");
        long offset = lexer.integer();
        lexer.skipWhiteSpace();
        if (!bytes.startsWith(lexer.position(), "%%EOF")) {
            throw new DamagedUpdate("expected %%EOF", lexer.position());
        }
        lexer.seek(lexer.position() + "%%EOF".length());
        return offset;
    }

    /** A cross-reference table's subsections (§7.5.4). */
    private List<UpdateSection.XrefEntry> table() throws IOException, DamagedUpdate {
        List<UpdateSection.XrefEntry> out = new ArrayList<>();
        while (true) {
            lexer.skipSpace();
            int b = bytes.at(lexer.position());
            if (b < '0' || b > '9') {
                return out;
            }
            long first = lexer.integer();
            long count = lexer.integer();
            if ((entries += (int) Math.min(count, MAX_ENTRIES + 1L)) > MAX_ENTRIES) {
                throw new DamagedUpdate("more cross-reference entries than can be checked", lexer.position());
            }
            for (long i = 0; i < count; i++) {
                long offset = lexer.integer();
                long generation = lexer.integer();
                lexer.skipSpace();
                String kind = lexer.word();
                if (generation > 65535 || !(kind.equals("n") || kind.equals("f"))) {
                    throw new DamagedUpdate("a cross-reference entry is malformed", lexer.position());
                }
                out.add(new UpdateSection.XrefEntry(first + i, kind.equals("n") ? 1 : 0, offset, (int) generation));
            }
        }
    }

    /** {@code number generation obj} value [stream] {@code endobj} (§7.3.10). */
    private UpdateSection.WrittenObject object(long at) throws IOException, DamagedUpdate {
        long number = lexer.integer();
        long generation = lexer.integer();
        if (generation > 65535) {
            throw new DamagedUpdate("a generation number is out of range", at);
        }
        lexer.expect("obj");
        RawValue value = lexer.value(0);
        if (lexer.keyword("stream")) {
            if (!(value instanceof RawValue.Dict dict)) {
                throw new DamagedUpdate("a stream has no dictionary", at);
            }
            value = stream(dict);
        }
        lexer.expect("endobj");
        return new UpdateSection.WrittenObject(number, (int) generation, at, value);
    }

    /** A stream's bytes: after {@code stream} and one end of line, as many as its /Length says (§7.3.8.1). */
    private RawValue.Stream stream(RawValue.Dict dict) throws IOException, DamagedUpdate {
        long p = lexer.position();
        if (bytes.at(p) == '\r' && bytes.at(p + 1) == '\n') {
            p += 2;
        } else if (bytes.at(p) == '\n') {
            p += 1;
        } else {
            throw new DamagedUpdate("stream is not followed by an end of line", p);
        }
        Long length = dict.get("Length") instanceof RawValue.Number n ? n.integer() : null;
        if (length == null || length < 0 || p + length > bytes.length()) {
            // An indirect or missing length would have to be looked up or guessed; Signet writes it direct.
            throw new DamagedUpdate("a stream's /Length is not a direct integer within the file", p);
        }
        RawValue.Stream stream = new RawValue.Stream(dict, new FileStreamBytes(bytes, p, length));
        lexer.seek(p + length);
        lexer.expect("endstream");
        return stream;
    }
}
