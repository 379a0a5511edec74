package org.signet.pdf.intake;

import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pdfbox.contentstream.PDFStreamEngine;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.state.Concatenate;
import org.apache.pdfbox.contentstream.operator.state.Restore;
import org.apache.pdfbox.contentstream.operator.state.Save;
import org.apache.pdfbox.contentstream.operator.state.SetGraphicsStateParameters;
import org.apache.pdfbox.contentstream.operator.state.SetMatrix;
import org.apache.pdfbox.contentstream.operator.text.BeginText;
import org.apache.pdfbox.contentstream.operator.text.EndText;
import org.apache.pdfbox.contentstream.operator.text.MoveText;
import org.apache.pdfbox.contentstream.operator.text.MoveTextSetLeading;
import org.apache.pdfbox.contentstream.operator.text.NextLine;
import org.apache.pdfbox.contentstream.operator.text.SetCharSpacing;
import org.apache.pdfbox.contentstream.operator.text.SetFontAndSize;
import org.apache.pdfbox.contentstream.operator.text.SetTextHorizontalScaling;
import org.apache.pdfbox.contentstream.operator.text.SetTextLeading;
import org.apache.pdfbox.contentstream.operator.text.SetTextRise;
import org.apache.pdfbox.contentstream.operator.text.SetWordSpacing;
import org.apache.pdfbox.contentstream.operator.text.ShowText;
import org.apache.pdfbox.contentstream.operator.text.ShowTextAdjusted;
import org.apache.pdfbox.contentstream.operator.text.ShowTextLine;
import org.apache.pdfbox.contentstream.operator.text.ShowTextLineAndSpace;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDTransparencyGroup;
import org.apache.pdfbox.pdmodel.graphics.state.PDTextState;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;

/**
 * Finds the text tags in one page's own content stream and where each of their glyphs was shown: the
 * operator (counted as {@link org.apache.pdfbox.pdfparser.PDFStreamParser} counts them), the string
 * within it and the character code within that string, so {@link TagEraser} can take exactly those out.
 * Text inside form XObjects is not searched: it may be shared with other pages, so it could not be
 * removed from this one alone. Only the glyphs since the last {@code {} are held, so a page of any
 * length costs a bounded amount of memory.
 */
final class TagFinder extends PDFStreamEngine {
    /** Longer than any sensible tag; a run of text past it after {@code {{} is not a tag. */
    static final int MAX_TAG_CHARS = 400;

    /** Where a glyph was shown and the text state the eraser needs to keep what follows in place. */
    record Glyph(int operator, int string, int code, PDFont font, float fontSize, float charSpacing,
            float wordSpacing, Rectangle2D box) {}

    /** A tag found on the page, with the glyphs that show it; boxes are in PDF user space. */
    record Found(TagSyntax.Tag tag, List<Glyph> glyphs) {
        Rectangle2D box() {
            Rectangle2D all = (Rectangle2D) glyphs.get(0).box().clone();
            glyphs.forEach(g -> all.add(g.box()));
            return all;
        }
    }

    private final List<Found> found = new ArrayList<>();
    private final List<Glyph> pending = new ArrayList<>();
    private final StringBuilder pendingText = new StringBuilder();
    private final Map<PDFont, String[]> unicodeByFont;
    private int operator = -1;
    private int string = -1;
    private int code = -1;
    private int nested;

    private TagFinder(Map<PDFont, String[]> unicodeByFont) {
        this.unicodeByFont = unicodeByFont;
        addOperator(new BeginText(this));
        addOperator(new EndText(this));
        addOperator(new SetFontAndSize(this));
        addOperator(new ShowText(this));
        addOperator(new ShowTextAdjusted(this));
        addOperator(new ShowTextLine(this));
        addOperator(new ShowTextLineAndSpace(this));
        addOperator(new MoveText(this));
        addOperator(new MoveTextSetLeading(this));
        addOperator(new NextLine(this));
        addOperator(new SetCharSpacing(this));
        addOperator(new SetWordSpacing(this));
        addOperator(new SetTextHorizontalScaling(this));
        addOperator(new SetTextLeading(this));
        addOperator(new SetTextRise(this));
        addOperator(new SetMatrix(this));
        addOperator(new Concatenate(this));
        addOperator(new Save(this));
        addOperator(new Restore(this));
        addOperator(new SetGraphicsStateParameters(this));
    }

    /**
     * The tags on {@code page}, in the order they are shown; {@code unicodeByFont} remembers each
     * font's text per one-byte code across the pages of one document.
     */
    static List<Found> find(PDPage page, Map<PDFont, String[]> unicodeByFont) throws IOException {
        TagFinder finder = new TagFinder(unicodeByFont);
        finder.processPage(page);
        return finder.found;
    }

    /** Counts the operators of the page's stream; those that ' and " run for themselves are not counted again. */
    @Override
    protected void processOperator(Operator op, List<COSBase> operands) throws IOException {
        if (nested == 0) {
            operator++;
            string = -1;
        }
        nested++;
        try {
            super.processOperator(op, operands);
        } finally {
            nested--;
        }
    }

    @Override
    protected void showText(byte[] bytes) throws IOException {
        string++;
        code = -1;
        super.showText(bytes);
    }

    @Override
    protected void showGlyph(Matrix textRenderingMatrix, PDFont font, int glyphCode, Vector displacement) {
        code++;
        PDTextState state = getGraphicsState().getTextState();
        if (font.isVertical() || state.getFontSize() == 0) {
            clear();
            return;
        }
        String unicode = unicode(font, glyphCode);
        if (pending.isEmpty() && !unicode.startsWith("{")) {
            // Most glyphs of a page are not in a tag: no box or record is made for them.
            return;
        }
        Glyph g = new Glyph(operator, string, code, font, state.getFontSize(), state.getCharacterSpacing(),
                state.getWordSpacing(), box(textRenderingMatrix, displacement.getX()));
        accept(unicode, g);
    }

    /** The glyph's text, remembered per font for one-byte codes: a page shows the same few fonts thousands of times. */
    private String unicode(PDFont font, int glyphCode) {
        if (glyphCode < 0 || glyphCode > 255) {
            return orReplacement(font.toUnicode(glyphCode));
        }
        // Filled as codes are shown, not all at once: PDFBox logs a warning for each code without text.
        String[] texts = unicodeByFont.computeIfAbsent(font, f -> new String[256]);
        String known = texts[glyphCode];
        if (known == null) {
            known = orReplacement(font.toUnicode(glyphCode));
            texts[glyphCode] = known;
        }
        return known;
    }

    private static String orReplacement(String unicode) {
        return unicode == null ? "\uFFFD" : unicode;
    }

    /** One em tall, from a fifth below the baseline, and as wide as the glyph advances. */
    private static Rectangle2D box(Matrix trm, float advance) {
        Rectangle2D.Double box = null;
        float[][] corners = {{0, -0.2f}, {advance, -0.2f}, {0, 0.8f}, {advance, 0.8f}};
        for (float[] c : corners) {
            float x = c[0] * trm.getScaleX() + c[1] * trm.getShearX() + trm.getTranslateX();
            float y = c[0] * trm.getShearY() + c[1] * trm.getScaleY() + trm.getTranslateY();
            if (box == null) {
                box = new Rectangle2D.Double(x, y, 0, 0);
            } else {
                box.add(x, y);
            }
        }
        return box;
    }

    private void accept(String unicode, Glyph g) {
        if (pending.isEmpty() && !unicode.startsWith("{")) {
            return;
        }
        pending.add(g);
        pendingText.append(unicode);
        String text = pendingText.toString();
        if (text.length() >= 2 && !text.startsWith("{{")) {
            clear();
            if (unicode.startsWith("{")) {
                accept(unicode, g);
            }
        } else if (text.endsWith("}}")) {
            Optional<TagSyntax.Tag> tag = TagSyntax.parse(text);
            tag.ifPresent(t -> found.add(new Found(t, List.copyOf(pending))));
            clear();
        } else if (text.length() > MAX_TAG_CHARS) {
            clear();
        }
    }

    private void clear() {
        pending.clear();
        pendingText.setLength(0);
    }

    /** Forms are not searched (see the class comment); the page's own operators are all that is counted. */
    @Override
    public void showForm(PDFormXObject form) {
        // Not searched.
    }

    @Override
    public void showTransparencyGroup(PDTransparencyGroup group) {
        // Not searched.
    }
}
