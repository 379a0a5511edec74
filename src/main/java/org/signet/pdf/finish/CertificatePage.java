package org.signet.pdf.finish;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream.AppendMode;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.signet.pdf.fonts.DocumentFonts;
import org.signet.pdf.fonts.FinalText;
import org.signet.pdf.fonts.Typesetter;

/** Writes the certificate-of-completion pages at the end of a finished document. */
final class CertificatePage {

    static final float MARGIN = 56f;
    static final float BODY = 9f;
    private static final float LEADING = BODY * 1.4f;
    private static final float LABEL_WIDTH = 110f;
    /** Audit table columns: time, action, actor, IP address; together the content width. */
    private static final float[] COLUMNS = {136f, 112f, 145f, 90f};
    private static final String[] HEADERS = {"column.time", "column.action", "column.actor", "column.ip_address"};
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final PDDocument document;
    private final CertificateData data;
    private final Typesetter regular;
    private final Typesetter bold;
    private final List<PDPage> pages = new ArrayList<>();
    private final float contentWidth = PDRectangle.A4.getWidth() - 2 * MARGIN;
    private PDPageContentStream out;
    private float y;

    private CertificatePage(PDDocument document, DocumentFonts fonts, CertificateData data) {
        this.document = document;
        this.data = data;
        this.regular = fonts.regular();
        this.bold = fonts.bold();
    }

    /** The certificate's words, as the caller gave them. */
    CertificateWords words() {
        return data.words();
    }

    /** Appends as many A4 pages as the certificate needs and returns how many that was. */
    static int append(PDDocument document, DocumentFonts fonts, CertificateData data) throws IOException {
        CertificatePage writer = new CertificatePage(document, fonts, data);
        try {
            writer.write();
        } finally {
            writer.closePage();
        }
        writer.footers();
        return writer.pages.size();
    }

    private void write() throws IOException {
        newPage();
        heading(words().get("title"), 20f);
        y -= 6f;
        row(words().get("document"), data.documentTitle());
        row(words().get("document_id"), data.documentId());
        row(words().get("original_sha256"), data.originalSha256());
        row(words().get("completed_at"), time(data.completedAt()));
        if (data.origin() != null) {
            row(words().get("created_from"), data.origin());
        }
        if (data.verifyUrl() != null) {
            row(words().get("verify"), words().get("verify_value", data.verifyUrl(), FinalText.orDash(data.documentId()),
                    data.siteName()));
        }
        if (!data.files().isEmpty()) {
            y -= 10f;
            heading(words().get("files"), 13f);
            for (CertificateData.DocumentFile file : data.files()) {
                file(file);
            }
        }
        y -= 10f;
        heading(words().get("parties"), 13f);
        for (CertificateData.Party party : data.parties()) {
            party(party);
        }
        if (data.parties().isEmpty()) {
            row("", words().get("no_parties"));
        }
        if (!data.attachments().isEmpty()) {
            y -= 10f;
            heading(words().get("attachments"), 13f);
            for (CertificateData.Attachment attachment : data.attachments()) {
                attachment(attachment);
            }
        }
        y -= 10f;
        ensure(13f * 1.6f + 3 * LEADING);
        heading(words().get("audit_trail"), 13f);
        new CertificateTable(this).write(data.events());
    }

    private void party(CertificateData.Party party) throws IOException {
        String[][] rows = {
            {"role", party.role()}, {"email", party.email()}, {"status", party.status()},
            {"ip_address", party.ipAddress()}, {"user_agent", party.userAgent()},
            {"invited", time(party.invitedAt())}, {"viewed", time(party.viewedAt())},
            {"signed", time(party.signedAt())},
        };
        float height = LEADING * 1.2f + 6f;
        for (String[] r : rows) {
            height += valueLines(r[1]).size() * LEADING;
        }
        // A party's block stays on one page so its details are read together.
        ensure(height);
        y -= 4f;
        line(bold, 10.5f, MARGIN, FinalText.orDash(party.name()));
        y -= LEADING * 1.2f;
        for (String[] r : rows) {
            row(words().get(r[0]), r[1]);
        }
        y -= 2f;
    }

    /** One of the document's files, kept on one page: its name, then its pages and SHA-256. */
    private void file(CertificateData.DocumentFile f) throws IOException {
        String[][] rows = {{"file.pages", words().get("file.pages_value", f.firstPage(), f.lastPage())},
            {"file.sha256", f.sha256()}};
        named(f.filename(), rows);
    }

    /** An attached file's block, kept on one page: its name, then its field, signer and SHA-256. */
    private void attachment(CertificateData.Attachment a) throws IOException {
        String[][] rows = {{"attachment.field", a.field()}, {"attachment.signer", a.signer()},
            {"attachment.sha256", a.sha256()}};
        named(a.filename(), rows);
    }

    /** A file's name in bold, then its rows (word key, value), together on one page. */
    private void named(String filename, String[][] rows) throws IOException {
        List<String> name = FinalText.wrap(bold, 10.5f, FinalText.orDash(filename), contentWidth);
        float height = name.size() * LEADING * 1.2f + 6f;
        for (String[] r : rows) {
            height += valueLines(r[1]).size() * LEADING;
        }
        ensure(height);
        y -= 4f;
        for (String text : name) {
            line(bold, 10.5f, MARGIN, text);
            y -= LEADING * 1.2f;
        }
        for (String[] r : rows) {
            row(words().get(r[0]), r[1]);
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
        return FinalText.wrap(regular, BODY, FinalText.orDash(value), contentWidth - LABEL_WIDTH);
    }

    private void heading(String text, float size) throws IOException {
        ensure(size * 1.6f);
        line(bold, size, MARGIN, text);
        y -= size * 1.6f;
    }

    /**
     * A time as the certificate writes every time, with its zone so no reader has to guess:
     * {@code 2026-11-25 19:23:06 UTC}, or {@code 2026-11-25 20:23:06 UTC+01:00} in another zone.
     */
    String time(Instant at) {
        if (at == null) {
            return null;
        }
        ZonedDateTime local = at.atZone(data.zone());
        ZoneOffset offset = local.getOffset();
        return STAMP.format(local) + " UTC" + (offset.getTotalSeconds() == 0 ? "" : offset.getId());
    }

    /** Shows one line of printable text whose top is at the current position. */
    void line(Typesetter type, float size, float x, String text) throws IOException {
        if (text.isEmpty()) {
            return;
        }
        type.show(out, text, size, x, y - size);
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
    private void footers() throws IOException {
        String id = FinalText.orDash(data.documentId());
        for (int i = 0; i < pages.size(); i++) {
            try (PDPageContentStream footer = new PDPageContentStream(document, pages.get(i), AppendMode.APPEND, true)) {
                String text = words().get("footer", words().get("title"), id, i + 1, pages.size());
                footer.setNonStrokingColor(0.42f, 0.42f, 0.45f);
                regular.show(footer, text, 7.5f, MARGIN, MARGIN - 20f);
            }
        }
    }

    PDPageContentStream out() {
        return out;
    }

    Typesetter regular() {
        return regular;
    }

    Typesetter bold() {
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

    List<String> headers() {
        return List.of(HEADERS).stream().map(key -> words().get(key)).toList();
    }
}
