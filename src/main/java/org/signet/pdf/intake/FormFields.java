package org.signet.pdf.intake;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDCheckBox;
import org.apache.pdfbox.pdmodel.interactive.form.PDChoice;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;
import org.apache.pdfbox.pdmodel.interactive.form.PDSignatureField;
import org.apache.pdfbox.pdmodel.interactive.form.PDTextField;
import org.signet.domain.FieldType;
import org.signet.pdf.read.PageBox;

/**
 * Reads the fillable fields of a PDF form: text (one line or several), check boxes, choices and
 * signature fields, each at its first visible widget. A field is for signer 1 unless its name ends in
 * {@code _signerN}. Read-only fields, radio buttons and push buttons are left to the form as it is.
 */
final class FormFields {
    /** How many field dictionaries are looked at: the tree comes from the upload. */
    static final int MAX_VISITED = 10_000;

    /** Most options a choice brings along; forms with more are lists, not choices to sign. */
    private static final int MAX_OPTIONS = 100;

    private static final Pattern SIGNER_SUFFIX = Pattern.compile("_signer([1-9][0-9]?)$");

    private FormFields() {}

    /** The form's fields as found, at most {@code max} of them. */
    static List<DetectedField> read(PDDocument document, int max) throws IOException {
        PDAcroForm form = document.getDocumentCatalog().getAcroForm(null);
        if (form == null) {
            return List.of();
        }
        Map<COSDictionary, Integer> pageOf = widgetPages(document);
        List<DetectedField> found = new ArrayList<>();
        Iterator<PDField> fields = form.getFieldTree().iterator();
        for (int visited = 0; fields.hasNext() && visited < MAX_VISITED && found.size() < max; visited++) {
            PDField field = fields.next();
            detect(document, field, pageOf).ifPresent(found::add);
        }
        return found;
    }

    private static Optional<DetectedField> detect(PDDocument document, PDField field, Map<COSDictionary, Integer> pageOf) {
        FieldType type = typeOf(field);
        if (type == null || field.isReadOnly()) {
            return Optional.empty();
        }
        for (PDAnnotationWidget widget : field.getWidgets()) {
            Integer page = pageOf.get(widget.getCOSObject());
            PDRectangle rect = widget.getRectangle();
            if (page == null || rect == null || widget.isHidden() || widget.isNoView()) {
                continue;
            }
            String name = field.getFullyQualifiedName();
            name = name == null ? "" : name;
            Optional<PageBox.Box> box = PageBox.ofUserRect(document.getPage(page - 1), rect.getLowerLeftX(),
                    rect.getLowerLeftY(), rect.getUpperRightX(), rect.getUpperRightY());
            List<String> options = options(field, type);
            if (box.isPresent() && (type != FieldType.DROPDOWN || !options.isEmpty())) {
                PageBox.Box b = box.get();
                boolean required = field.isRequired() || type == FieldType.SIGNATURE;
                return Optional.of(new DetectedField(type, signerOf(name), clip(name), page, b.x(), b.y(), b.width(),
                        b.height(), required, options, name));
            }
        }
        return Optional.empty();
    }

    private static FieldType typeOf(PDField field) {
        if (field instanceof PDTextField text) {
            return text.isMultiline() ? FieldType.TEXTAREA : FieldType.TEXT;
        }
        if (field instanceof PDCheckBox) {
            return FieldType.CHECKBOX;
        }
        if (field instanceof PDChoice) {
            return FieldType.DROPDOWN;
        }
        return field instanceof PDSignatureField ? FieldType.SIGNATURE : null;
    }

    /** A choice's export values, which are what setting its value takes; a choice without any is not offered. */
    private static List<String> options(PDField field, FieldType type) {
        if (type != FieldType.DROPDOWN) {
            return List.of();
        }
        List<String> options = ((PDChoice) field).getOptionsExportValues().stream()
                .filter(o -> !o.isBlank() && o.length() <= 255).limit(MAX_OPTIONS).toList();
        return options;
    }

    static int signerOf(String name) {
        Matcher m = SIGNER_SUFFIX.matcher(name);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }

    private static String clip(String name) {
        return name.length() <= TagSyntax.MAX_NAME ? name : name.substring(0, TagSyntax.MAX_NAME);
    }

    /** The page number (from 1) of every annotation listed on a page. */
    private static Map<COSDictionary, Integer> widgetPages(PDDocument document) {
        Map<COSDictionary, Integer> pages = new IdentityHashMap<>();
        for (int i = 0; i < document.getNumberOfPages(); i++) {
            if (document.getPage(i).getCOSObject().getDictionaryObject(COSName.ANNOTS) instanceof COSArray annots) {
                for (int j = 0; j < annots.size(); j++) {
                    if (annots.getObject(j) instanceof COSDictionary annot) {
                        pages.putIfAbsent(annot, i + 1);
                    }
                }
            }
        }
        return pages;
    }
}
