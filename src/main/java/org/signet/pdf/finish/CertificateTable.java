package org.signet.pdf.finish;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.signet.pdf.fonts.FinalText;
import org.signet.pdf.fonts.Typesetter;

/** Writes the audit events as a table on the certificate pages, repeating its header on each new page. */
final class CertificateTable {

    private static final float SIZE = 8f;
    private static final float LEADING = SIZE * 1.35f;
    private static final float CELL_GAP = 6f;
    private static final float ROW_GAP = 4f;

    private final CertificatePage page;
    private final float[] columns = CertificatePage.columns();

    CertificateTable(CertificatePage page) {
        this.page = page;
    }

    void write(List<CertificateData.Event> events) throws IOException {
        if (events.isEmpty()) {
            page.ensure(LEADING);
            page.line(page.regular(), CertificatePage.BODY, CertificatePage.MARGIN,
                    page.words().get("no_events"));
            page.moveDown(LEADING);
            return;
        }
        header();
        for (CertificateData.Event event : events) {
            List<List<String>> cells = cells(event);
            int height = cells.stream().mapToInt(List::size).max().orElse(1);
            float rowHeight = height * LEADING + ROW_GAP;
            if (page.ensure(rowHeight)) {
                page.line(page.bold(), 11f, CertificatePage.MARGIN,
                        page.words().get("audit_trail_continued"));
                page.moveDown(11f * 1.6f);
                header();
            }
            row(page.regular(), cells);
            page.moveDown(rowHeight);
        }
    }

    private List<List<String>> cells(CertificateData.Event event) throws IOException {
        String[] values = {page.time(event.at()), event.action(), event.actor(), event.ipAddress()};
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            cells.add(FinalText.wrap(page.regular(), SIZE, FinalText.orDash(values[i]), columns[i] - CELL_GAP));
        }
        return cells;
    }

    private void header() throws IOException {
        List<List<String>> cells = new ArrayList<>();
        for (String header : page.headers()) {
            cells.add(List.of(header));
        }
        row(page.bold(), cells);
        page.moveDown(LEADING + 1f);
        rule();
        page.moveDown(ROW_GAP);
    }

    private void row(Typesetter type, List<List<String>> cells) throws IOException {
        float x = CertificatePage.MARGIN;
        float top = page.y();
        for (int i = 0; i < cells.size(); i++) {
            for (String line : cells.get(i)) {
                page.line(type, SIZE, x, line);
                page.moveDown(LEADING);
            }
            page.jumpTo(top);
            x += columns[i];
        }
    }

    private void rule() throws IOException {
        PDPageContentStream out = page.out();
        float width = 0;
        for (float column : columns) {
            width += column;
        }
        out.setStrokingColor(0.7f, 0.7f, 0.72f);
        out.setLineWidth(0.5f);
        out.moveTo(CertificatePage.MARGIN, page.y());
        out.lineTo(CertificatePage.MARGIN + width, page.y());
        out.stroke();
    }
}
