package org.signet.pdf.verify;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSBoolean;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.signet.pdf.read.InvalidFileException;

/**
 * A digest of a PDF object and of everything it refers to, the same for the same content however
 * the file stores it (object numbers, offsets, an object rewritten unchanged in a later revision).
 * Two revisions of a file are compared by such digests. Streams count by their stored bytes, never
 * decoded, so the cost is bounded by the file. Every key counts, whatever it is called: a name such
 * as {@code /P} is a back reference in one dictionary and, say, the visibility policy of optional
 * content in another. Only two back references are left out, so that a part is digested without
 * the whole document around it: the {@code /Parent} of a page or node of the page tree (known, once
 * {@link PageTree} has walked it, to be the node the walk came from) and an annotation's {@code /P}
 * naming its page. Any other reference back to an object being digested, such as a form field's or
 * an outline item's {@code /Parent}, counts as how many levels up it points.
 */
final class CosDigest {
    /** Most objects visited for one document: far beyond a real one, and a bounded cost for a hostile one. */
    static final int MAX_VISITS = 1_000_000;
    /** Deeper nesting than real documents use; a recursion this deep would run out of stack. */
    static final int MAX_DEPTH = 200;
    private static final COSName ANNOT = COSName.getPDFName("Annot");

    private final Set<COSDictionary> pageTree;
    private final Map<COSBase, byte[]> done = new IdentityHashMap<>();
    /** The objects being digested, each with the depth it was reached at. */
    private final Map<COSBase, Integer> walking = new IdentityHashMap<>();
    private int visits;

    /** A digest for one revision; {@code pageTree} holds the pages and nodes {@link PageTree} walked in it. */
    CosDigest(Set<COSDictionary> pageTree) {
        this.pageTree = Collections.newSetFromMap(new IdentityHashMap<>());
        this.pageTree.addAll(pageTree);
    }

    /** The digest of {@code value}, a dictionary compared without the keys in {@code without}. */
    String of(COSDictionary value, Set<COSName> without) throws InvalidFileException {
        walking.put(value, 0);
        try {
            return hex(dictionary(value, without, 0));
        } finally {
            walking.remove(value);
        }
    }

    String of(COSBase value) throws InvalidFileException {
        return hex(digest(value, 0));
    }

    /** Digests of several values, in order. */
    List<String> of(List<? extends COSBase> values) throws InvalidFileException {
        String[] out = new String[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = of(values.get(i));
        }
        return List.of(out);
    }

    private byte[] digest(COSBase value, int depth) throws InvalidFileException {
        if (++visits > MAX_VISITS || depth > MAX_DEPTH) {
            throw new InvalidFileException("the PDF is too complex to check");
        }
        COSBase resolved = value instanceof COSObject ref ? ref.getObject() : value;
        if (!(resolved instanceof COSDictionary || resolved instanceof COSArray)) {
            return leaf(resolved);
        }
        byte[] known = done.get(resolved);
        if (known != null) {
            return known;
        }
        Integer above = walking.putIfAbsent(resolved, depth);
        if (above != null) {
            return tag("cycle:" + (depth - above));
        }
        byte[] d = resolved instanceof COSArray a ? array(a, depth)
                : dictionary((COSDictionary) resolved, Set.of(), depth);
        walking.remove(resolved);
        done.put(resolved, d);
        return d;
    }

    private byte[] array(COSArray array, int depth) throws InvalidFileException {
        MessageDigest sha = start("array");
        for (int i = 0; i < array.size(); i++) {
            sha.update(digest(array.get(i), depth + 1));
        }
        return sha.digest();
    }

    private byte[] dictionary(COSDictionary dict, Set<COSName> without, int depth) throws InvalidFileException {
        MessageDigest sha = start(dict instanceof COSStream ? "stream" : "dictionary");
        List<COSName> keys = dict.keySet().stream().sorted().toList();
        for (COSName key : keys) {
            if (!without.contains(key) && !isBackReference(dict, key)) {
                update(sha, key.getName().getBytes(StandardCharsets.UTF_8));
                sha.update(digest(dict.getItem(key), depth + 1));
            }
        }
        if (dict instanceof COSStream stream) {
            sha.update(storedBytes(stream));
        }
        return sha.digest();
    }

    /** The back references left out: a page tree member's {@code /Parent}, an annotation's {@code /P} to its page. */
    private boolean isBackReference(COSDictionary dict, COSName key) {
        if (COSName.PARENT.equals(key)) {
            return pageTree.contains(dict);
        }
        return COSName.P.equals(key) && isAnnotation(dict)
                && dict.getDictionaryObject(COSName.P) instanceof COSDictionary page && pageTree.contains(page);
    }

    private static boolean isAnnotation(COSDictionary dict) {
        return ANNOT.equals(dict.getCOSName(COSName.TYPE))
                || dict.containsKey(COSName.SUBTYPE) && dict.containsKey(COSName.RECT);
    }

    /** The digest of a stream's bytes as stored (still encoded); a stream that cannot be read has its own mark. */
    private static byte[] storedBytes(COSStream stream) {
        MessageDigest sha = start("bytes");
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = stream.createRawInputStream()) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                sha.update(buffer, 0, n);
            }
            return sha.digest();
        } catch (IOException | RuntimeException unreadable) {
            return tag("unreadable");
        }
    }

    private static byte[] leaf(COSBase value) {
        if (value instanceof COSName n) {
            return tag("name:" + n.getName());
        }
        if (value instanceof COSString s) {
            MessageDigest sha = start("string");
            sha.update(s.getBytes());
            return sha.digest();
        }
        if (value instanceof COSInteger i) {
            return tag("integer:" + i.longValue());
        }
        if (value instanceof COSFloat f) {
            return tag("real:" + f.floatValue());
        }
        if (value instanceof COSBoolean b) {
            return tag("boolean:" + b.getValue());
        }
        return tag("null");
    }

    private static MessageDigest start(String kind) {
        MessageDigest sha = ByteRange.sha256();
        update(sha, kind.getBytes(StandardCharsets.UTF_8));
        return sha;
    }

    /** Length first, so that no two sequences of parts run together into the same bytes. */
    private static void update(MessageDigest sha, byte[] part) {
        sha.update(new byte[] {(byte) (part.length >>> 24), (byte) (part.length >>> 16), (byte) (part.length >>> 8),
                (byte) part.length});
        sha.update(part);
    }

    private static byte[] tag(String text) {
        return start(text).digest();
    }

    private static String hex(byte[] digest) {
        return java.util.HexFormat.of().formatHex(digest);
    }
}
