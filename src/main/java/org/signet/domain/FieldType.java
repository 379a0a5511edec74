package org.signet.domain;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The field types with their default sizes in points and who fills them (see docs/api/workflow.md, Fields). */
public enum FieldType {
    SIGNATURE(200, 60), INITIALS(100, 50), NAME(150, 30), EMAIL(200, 30), DATE(100, 30), TEXT(200, 30),
    TEXTAREA(200, 80), CHECKBOX(20, 20), DROPDOWN(150, 30), STAMP(150, 100), ATTACHMENT(200, 60),
    NUMBER(100, 30), RADIO(150, 60);

    private final double defaultWidth;
    private final double defaultHeight;

    FieldType(double defaultWidth, double defaultHeight) {
        this.defaultWidth = defaultWidth;
        this.defaultHeight = defaultHeight;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<FieldType> fromWire(String s) {
        return Arrays.stream(values()).filter(v -> v.wire().equals(s)).findFirst();
    }

    public double defaultWidth() {
        return defaultWidth;
    }

    public double defaultHeight() {
        return defaultHeight;
    }

    /** name, email and date are filled by the service at signing, never by the signer. */
    public boolean automatic() {
        return this == NAME || this == EMAIL || this == DATE;
    }

    /** Captured as an image: signature, initials, stamp. */
    public boolean image() {
        return this == SIGNATURE || this == INITIALS || this == STAMP;
    }

    /** Typed freely as text, so a {@link FieldRules.Validation} can be asked of it. */
    public boolean textLike() {
        return this == TEXT || this == TEXTAREA;
    }

    /**
     * What a sender may fill in as the value the signer's page starts with: what the signer types or
     * chooses, not an image, a file, or what the service fills in at signing.
     */
    public boolean takesDefault() {
        return textLike() || this == NUMBER || this == CHECKBOX || this == DROPDOWN || this == RADIO;
    }

    /** Filled with a file the signer uploads through their page, never with a value in the submission. */
    public boolean attachment() {
        return this == ATTACHMENT;
    }
}
