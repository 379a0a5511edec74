package org.signet.service;

import java.util.Map;

/**
 * What a signer sends to sign: consent, values by field id, and the captured images (already
 * decoded and checked by the web layer; a typed signature already rendered). Images may be null.
 */
public record Submission(boolean consent, Map<Long, String> values, Image signature, Image initials, Image stamp) {

    public Submission {
        values = Map.copyOf(values);
    }

    /** A PNG or JPEG and how it was made: draw, type or upload. */
    public record Image(String method, byte[] bytes) {}
}
