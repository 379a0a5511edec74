package org.signet.pdf.finish;

import java.util.Objects;
import java.util.Set;

/**
 * One filled field to draw on the finished document: its box in points from the top-left
 * corner of the page as displayed (y grows downwards) and its content.
 *
 * @param pageNumber 1-based page
 * @param fieldType one of signature, initials, stamp (drawn from {@code image}, with {@code text}, the
 *     name typed for it if it was typed, laid over it invisibly), checkbox ({@code text} "1" or "0"),
 *     text, textarea, name, email, date, dropdown, attachment (the attached file's name; drawn from {@code text}),
 *     number (drawn as typed), radio (the choice made)
 * @param image PNG or JPEG bytes for the image types, otherwise null
 * @param fontSize text size in points; zero or less means the default
 */
public record PlacedValue(int pageNumber, float x, float y, float width, float height, String fieldType,
        String text, byte[] image, float fontSize) {

    static final Set<String> IMAGE_TYPES = Set.of("signature", "initials", "stamp");
    static final Set<String> LINE_TYPES = Set.of("text", "name", "email", "date", "dropdown", "attachment",
            "number", "radio");
    static final float DEFAULT_FONT_SIZE = 11f;

    public PlacedValue {
        Objects.requireNonNull(fieldType, "fieldType");
        if (!IMAGE_TYPES.contains(fieldType) && !LINE_TYPES.contains(fieldType)
                && !fieldType.equals("checkbox") && !fieldType.equals("textarea")) {
            throw new IllegalArgumentException("Unknown field type: " + fieldType);
        }
        if (pageNumber < 1) {
            throw new IllegalArgumentException("Page numbers start at 1, got " + pageNumber);
        }
        if (!(width > 0 && height > 0) || !Float.isFinite(x) || !Float.isFinite(y)
                || !Float.isFinite(width) || !Float.isFinite(height)) {
            throw new IllegalArgumentException("A field needs a finite box with positive width and height");
        }
        image = image == null ? null : image.clone();
    }

    /** A copy of the image bytes, or null. */
    @Override
    public byte[] image() {
        return image == null ? null : image.clone();
    }

    /** The font size to use: {@code fontSize}, or the default when it is not positive. */
    float effectiveFontSize() {
        return fontSize > 0 && Float.isFinite(fontSize) ? fontSize : DEFAULT_FONT_SIZE;
    }
}
