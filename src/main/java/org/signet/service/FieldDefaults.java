package org.signet.service;

import org.signet.domain.FieldRules;
import org.signet.domain.FieldType;

/**
 * Whether a field's default is a value its signer could give: the default stands when the signer gives
 * none, so it is held to the same kind, options, bounds and validation as a value typed at signing.
 */
public final class FieldDefaults {
    private FieldDefaults() {}

    /**
     * Why {@code value} cannot be the default of a field of {@code type} with {@code optionsJson} and
     * {@code validation} (null for none), phrased to follow "default_value"; null when it can.
     */
    public static String problem(FieldType type, String optionsJson, FieldRules.Validation validation, String value) {
        if (!type.takesDefault()) {
            return "is only for text, textarea, number, checkbox, dropdown and radio fields";
        }
        FieldValues.Fit fit = FieldValues.fit(type, optionsJson, value);
        if (!fit.ok()) {
            return fit.problem();
        }
        String failure = validation == null ? null : FieldValidation.failure(validation, fit.value());
        return failure == null ? null : "does not pass the field's validation: " + failure;
    }
}
