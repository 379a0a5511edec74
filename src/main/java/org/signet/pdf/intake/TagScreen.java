package org.signet.pdf.intake;

import java.io.IOException;
import java.util.Map;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDSimpleFont;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.pdmodel.font.encoding.Encoding;
import org.apache.pdfbox.pdmodel.font.encoding.GlyphList;

/**
 * Tells from a page's fonts and the bytes of its content whether it can hold a text tag at all, so
 * that the pages of an ordinary document are not run through {@link TagFinder}, which works out the
 * position of every glyph. A tag starts with a glyph whose text starts with {@code {}: when every font
 * of the page is a simple one (one byte a glyph) whose encoding names its glyphs, and no byte that
 * such a font shows as {@code {} appears in the content, there is none. Whatever the screen cannot
 * rule out (two-byte or Type 3 fonts, ToUnicode maps, a font set through a graphics state, hex
 * strings, octal escapes, inline images whose bytes happen to match) goes to the finder as before.
 */
final class TagScreen {
    /** Where {@code {} is in every standard encoding; watched even when no font names it, as PDFBox's fallback font shows it. */
    private static final int BRACE = 0x7B;

    private final boolean[] braceCodes;
    private boolean mayHoldTag;
    private boolean afterLessThan;
    private boolean afterBackslash;

    private TagScreen(boolean[] braceCodes, boolean mayHoldTag) {
        this.braceCodes = braceCodes;
        this.mayHoldTag = mayHoldTag;
    }

    /** A screen for {@code page}. */
    static TagScreen of(PDPage page) {
        boolean[] codes = new boolean[256];
        codes[BRACE] = true;
        try {
            PDResources resources = page.getResources();
            if (resources == null) {
                return new TagScreen(codes, false);
            }
            if (setsFontThroughGraphicsState(resources)) {
                return new TagScreen(codes, true);
            }
            for (COSName name : resources.getFontNames()) {
                PDFont font = resources.getFont(name);
                if (!(font instanceof PDSimpleFont simple) || font instanceof PDType3Font || !markBraces(simple, codes)) {
                    return new TagScreen(codes, true);
                }
            }
            return new TagScreen(codes, false);
        } catch (IOException | RuntimeException e) {
            // A font PDFBox cannot read: the finder meets it as before and decides.
            return new TagScreen(codes, true);
        }
    }

    /**
     * Marks the codes {@code font} shows as {@code {}, read from its encoding's glyph names; false when
     * that cannot be known without asking the font code by code (which makes PDFBox log every code
     * without text): a ToUnicode map, which may give any code any text, or no encoding at all; and
     * when one such code is a byte the content could spell otherwise.
     */
    private static boolean markBraces(PDSimpleFont font, boolean[] codes) {
        Encoding encoding = font.getEncoding();
        if (encoding == null || font.getCOSObject().containsKey(COSName.TO_UNICODE)) {
            return false;
        }
        GlyphList names = GlyphList.getAdobeGlyphList();
        for (Map.Entry<Integer, String> entry : encoding.getCodeToNameMap().entrySet()) {
            String text = names.toUnicode(entry.getValue());
            int code = entry.getKey();
            if (text != null && text.startsWith("{")) {
                if (code < 0 || code > 255 || !plainByte(code)) {
                    return false;
                }
                codes[code] = true;
            }
        }
        return true;
    }

    /** A byte that appears in content only as itself: printable, and not a delimiter or escape. */
    private static boolean plainByte(int code) {
        return code > 0x20 && code < 0x7F && "<>()\\[]/%".indexOf(code) < 0;
    }

    private static boolean setsFontThroughGraphicsState(PDResources resources) {
        for (COSName name : resources.getExtGStateNames()) {
            COSDictionary state = resources.getCOSObject().getCOSDictionary(COSName.EXT_G_STATE);
            if (state != null && state.getDictionaryObject(name) instanceof COSDictionary gs
                    && gs.containsKey(COSName.FONT)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the page may hold a tag, after all of its content was seen. */
    boolean mayHoldTag() {
        return mayHoldTag;
    }

    /** Looks at the next decoded bytes of the page's content. */
    void see(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length && !mayHoldTag; i++) {
            see(bytes[i] & 0xFF);
        }
    }

    private void see(int b) {
        if (afterLessThan) {
            afterLessThan = false;
            if (b != '<') {
                // A hex string: its codes are spelt in hex digits.
                mayHoldTag = true;
                return;
            }
            return;
        }
        if (afterBackslash) {
            afterBackslash = false;
            if (b >= '0' && b <= '7') {
                mayHoldTag = true;
                return;
            }
            if (b == '<') {
                // Outside a string (a name or a stray operator ending in a backslash) this opens a hex string.
                afterLessThan = true;
                return;
            }
        } else if (b == '\\') {
            afterBackslash = true;
            return;
        } else if (b == '<') {
            afterLessThan = true;
            return;
        }
        if (braceCodes[b]) {
            mayHoldTag = true;
        }
    }
}
