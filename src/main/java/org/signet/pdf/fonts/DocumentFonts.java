package org.signet.pdf.fonts;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/** The fonts of one document being drawn: each font file embedded once, as a subset, when it is first drawn with. */
public final class DocumentFonts {
    private final PDDocument document;
    private final Map<FontFile, PDType0Font> embedded = new HashMap<>();
    private final Typesetter regular = new Typesetter(this, false);
    private final Typesetter bold = new Typesetter(this, true);

    public DocumentFonts(PDDocument document) {
        this.document = document;
    }

    public Typesetter regular() {
        return regular;
    }

    public Typesetter bold() {
        return bold;
    }

    PDType0Font embed(FontFile file) throws IOException {
        PDType0Font font = embedded.get(file);
        if (font == null) {
            TrueTypeFont parsed = file.parse();
            document.registerTrueTypeFontForClosing(parsed);
            font = PDType0Font.load(document, parsed, true);
            embedded.put(file, font);
        }
        return font;
    }
}
