package org.signet.pdf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream.AppendMode;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;

/** Writes the certificate-of-completion pages at the end of a finished document. */
final class CertificatePage {

    static final String TITLE = "Certificate of completion";
    static final float MARGIN = 56f;
    static final float BODY = 9f;
    private static final float LEADING = BODY * 1.4f;
    private static final float LABEL_WIDTH = 110f;
    /** Audit table columns: time, action, actor, IP address; together the content width. */
    private static final float[] COLUMNS = {128f, 112f, 153f, 90f};
    private static final String[] HEADERS = {"Time", "Action", "Actor", "IP address"};

    private final PDDocument document;
    private final PDFont regular;
    private final PDFont bold;
    private final List<PDPage> pages = new ArrayList<>();
    private final float contentWidth = PDRectangle.A4.getWidth() - 2 * MARGIN;
    private PDPageContentStream out;
    private float y;

    private CertificatePage(PDDocument document, PDFont regular, PDFont bold) {
        this.document = document;
        this.regular = regular;
        this.bold = bold;
    }

    /** Appends as many A4 pages as the certificate needs and returns how many that was. */
    static int append(PDDocument document, PDFont regular, PDFont bold, CertificateData data) throws IOException {
        CertificatePage writer = new CertificatePage(document, regular, bold);
        try {
            writer.write(data);
        } finally {
            writer.closePage();
        }
        writer.footers(data);
        return writer.pages.size();
    }

    private void write(CertificateData data) throws IOException {
        newPage();
        heading(TITLE, 20f);
        y -= 6f;
        row("Document", data.documentTitle());
        row("Document ID", data.documentId());
        row("Original SHA-256", data.originalSha256());
        row("Completed at", data.completedAt());
        if (data.origin() != null) {
            row("Created from", data.origin());
        }
        y -= 10f;
        heading("Parties", 13f);
        for (CertificateData.Party party : data.parties()) {
            party(party);
        }
        if (data.parties().isEmpty()) {
            row("", "No parties recorded.");
        }
        y -= 10f;
        ensure(13f * 1.6f + 3 * LEADING);
        heading("Audit trail", 13f);
        new CertificateTable(this).write(data.events());
    }

    private void party(CertificateData.Party party) throws IOException {
        String[][] rows = {
            {"Role", party.role()}, {"Email", party.email()}, {"Status", party.status()},
            {"IP address", party.ipAddress()}, {"User agent", party.userAgent()},
            {"Invited", party.invitedAt()}, {"Viewed", party.viewedAt()}, {"Signed", party.signedAt()},
        };
        float height = LEADING * 1.2f + 6f;
        for (String[] r : rows) {
            height += valueLines(r[1]).size() * LEADING;
        }
        // A party's block stays on one page so its details are read together.
        ensure(height);
        y -= 4f;
        line(bold, 10.5f, MARGIN, FinalText.orDash(bold, party.name()));
        y -= LEADING * 1.2f;
        for (String[] r : rows) {
            row(r[0], r[1]);
        }
        y -= 2f;
    }

    private void row(String label, String value) throws IOException {
        List<String> lines = valueLines(value);
        ensure(lines.size() * LEADING);
        out.setNonStrokingColor(0.42f, 0.42f, 0.45f);
        line(regular, BODY, MARGIN, label);
        out.setNonStrokingColor(0f, 0f, 0f);
        for (String text : lines) {
            line(regular, BODY, MARGIN + LABEL_WIDTH, text);
            y -= LEADING;
        }
    }

    private List<String> valueLines(String value) throws IOException {
        return FinalText.wrap(regular, BODY, FinalText.orDash(regular, value), contentWidth - LABEL_WIDTH);
    }

    private void heading(String text, float size) throws IOException {
        ensure(size * 1.6f);
        line(bold, size, MARGIN, text);
        y -= size * 1.6f;
    }

    /** Shows one line of already printable text whose top is at the current position. */
    void line(PDFont font, float size, float x, String text) throws IOException {
        if (text.isEmpty()) {
            return;
        }
        out.beginText();
        out.setFont(font, size);
        out.newLineAtOffset(x, y - size);
        out.showText(text);
        out.endText();
    }

    /** Starts a new page unless {@code height} more points fit above the bottom margin; true if it did. */
    boolean ensure(float height) throws IOException {
        if (out != null && y - height >= MARGIN + 20f) {
            return false;
        }
        newPage();
        return true;
    }

    private void newPage() throws IOException {
        closePage();
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        pages.add(page);
        out = new PDPageContentStream(document, page);
        y = PDRectangle.A4.getHeight() - MARGIN;
    }

    private void closePage() throws IOException {
        if (out != null) {
            out.close();
            out = null;
        }
    }

    /** Numbers the pages once their count is known. */
    private void footers(CertificateData data) throws IOException {
        String id = FinalText.orDash(regular, data.documentId());
        for (int i = 0; i < pages.size(); i++) {
            try (PDPageContentStream footer = new PDPageContentStream(document, pages.get(i), AppendMode.APPEND, true)) {
                String text = TITLE + " \u00b7 Document " + id + " \u00b7 Page " + (i + 1) + " of " + pages.size();
                footer.setNonStrokingColor(0.42f, 0.42f, 0.45f);
                footer.beginText();
                footer.setFont(regular, 7.5f);
                footer.newLineAtOffset(MARGIN, MARGIN - 20f);
                footer.showText(text);
                footer.endText();
            }
        }
    }

    PDPageContentStream out() {
        return out;
    }

    PDFont regular() {
        return regular;
    }

    PDFont bold() {
        return bold;
    }

    float y() {
        return y;
    }

    void moveDown(float height) {
        y -= height;
    }

    void jumpTo(float top) {
        y = top;
    }

    static float[] columns() {
        return COLUMNS.clone();
    }

    static String[] headers() {
        return HEADERS.clone();
    }
}
