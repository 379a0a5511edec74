package org.signet.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.Field;
import org.signet.pdf.finish.FormFill;
import org.signet.pdf.finish.PlacedValue;
import org.signet.pdf.finish.TypedSignature;
import org.signet.store.SignerStore;

/**
 * The values of a document's fields as a PDF draws them, so that a party's copy while the document
 * is being signed shows what the sealed document will: text as given, images as captured.
 */
final class PlacedValues {
    private PlacedValues() {}

    /** Every field that has something to draw: a value, or for the image types its signer's image. */
    static List<PlacedValue> of(List<Field> fields, SignerStore signers) {
        return split(fields, List.of(), signers).painted();
    }

    /** The values to draw, and those that go into the PDF's own form fields. */
    record Split(List<PlacedValue> painted, List<FormFill> filled) {}

    /**
     * As {@link #of}, but a text, check box or choice field saved from a detected form field, and still
     * where that form field is, fills the form field instead of being drawn over it.
     */
    static Split split(List<Field> fields, List<Map<String, Object>> detected, SignerStore signers) {
        List<PlacedValue> painted = new ArrayList<>();
        List<FormFill> filled = new ArrayList<>();
        List<Map<String, Object>> forms = new ArrayList<>(detected.stream().filter(d -> d.get("form_field") != null)
                .toList());
        for (Field f : fields) {
            Optional<PlacedValue> value = placed(f, signers);
            Optional<Map<String, Object>> form = f.type().image() ? Optional.empty()
                    : forms.stream().filter(d -> sameBox(f, d)).findFirst();
            if (form.isPresent()) {
                forms.remove(form.get());
                String name = (String) form.get().get("form_field");
                // An empty value still goes to the form: a check box left unticked, a text left blank.
                filled.add(new FormFill(name, value.orElseGet(() -> empty(f))));
            } else {
                value.ifPresent(painted::add);
            }
        }
        return new Split(painted, filled);
    }

    private static boolean sameBox(Field f, Map<String, Object> d) {
        return f.type().wire().equals(d.get("field_type")) && f.pageNumber() == ((Number) d.get("page_number")).intValue()
                && close(f.x(), d.get("position_x")) && close(f.y(), d.get("position_y"))
                && close(f.width(), d.get("width")) && close(f.height(), d.get("height"));
    }

    private static boolean close(double a, Object b) {
        return Math.abs(a - ((Number) b).doubleValue()) < 0.01;
    }

    private static PlacedValue empty(Field f) {
        return new PlacedValue(f.pageNumber(), (float) f.x(), (float) f.y(), (float) f.width(), (float) f.height(),
                f.type().wire(), f.type() == org.signet.domain.FieldType.CHECKBOX ? "0" : "", null, f.fontSize());
    }

    /** An image field's text is the name typed for it, drawn over the image for extraction; null for a drawn one. */
    private static Optional<PlacedValue> placed(Field f, SignerStore signers) {
        byte[] image = null;
        String text = f.value();
        if (f.type().image()) {
            SignerStore.Captured captured = signers.captured(f.signerId(), f.type().wire()).orElse(null);
            if (captured == null) {
                return Optional.empty();
            }
            image = captured.image();
            text = captured.method().equals("type") ? TypedSignature.textOf(image).orElse(null) : null;
        } else if (f.value().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new PlacedValue(f.pageNumber(), (float) f.x(), (float) f.y(), (float) f.width(),
                (float) f.height(), f.type().wire(), text, image, f.fontSize()));
    }
}
