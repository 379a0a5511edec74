package org.signet.domain;

/** A field to save; sizes and defaults already applied, options as their stored JSON array. */
public record NewField(long signerId, FieldType type, String name, int pageNumber, double x, double y,
        double width, double height, String placeholder, boolean required, int fontSize, String fontFamily,
        String options, String value) {}
