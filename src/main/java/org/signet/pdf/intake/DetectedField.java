package org.signet.pdf.intake;

import java.util.List;
import java.util.Objects;
import org.signet.domain.FieldType;

/**
 * A field found in an uploaded PDF, from a text tag or a form field: its box in points from the
 * top-left corner of the page as displayed, the signer number it is meant for (1, 2, ...), and for a
 * form field the fully qualified name of that field, so its value can be set when the form is flattened.
 */
public record DetectedField(FieldType type, int signer, String name, int page, double x, double y, double width,
        double height, boolean required, List<String> options, String formField) {

    public DetectedField {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        options = List.copyOf(options);
        if (signer < 1 || page < 1 || !(width > 0 && height > 0)) {
            throw new IllegalArgumentException("signer " + signer + ", page " + page + ", size " + width + "x" + height);
        }
    }

    /** True when the field came from a form field rather than a text tag. */
    public boolean fromForm() {
        return formField != null;
    }
}
