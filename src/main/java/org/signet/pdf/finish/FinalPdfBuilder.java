package org.signet.pdf.finish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.signet.pdf.fonts.DocumentFonts;
import org.signet.pdf.fonts.Typesetter;

/**
 * Builds the finished document: the original pages with every field value drawn in place, the pages
 * of the files signers attached, then the certificate-of-completion pages; or, while a document is still being signed,
 * the same pages with the values given so far.
 */
public final class FinalPdfBuilder {

    /** Above this much, parsed streams spill from memory to a temporary file. */
    private static final long MEMORY_LIMIT = 64L * 1024 * 1024;

    private FinalPdfBuilder() {
    }

    /**
     * Draws {@code values} on the pages of {@code originalPdf}, flattens any form so nothing
     * stays editable, and appends the certificate pages.
     *
     * @throws IOException if the original cannot be read, a value's page does not exist, or an
     *     image is not a readable PNG or JPEG
     */
    public static byte[] build(byte[] originalPdf, List<PlacedValue> values, CertificateData certificate)
            throws IOException {
        return build(originalPdf, values, List.of(), certificate);
    }

    /**
     * As {@link #build(byte[], List, CertificateData)}, with {@code fills} set into the PDF's own form
     * before it is flattened (each one the form cannot take is drawn like the other values).
     *
     * @throws IOException as {@link #build(byte[], List, CertificateData)}
     */
    public static byte[] build(byte[] originalPdf, List<PlacedValue> values, List<FormFill> fills,
            CertificateData certificate) throws IOException {
        return build(originalPdf, values, fills, List.of(), certificate);
    }

    /**
     * As {@link #build(byte[], List, List, CertificateData)}, with the pages of each of {@code appended}
     * (the PDFs of the files signers attached) after the document's own and before the certificate.
     *
     * @throws IOException as {@link #build(byte[], List, CertificateData)}, or when an appended PDF cannot be read
     */
    public static byte[] build(byte[] originalPdf, List<PlacedValue> values, List<FormFill> fills,
            List<byte[]> appended, CertificateData certificate) throws IOException {
        Objects.requireNonNull(certificate, "certificate");
        List<PDDocument> sources = new ArrayList<>();
        try {
            return draw(originalPdf, values, fills, (document, fonts) -> {
                AppendedPages.append(document, appended, sources);
                CertificatePage.append(document, fonts, certificate);
            });
        } finally {
            for (PDDocument source : sources) {
                source.close();
            }
        }
    }

    /**
     * The document as it stands before it is finished: the original pages with {@code values}
     * drawn in as the finished document will draw them, and no certificate, since nothing is
     * certified yet.
     *
     * @throws IOException as {@link #build}
     */
    public static byte[] withValues(byte[] originalPdf, List<PlacedValue> values) throws IOException {
        return withValues(originalPdf, values, List.of());
    }

    /** As {@link #withValues(byte[], List)}, with {@code fills} set into the form as the finished document will. */
    public static byte[] withValues(byte[] originalPdf, List<PlacedValue> values, List<FormFill> fills)
            throws IOException {
        return draw(originalPdf, values, fills, (document, fonts) -> { });
    }

    /** What is added after the values are drawn, with the fonts they were drawn in. */
    @FunctionalInterface
    private interface Ending {
        void append(PDDocument document, DocumentFonts fonts) throws IOException;
    }

    private static byte[] draw(byte[] originalPdf, List<PlacedValue> values, List<FormFill> fills, Ending ending)
            throws IOException {
        Objects.requireNonNull(originalPdf, "originalPdf");
        Objects.requireNonNull(values, "values");
        try (PDDocument document = load(originalPdf)) {
            // The finished copy is for reading and archiving: it keeps no passwords or permissions.
            document.setAllSecurityToBeRemoved(true);
            List<PlacedValue> painted = new ArrayList<>(values);
            painted.addAll(FormFiller.fill(document, fills));
            flattenForms(document);
            DocumentFonts fonts = new DocumentFonts(document);
            paintValues(document, fonts.regular(), painted);
            ending.append(document, fonts);
            ByteArrayOutputStream out = new ByteArrayOutputStream(originalPdf.length + 64 * 1024);
            document.save(out);
            return out.toByteArray();
        }
    }

    private static PDDocument load(byte[] pdf) throws IOException {
        try {
            return Loader.loadPDF(pdf, "", null, null, MemoryUsageSetting.setupMixed(MEMORY_LIMIT).streamCache);
        } catch (InvalidPasswordException e) {
            throw new IOException("The original PDF is password-protected", e);
        } catch (IOException e) {
            throw new IOException("The original PDF cannot be read: " + e.getMessage(), e);
        }
    }

    private static void paintValues(PDDocument document, Typesetter type, List<PlacedValue> values) throws IOException {
        Map<Integer, List<PlacedValue>> byPage = new TreeMap<>();
        for (PlacedValue value : values) {
            if (value.pageNumber() > document.getNumberOfPages()) {
                throw new IOException("A " + value.fieldType() + " field is on page " + value.pageNumber()
                        + " but the document has " + document.getNumberOfPages() + " pages");
            }
            byPage.computeIfAbsent(value.pageNumber(), n -> new ArrayList<>()).add(value);
        }
        FinalValuePainter painter = new FinalValuePainter(document, type);
        for (Map.Entry<Integer, List<PlacedValue>> entry : byPage.entrySet()) {
            painter.paint(document.getPage(entry.getKey() - 1), entry.getValue());
        }
    }

    /** Burns form fields into the page content and drops every widget, so no field stays editable. */
    static void flattenForms(PDDocument document) throws IOException {
        PDAcroForm form = document.getDocumentCatalog().getAcroForm(null);
        if (form != null) {
            form.setXFA(null);
            if (form.getNeedAppearances()) {
                try {
                    form.refreshAppearances();
                } catch (IOException | RuntimeException e) {
                    // A field whose appearance cannot be regenerated is flattened as it stands.
                }
            }
            form.flatten();
            document.getDocumentCatalog().setAcroForm(null);
        }
        for (PDPage page : document.getPages()) {
            List<PDAnnotation> annotations = page.getAnnotations();
            if (annotations.removeIf(a -> a instanceof PDAnnotationWidget)) {
                page.setAnnotations(annotations);
            }
        }
    }
}
