package org.signet.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.http.Body;
import org.signet.http.Values;

/**
 * Reads a fields save that asks for the detected fields: {@code from_detected: true} and, for a
 * document, {@code signers}, an object from each signer number the fields name to a signer id.
 */
final class DetectedInput {
    private DetectedInput() {}

    /** True when the body asks for the detected fields rather than giving {@code fields}. */
    static boolean wanted(Body b) {
        return b.optBool("from_detected").orElse(false);
    }

    /** The {@code signers} mapping; 400 {@code rest_invalid_param} naming it when it is not one. */
    static Map<Integer, Long> signers(Body b) {
        Object raw = b.raw("signers");
        Map<Integer, Long> out = new LinkedHashMap<>();
        if (!(raw instanceof Map<?, ?> given) || given.isEmpty()) {
            b.reject("signers", "signers must be an object from signer number to signer id, for example {\"1\": \"12\"}.");
        } else {
            for (Map.Entry<?, ?> e : given.entrySet()) {
                String key = String.valueOf(e.getKey());
                Long id = Values.integer(e.getValue());
                if (!key.matches("[1-9][0-9]?") || id == null) {
                    b.reject("signers", "signers." + key + " must map a signer number from 1 to 99 to a signer id.");
                } else {
                    out.put(Integer.parseInt(key), id);
                }
            }
        }
        b.check();
        return out;
    }
}
