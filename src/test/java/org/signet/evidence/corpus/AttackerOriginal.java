package org.signet.evidence.corpus;

import org.signet.support.RawPdf;
/**
 * The original an attacker uploads to have Signet seal it, prepared for the forgeries that follow:
 * page 1 shows a fee drawn by a form XObject, a penalty line under a white cover, a late-fee line
 * in optional content that its membership dictionary hides, and inherits its resources from the
 * page tree; the catalogue's private data holds a stream whose bytes are a complete body for
 * page 1's content stream, unused. Object numbers are fixed here and kept by Signet's writer.
 */
final class AttackerOriginal {
    static final int CATALOG = 1;
    static final int PAGES = 2;
    static final int PAGE_ONE = 3;
    static final int FONT = 5;
    static final int CONTENT = 6;
    static final int COVER = 7;
    static final int AMOUNT = 8;
    static final int LATE_FEE_GROUP = 10;
    static final int LATE_FEE_VISIBILITY = 11;
    static final int SHADOW = 12;

    /** Page 1's content as signed. */
    static final String CONTENT_SIGNED = """
            BT /F1 20 Tf 60 760 Td (Service agreement) Tj ET
            BT /F1 14 Tf 60 700 Td (Fee:) Tj ET
            q 1 0 0 1 110 700 cm /Amount Do Q
            BT /F1 14 Tf 60 640 Td (Penalty: EUR 9,000,000) Tj ET
            q 1 0 0 1 55 632 cm /Cover Do Q
            /OC /LateFee BDC BT /F1 14 Tf 60 580 Td (Late fee: EUR 9,000,000) Tj ET EMC
            BT /F1 12 Tf 60 520 Td (The parties sign on page 2.) Tj ET
            """;
    /** Page 1's content as the shadow body inside {@link #SHADOW} draws it. */
    static final String CONTENT_SHADOW = """
            BT /F1 20 Tf 60 760 Td (Service agreement) Tj ET
            BT /F1 14 Tf 60 700 Td (Fee: EUR 9,000,000 a month) Tj ET
            BT /F1 12 Tf 60 520 Td (The parties sign on page 2.) Tj ET
            """;

    private AttackerOriginal() {
    }

    static byte[] pdf() {
        return new RawPdf()
                .object(CATALOG, "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [10 0 R] /D << /ON [10 0 R]"
                        + " /Order [10 0 R] >> >> /PieceInfo << /Drafts << /LastModified (D:20260101000000Z)"
                        + " /Private 12 0 R >> >> >>")
                .object(PAGES, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 595 842] /Resources"
                        + " << /Font << /F1 5 0 R >> /XObject << /Cover 7 0 R /Amount 8 0 R >> /Properties"
                        + " << /LateFee 11 0 R >> >> >>")
                .object(PAGE_ONE, "<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>")
                .object(4, "<< /Type /Page /Parent 2 0 R /Contents 9 0 R /Resources << /Font << /F1 5 0 R >> >> >>")
                .object(FONT, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
                .stream(CONTENT, "", CONTENT_SIGNED)
                .stream(COVER, "/Type /XObject /Subtype /Form /BBox [0 0 400 28]", "1 1 1 rg 0 0 400 28 re f")
                .stream(AMOUNT, "/Type /XObject /Subtype /Form /BBox [0 0 300 20] /Resources << /Font << /F1 5 0 R >> >>",
                        "BT /F1 14 Tf 0 0 Td (EUR 900) Tj ET")
                .stream(9, "", "BT /F1 14 Tf 60 760 Td (Signatures) Tj ET")
                .object(LATE_FEE_GROUP, "<< /Type /OCG /Name (Late fee) >>")
                .object(LATE_FEE_VISIBILITY, "<< /Type /OCMD /OCGs [10 0 R] /P /AllOff >>")
                .stream(SHADOW, "", shadowBody())
                .bytes(CATALOG);
    }

    /** A complete body for the content stream, "6 0 obj ... endobj", stored as the data of an unused stream. */
    private static byte[] shadowBody() {
        return RawPdf.indirect(CONTENT, 0, RawPdf.streamBody("", RawPdf.ascii(CONTENT_SHADOW)));
    }

    /** Where, in {@code sealed}, the shadow body for the content stream starts: inside {@link #SHADOW}'s data. */
    static long shadowBodyOffset(byte[] sealed) {
        String planted = Pdfs.latin1(shadowBody());
        String text = Pdfs.latin1(sealed);
        int at = text.indexOf(planted);
        if (at < 0 || text.indexOf(planted, at + 1) >= 0) {
            throw new AssertionError("the sealed file does not carry the shadow body once, as uploaded");
        }
        return at;
    }
}
