package org.signet.evidence.corpus;

import org.signet.support.AlteredPdfs;

/** What the forgeries draw, in PDF content syntax. */
final class Texts {
    static final String HELVETICA_BOLD = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold"
            + " /Encoding /WinAnsiEncoding >>";

    private Texts() {
    }

    /** {@link AlteredPdfs#FORGERY} in 28-point type at ({@code x}, {@code y}) in the font named {@code font}. */
    static String forgeryAt(int x, int y, String font) {
        return "BT /" + font + " 28 Tf " + x + " " + y + " Td (" + AlteredPdfs.FORGERY
                + ") Tj ET";
    }
}
