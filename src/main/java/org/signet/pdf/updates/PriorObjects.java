package org.signet.pdf.updates;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSBoolean;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSDocument;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.signet.crypto.Tokens;

/**
 * The objects as they stood before the update being checked: the sealed revision, as PDFBox read
 * it, with every update already checked laid over it. Tells which object numbers are in use, under
 * which generation, and what each one held.
 */
final class PriorObjects {
    private final COSDocument sealed;
    private final Map<Long, Integer> sealedGenerations = new HashMap<>();
    private final Map<Long, Slot> laidOver = new HashMap<>();
    private final Set<Long> createdAfterSeal = new HashSet<>();

    /** An object's state after an update: its generation and value, or freed (value null). */
    private record Slot(int generation, RawValue value) {}

    PriorObjects(COSDocument sealed) {
        this.sealed = sealed;
        for (COSObjectKey key : sealed.getXrefTable().keySet()) {
            sealedGenerations.merge(key.getNumber(), key.getGeneration(), Math::max);
        }
    }

    /** The generation under which {@code number} is in use, or null when it is free or was never used. */
    Integer generation(long number) {
        Slot slot = laidOver.get(number);
        if (slot != null) {
            return slot.value() == null ? null : slot.generation();
        }
        return sealedGenerations.get(number);
    }

    /**
     * The highest object number in use: a writer appending to a file numbers its new objects above
     * it, so a new object below it fills a hole that an older object may already point to.
     */
    long highestInUse() {
        long highest = sealedGenerations.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
        for (Map.Entry<Long, Slot> e : laidOver.entrySet()) {
            if (e.getValue().value() != null) {
                highest = Math.max(highest, e.getKey());
            }
        }
        return highest;
    }

    boolean createdAfterSeal(long number) {
        return createdAfterSeal.contains(number);
    }

    /** What {@code number} holds, or null when it is not in use. */
    RawValue get(long number) throws IOException {
        Slot slot = laidOver.get(number);
        if (slot != null) {
            return slot.value();
        }
        Integer generation = sealedGenerations.get(number);
        if (generation == null) {
            return null;
        }
        COSBase base = sealed.getObjectFromPool(new COSObjectKey(number, generation)).getObject();
        return base == null ? null : convert(base, 0);
    }

    /** {@code value}, or what it refers to. */
    RawValue resolve(RawValue value) throws IOException {
        return value instanceof RawValue.Ref r ? get(r.number()) : value;
    }

    void define(long number, int generation, RawValue value) {
        if (generation(number) == null) {
            createdAfterSeal.add(number);
        }
        laidOver.put(number, new Slot(generation, value));
    }

    void free(long number) {
        laidOver.put(number, new Slot(0, null));
    }

    /** A value PDFBox parsed, as it was written; references stay references. */
    private static RawValue convert(COSBase base, int depth) throws IOException {
        if (depth > RawLexer.MAX_DEPTH) {
            throw new IOException("the sealed revision nests objects too deeply to compare");
        }
        if (base instanceof COSObject o) {
            return new RawValue.Ref(o.getObjectNumber(), o.getGenerationNumber());
        }
        if (base instanceof COSStream s) {
            return new RawValue.Stream(dictionary(s, depth), new PdfBoxStreamBytes(s));
        }
        if (base instanceof COSDictionary d) {
            return dictionary(d, depth);
        }
        if (base instanceof COSArray a) {
            List<RawValue> items = new ArrayList<>(a.size());
            for (int i = 0; i < a.size(); i++) {
                items.add(convert(a.get(i), depth + 1));
            }
            return new RawValue.Array(items);
        }
        return leaf(base);
    }

    private static RawValue.Dict dictionary(COSDictionary d, int depth) throws IOException {
        Map<String, RawValue> entries = new LinkedHashMap<>();
        for (Map.Entry<COSName, COSBase> e : d.entrySet()) {
            entries.put(e.getKey().getName(), convert(e.getValue(), depth + 1));
        }
        return new RawValue.Dict(entries);
    }

    private static RawValue leaf(COSBase base) {
        if (base instanceof COSName n) {
            return new RawValue.Name(n.getName());
        }
        if (base instanceof COSInteger i) {
            return new RawValue.Number(Long.toString(i.longValue()));
        }
        if (base instanceof COSFloat f) {
            return new RawValue.Number(Float.toString(f.floatValue())); // always with a point or exponent: a real
        }
        if (base instanceof COSString s) {
            return new RawValue.Text(s.getBytes());
        }
        if (base instanceof COSBoolean b) {
            return new RawValue.Bool(b.getValue());
        }
        return new RawValue.Null();
    }

    /** A stream of the sealed revision, its stored bytes read through PDFBox. */
    private record PdfBoxStreamBytes(COSStream stream) implements RawValue.StreamBytes {
        @Override
        public long length() {
            return stream.getLength();
        }

        @Override
        public String sha256() throws IOException {
            var sha = Tokens.digest();
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = stream.createRawInputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    sha.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(sha.digest());
        }
    }
}
