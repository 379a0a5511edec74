package org.signet.pdf.finish;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDCheckBox;
import org.apache.pdfbox.pdmodel.interactive.form.PDChoice;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;
import org.apache.pdfbox.pdmodel.interactive.form.PDTextField;

/** Sets the signers' values into the PDF's own form fields, ahead of flattening. */
final class FormFiller {
    private FormFiller() {}

    /**
     * Sets each value into its form field; answers the values the form could not take (no such field,
     * a type that does not match, or characters the field's font cannot show), to be drawn instead.
     */
    static List<PlacedValue> fill(PDDocument document, List<FormFill> fills) {
        List<PlacedValue> unfilled = new ArrayList<>();
        PDAcroForm form = fills.isEmpty() ? null : document.getDocumentCatalog().getAcroForm(null);
        for (FormFill fill : fills) {
            PDField field = form == null ? null : form.getField(fill.formField());
            if (field == null || !set(field, fill.value())) {
                unfilled.add(fill.value());
            }
        }
        return unfilled;
    }

    private static boolean set(PDField field, PlacedValue value) {
        String text = value.text() == null ? "" : value.text();
        try {
            if (field instanceof PDCheckBox box && value.fieldType().equals("checkbox")) {
                if ("1".equals(text)) {
                    box.check();
                } else {
                    box.unCheck();
                }
            } else if (field instanceof PDTextField || field instanceof PDChoice) {
                field.setValue(text);
            } else {
                return false;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            // PDFBox refuses characters the field's font lacks, and values a choice does not list.
            return false;
        }
    }
}
