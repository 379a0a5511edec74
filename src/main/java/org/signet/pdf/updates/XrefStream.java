package org.signet.pdf.updates;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The entries of a cross-reference stream (ISO 32000-1 §7.5.8): its bytes inflated (Flate, with or
 * without a PNG predictor, which is what writers use for it) within a bound, then cut into rows as
 * {@code /W} and {@code /Index} say.
 */
final class XrefStream {
    /** Largest stored or decoded cross-reference stream read: a million entries of a few bytes. */
    static final int MAX_BYTES = 16 * 1024 * 1024;

    private XrefStream() {}

    static List<UpdateSection.XrefEntry> entries(RawBytes file, RawValue.Stream stream) throws IOException,
            DamagedUpdate {
        RawValue.Dict dict = stream.dict();
        int[] widths = widths(dict.get("W"));
        byte[] data = decoded(stream);
        int row = widths[0] + widths[1] + widths[2];
        List<long[]> ranges = ranges(dict);
        List<UpdateSection.XrefEntry> out = new ArrayList<>();
        int at = 0;
        for (long[] range : ranges) {
            for (long i = 0; i < range[1]; i++) {
                if (at + row > data.length) {
                    throw new DamagedUpdate("a cross-reference stream is shorter than its /Index", 0);
                }
                long type = widths[0] == 0 ? 1 : field(data, at, widths[0]);
                long second = field(data, at + widths[0], widths[1]);
                long third = field(data, at + widths[0] + widths[1], widths[2]);
                at += row;
                if (type > 2 || type == 1 && third > 65535) {
                    throw new DamagedUpdate("a cross-reference stream has an entry of an unknown type", 0);
                }
                out.add(new UpdateSection.XrefEntry(range[0] + i, (int) type, second, type == 1 ? (int) third : 0));
            }
        }
        return out;
    }

    private static int[] widths(RawValue w) throws DamagedUpdate {
        if (!(w instanceof RawValue.Array a) || a.items().size() != 3) {
            throw new DamagedUpdate("a cross-reference stream's /W is not three widths", 0);
        }
        int[] out = new int[3];
        for (int i = 0; i < 3; i++) {
            Long n = a.items().get(i) instanceof RawValue.Number num ? num.integer() : null;
            if (n == null || n < 0 || n > 8) {
                throw new DamagedUpdate("a cross-reference stream's /W is out of range", 0);
            }
            out[i] = n.intValue();
        }
        return out;
    }

    private static List<long[]> ranges(RawValue.Dict dict) throws DamagedUpdate {
        RawValue index = dict.get("Index");
        List<long[]> out = new ArrayList<>();
        if (index == null) {
            out.add(new long[] {0, integer(dict.get("Size"))});
            return out;
        }
        if (!(index instanceof RawValue.Array a) || a.items().size() % 2 != 0) {
            throw new DamagedUpdate("a cross-reference stream's /Index is not pairs of integers", 0);
        }
        for (int i = 0; i < a.items().size(); i += 2) {
            out.add(new long[] {integer(a.items().get(i)), integer(a.items().get(i + 1))});
        }
        return out;
    }

    private static long integer(RawValue value) throws DamagedUpdate {
        Long n = value instanceof RawValue.Number num ? num.integer() : null;
        if (n == null || n < 0 || n > UpdateReader.MAX_ENTRIES * 16L) {
            throw new DamagedUpdate("a cross-reference stream has an integer out of range", 0);
        }
        return n;
    }

    private static long field(byte[] data, int at, int width) {
        long value = 0;
        for (int i = 0; i < width; i++) {
            value = value << 8 | (data[at + i] & 0xff);
        }
        return value;
    }

    private static byte[] decoded(RawValue.Stream stream) throws IOException, DamagedUpdate {
        if (stream.bytes().length() > MAX_BYTES || !(stream.bytes() instanceof FileStreamBytes stored)) {
            throw new DamagedUpdate("a cross-reference stream is too large", 0);
        }
        byte[] raw = stored.read();
        String filter = only(stream.dict().get("Filter"));
        if (filter == null) {
            return raw;
        }
        if (!filter.equals("FlateDecode")) {
            throw new DamagedUpdate("a cross-reference stream is encoded with /" + filter, 0);
        }
        return Predictor.undo(inflate(raw), parameters(stream.dict().get("DecodeParms")));
    }

    /** The one filter named, directly or as an array of one; null for none. */
    private static String only(RawValue filter) throws DamagedUpdate {
        if (filter == null) {
            return null;
        }
        if (filter instanceof RawValue.Name n) {
            return n.name();
        }
        if (filter instanceof RawValue.Array a && a.items().size() == 1 && a.items().get(0) instanceof RawValue.Name n) {
            return n.name();
        }
        throw new DamagedUpdate("a cross-reference stream has more than one filter", 0);
    }

    private static RawValue.Dict parameters(RawValue value) throws DamagedUpdate {
        if (value == null) {
            return null;
        }
        if (value instanceof RawValue.Dict d) {
            return d;
        }
        if (value instanceof RawValue.Array a && a.items().size() == 1 && a.items().get(0) instanceof RawValue.Dict d) {
            return d;
        }
        throw new DamagedUpdate("a cross-reference stream's /DecodeParms is malformed", 0);
    }

    private static byte[] inflate(byte[] raw) throws DamagedUpdate {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(raw);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                out.write(buffer, 0, n);
                if (out.size() > MAX_BYTES) {
                    throw new DamagedUpdate("a cross-reference stream inflates beyond what can be checked", 0);
                }
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new DamagedUpdate("a cross-reference stream cannot be inflated", 0);
        } finally {
            inflater.end();
        }
    }
}
