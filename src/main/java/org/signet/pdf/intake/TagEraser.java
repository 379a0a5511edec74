package org.signet.pdf.intake;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdfwriter.ContentStreamWriter;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDStream;

/**
 * Takes the glyphs of text tags out of a page's content stream and keeps everything else where it
 * was. Covering a tag with a white box would leave its text in the file for any extractor to find, so
 * the characters themselves go: each string that shows part of a tag becomes a {@code TJ} array whose
 * removed characters are replaced by the same horizontal advance, and the rest of the line does not move.
 */
final class TagEraser {
    private static final Operator TJ = Operator.getOperator("TJ");
    private static final Operator NEXT_LINE = Operator.getOperator("T*");
    private static final Operator WORD_SPACING = Operator.getOperator("Tw");
    private static final Operator CHAR_SPACING = Operator.getOperator("Tc");

    private final Map<Integer, Map<Integer, Set<Integer>>> removed = new HashMap<>();
    private final Map<Integer, TagFinder.Glyph> stateOf = new HashMap<>();

    private TagEraser(List<TagFinder.Found> tags) {
        for (TagFinder.Found tag : tags) {
            for (TagFinder.Glyph g : tag.glyphs()) {
                removed.computeIfAbsent(g.operator(), k -> new HashMap<>())
                        .computeIfAbsent(g.string(), k -> new HashSet<>()).add(g.code());
                stateOf.putIfAbsent(g.operator(), g);
            }
        }
    }

    /** Rewrites {@code page}'s content without the glyphs of {@code tags}, as one Flate-compressed stream. */
    static void erase(PDDocument document, PDPage page, List<TagFinder.Found> tags) throws IOException {
        if (tags.isEmpty()) {
            return;
        }
        List<Object> tokens = new PDFStreamParser(page).parse();
        List<Object> rewritten = new TagEraser(tags).rewrite(tokens);
        PDStream stream = new PDStream(document);
        try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
            new ContentStreamWriter(out).writeTokens(rewritten);
        }
        page.setContents(stream);
    }

    private List<Object> rewrite(List<Object> tokens) throws IOException {
        List<Object> out = new ArrayList<>(tokens.size() + 16);
        List<Object> operands = new ArrayList<>();
        int index = -1;
        for (Object token : tokens) {
            if (!(token instanceof Operator op)) {
                operands.add(token);
                continue;
            }
            index++;
            Map<Integer, Set<Integer>> codes = removed.get(index);
            if (codes == null || !showsText(op)) {
                out.addAll(operands);
                out.add(op);
            } else {
                out.addAll(replaced(op, operands, codes, stateOf.get(index)));
            }
            operands.clear();
        }
        out.addAll(operands);
        return out;
    }

    private static boolean showsText(Operator op) {
        return Set.of("Tj", "TJ", "'", "\"").contains(op.getName());
    }

    /** The operator as {@code TJ} without the removed codes; {@code '} and {@code "} keep their other effects. */
    private static List<Object> replaced(Operator op, List<Object> operands, Map<Integer, Set<Integer>> codes,
            TagFinder.Glyph state) throws IOException {
        List<Object> out = new ArrayList<>();
        String name = op.getName();
        if (name.equals("\"") && operands.size() == 3) {
            out.addAll(List.of(operands.get(0), WORD_SPACING, operands.get(1), CHAR_SPACING));
        }
        if (name.equals("'") || name.equals("\"")) {
            out.add(NEXT_LINE);
        }
        Object last = operands.isEmpty() ? null : operands.get(operands.size() - 1);
        List<COSBase> elements = new ArrayList<>();
        if (last instanceof COSArray array) {
            array.forEach(elements::add);
        } else if (last instanceof COSBase base) {
            elements.add(base);
        }
        COSArray shown = new COSArray();
        int string = -1;
        for (COSBase element : elements) {
            if (element instanceof COSString s) {
                string++;
                split(s.getBytes(), codes.getOrDefault(string, Set.of()), state, shown);
            } else if (element instanceof COSNumber) {
                shown.add(element);
            }
        }
        out.add(shown);
        out.add(TJ);
        return out;
    }

    /** Appends the kept runs of {@code bytes} as strings and each removed run as the advance it had. */
    private static void split(byte[] bytes, Set<Integer> gone, TagFinder.Glyph state, COSArray into)
            throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        double advance = 0;
        for (int code = 0; in.available() > 0; code++) {
            int start = bytes.length - in.available();
            int value = state.font().readCode(in);
            int end = bytes.length - in.available();
            if (gone.contains(code)) {
                flush(kept, into);
                boolean space = end - start == 1 && value == 32;
                advance += state.font().getDisplacement(value).getX() * state.fontSize() + state.charSpacing()
                        + (space ? state.wordSpacing() : 0);
            } else {
                if (advance != 0) {
                    into.add(new COSFloat((float) (-advance / state.fontSize() * 1000)));
                    advance = 0;
                }
                kept.write(bytes, start, end - start);
            }
        }
        flush(kept, into);
        if (advance != 0) {
            into.add(new COSFloat((float) (-advance / state.fontSize() * 1000)));
        }
    }

    private static void flush(ByteArrayOutputStream kept, COSArray into) {
        if (kept.size() > 0) {
            into.add(new COSString(Arrays.copyOf(kept.toByteArray(), kept.size())));
            kept.reset();
        }
    }
}
