package org.signet.domain;

/**
 * A field to save; sizes and defaults already applied, options as their stored JSON array. For a
 * document {@code signerId} is the signer and a non-empty {@code value} was filled in ahead of time
 * (from a template); for a template it is the signer slot, and {@code variableKey} may name the field.
 */
public record NewField(long signerId, FieldType type, String name, int pageNumber, double x, double y,
        double width, double height, String placeholder, boolean required, int fontSize, String fontFamily,
        String options, String value, String variableKey, FieldRules rules) {

    /** The same field for another signer (or slot) with a value filled in ahead of time. */
    public NewField assigned(long signer, String prefill) {
        return new NewField(signer, type, name, pageNumber, x, y, width, height, placeholder, required, fontSize,
                fontFamily, options, prefill, null, rules);
    }
}
