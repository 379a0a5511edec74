package org.signet.service;

import java.util.Map;

/**
 * What a signer sends to sign: consent, text values by field id, the signature, optional
 * initials, and images given for particular fields (initials or a stamp), all already decoded and
 * checked by the web layer; a typed signature already rendered. Images may be null.
 */
public record Submission(boolean consent, Map<Long, String> values, Image signature, Image initials,
        Map<Long, Image> fieldImages) {

    public Submission {
        values = Map.copyOf(values);
        fieldImages = Map.copyOf(fieldImages);
    }

    /** A PNG or JPEG and how it was made: draw, type or upload. */
    public record Image(String method, byte[] bytes) {}
}
