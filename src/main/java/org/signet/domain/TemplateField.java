package org.signet.domain;

/** A field of a template, for a signer slot rather than a signer; {@code variableKey} may be null. */
public record TemplateField(long id, long templateId, int signerSlot, FieldType type, String name, int pageNumber,
        double x, double y, double width, double height, String placeholder, boolean required, int fontSize,
        String fontFamily, String options, String variableKey, FieldRules rules, long createdAt, long updatedAt) {

    /** The field to place on a document made from the template, for its signer, with a prefilled value or "". */
    public NewField forSigner(long signerId, String value) {
        return new NewField(signerId, type, name, pageNumber, x, y, width, height, placeholder, required, fontSize,
                fontFamily, options, value, null, rules);
    }
}
