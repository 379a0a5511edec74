package org.signet.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Field;
import org.signet.pdf.PlacedValue;
import org.signet.pdf.TypedSignature;
import org.signet.store.SignerStore;

/**
 * The values of a document's fields as a PDF draws them, so that a party's copy while the document
 * is being signed shows what the sealed document will: text as given, images as captured.
 */
final class PlacedValues {
    private PlacedValues() {}

    /** Every field that has something to draw: a value, or for the image types its signer's image. */
    static List<PlacedValue> of(List<Field> fields, SignerStore signers) {
        List<PlacedValue> values = new ArrayList<>();
        for (Field f : fields) {
            placed(f, signers).ifPresent(values::add);
        }
        return values;
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
