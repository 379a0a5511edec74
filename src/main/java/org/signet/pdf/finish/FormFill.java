package org.signet.pdf.finish;

import java.util.Objects;

/**
 * A value for a field of the PDF's own form: set into {@code formField} before the form is flattened,
 * so it shows as the form draws it; drawn as any other value where the form cannot take it.
 */
public record FormFill(String formField, PlacedValue value) {
    public FormFill {
        Objects.requireNonNull(formField, "formField");
        Objects.requireNonNull(value, "value");
    }
}
