package org.signet.domain;

/** A field placed on a page for one signer; coordinates in points from the page's top-left corner. */
public record Field(long id, long documentId, long signerId, FieldType type, String name, int pageNumber, double x,
        double y, double width, double height, String value, String placeholder, boolean required, int fontSize,
        String fontFamily, String options, boolean prefilled, FieldRules rules, long createdAt, long updatedAt) {}
