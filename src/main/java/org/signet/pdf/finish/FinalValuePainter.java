package org.signet.pdf.finish;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream.AppendMode;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.signet.pdf.fonts.FinalText;
import org.signet.pdf.fonts.TextRuns;
import org.signet.pdf.fonts.Typesetter;
import org.signet.pdf.read.PageBox;

/** Draws placed field values onto the pages of a document, on top of their existing content. */
final class FinalValuePainter {

    private static final float INK_GREY = 0.1f;
    private static final float LINE_SPACING = 1.2f;

    private final PDDocument document;
    private final Typesetter type;
    private final float ascent;
    private final float descent;
    /** One XObject per distinct image, so a signature used in many fields is stored once. */
    private final Map<ByteBuffer, PDImageXObject> images = new HashMap<>();

    FinalValuePainter(PDDocument document, Typesetter type) throws IOException {
        this.document = document;
        this.type = type;
        this.ascent = type.ascent();
        this.descent = type.descent();
    }

    /** Appends one content stream to {@code page} with every value, in the order given. */
    void paint(PDPage page, List<PlacedValue> values) throws IOException {
        float displayHeight = PageBox.displayHeight(page);
        try (PDPageContentStream out = new PDPageContentStream(document, page, AppendMode.APPEND, true, true)) {
            out.transform(PageBox.displayToUser(page));
            for (PlacedValue value : values) {
                PDRectangle box = new PDRectangle(value.x(), displayHeight - value.y() - value.height(),
                        value.width(), value.height());
                out.saveGraphicsState();
                out.addRect(box.getLowerLeftX(), box.getLowerLeftY(), box.getWidth(), box.getHeight());
                out.clip();
                draw(out, value, box);
                out.restoreGraphicsState();
            }
        }
    }

    private void draw(PDPageContentStream out, PlacedValue value, PDRectangle box) throws IOException {
        String type = value.fieldType();
        if (PlacedValue.IMAGE_TYPES.contains(type)) {
            drawImage(out, value, box);
        } else if (type.equals("checkbox")) {
            if ("1".equals(value.text())) {
                drawCheck(out, box);
            }
        } else if (type.equals("textarea")) {
            drawLines(out, value, box);
        } else {
            drawLine(out, value, box);
        }
    }

    private void drawImage(PDPageContentStream out, PlacedValue value, PDRectangle box) throws IOException {
        byte[] bytes = value.image();
        if (bytes == null || bytes.length == 0) {
            return;
        }
        PDImageXObject image = image(bytes, value);
        float scale = Math.min(box.getWidth() / image.getWidth(), box.getHeight() / image.getHeight());
        float w = image.getWidth() * scale;
        float h = image.getHeight() * scale;
        PDRectangle drawn = new PDRectangle(box.getLowerLeftX() + (box.getWidth() - w) / 2,
                box.getLowerLeftY() + (box.getHeight() - h) / 2, w, h);
        out.drawImage(image, drawn.getLowerLeftX(), drawn.getLowerLeftY(), w, h);
        if (value.text() != null && !value.text().isBlank()) {
            drawHidden(out, value.text(), drawn);
        }
    }

    /**
     * A typed signature's text over its image, invisible (rendering mode 3, as scanned pages carry
     * their recognised text), so the name can be searched, copied and extracted as it was typed.
     */
    private void drawHidden(PDPageContentStream out, String text, PDRectangle area) throws IOException {
        String line = FinalText.printable(text).strip();
        float size = Math.min(area.getHeight() / 2, PlacedValue.DEFAULT_FONT_SIZE * 4);
        float width = type.width(line, size);
        if (width > area.getWidth()) {
            size *= area.getWidth() / width;
            width = area.getWidth();
        }
        out.setRenderingMode(RenderingMode.NEITHER);
        type.show(out, line, size, area.getLowerLeftX() + (area.getWidth() - width) / 2,
                area.getLowerLeftY() + (area.getHeight() - size) / 2);
        out.setRenderingMode(RenderingMode.FILL);
    }

    private PDImageXObject image(byte[] bytes, PlacedValue value) throws IOException {
        ByteBuffer key = ByteBuffer.wrap(bytes);
        PDImageXObject cached = images.get(key);
        if (cached != null) {
            return cached;
        }
        PDImageXObject image;
        try {
            image = SignatureImages.embed(document, bytes);
        } catch (IllegalArgumentException | IOException e) {
            throw new IOException("The " + value.fieldType() + " image on page " + value.pageNumber()
                    + " is not a readable PNG or JPEG", e);
        }
        images.put(key, image);
        return image;
    }

    /** A tick filling the largest square that fits the box, centred. */
    private static void drawCheck(PDPageContentStream out, PDRectangle box) throws IOException {
        float side = Math.min(box.getWidth(), box.getHeight());
        float stroke = side * 0.12f;
        float inner = side - stroke;
        float left = box.getLowerLeftX() + (box.getWidth() - inner) / 2;
        float bottom = box.getLowerLeftY() + (box.getHeight() - inner) / 2;
        out.setStrokingColor(INK_GREY, INK_GREY, INK_GREY);
        out.setLineWidth(stroke);
        out.setLineCapStyle(1);
        out.setLineJoinStyle(1);
        out.moveTo(left + inner * 0.05f, bottom + inner * 0.50f);
        out.lineTo(left + inner * 0.38f, bottom + inner * 0.12f);
        out.lineTo(left + inner * 0.95f, bottom + inner * 0.92f);
        out.stroke();
    }

    /** One line, vertically centred, shrunk to fit the box's width and height. */
    private void drawLine(PDPageContentStream out, PlacedValue value, PDRectangle box) throws IOException {
        String text = FinalText.printable(value.text()).strip();
        if (text.isEmpty()) {
            return;
        }
        float pad = padding(box);
        float size = Math.min(value.effectiveFontSize(), box.getHeight() / (ascent - descent));
        float width = type.width(text, size);
        if (width > box.getWidth() - 2 * pad) {
            size *= (box.getWidth() - 2 * pad) / width;
        }
        float baseline = box.getLowerLeftY() + (box.getHeight() - (ascent - descent) * size) / 2 - descent * size;
        show(out, text, size, box, baseline);
    }

    /** Wrapped lines from the top of the box; lines that would not fit inside it are left out. */
    private void drawLines(PDPageContentStream out, PlacedValue value, PDRectangle box) throws IOException {
        float pad = padding(box);
        float size = Math.min(value.effectiveFontSize(), (box.getHeight() - pad) / (ascent - descent));
        List<String> lines = FinalText.wrap(type, size, value.text(), box.getWidth() - 2 * pad);
        float baseline = box.getUpperRightY() - pad / 2 - ascent * size;
        for (String line : lines) {
            if (baseline + descent * size < box.getLowerLeftY()) {
                break;
            }
            if (!line.isEmpty()) {
                show(out, line, size, box, baseline);
            }
            baseline -= size * LINE_SPACING;
        }
    }

    /** A line starts at the box's left, or at its right when it reads from right to left, as it was typed. */
    private void show(PDPageContentStream out, String text, float size, PDRectangle box, float baseline)
            throws IOException {
        float pad = padding(box);
        float x = TextRuns.rightToLeft(text) ? box.getUpperRightX() - pad - type.width(text, size)
                : box.getLowerLeftX() + pad;
        out.setNonStrokingColor(INK_GREY, INK_GREY, INK_GREY);
        type.show(out, text, size, x, baseline);
    }

    private static float padding(PDRectangle box) {
        return Math.min(2f, box.getWidth() * 0.05f);
    }
}
