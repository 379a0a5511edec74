package org.signet.api;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.ExternalRef;
import org.signet.http.Body;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * Reads a client's own handle on a document: {@code external_id}, one line of 1 to 255 characters
 * under the text rule, and {@code metadata}, an object of at most 50 string values with non-empty
 * keys, at most 4 KB as UTF-8 JSON. In a multipart upload metadata comes as the JSON text of that object.
 */
final class ExternalRefInput {
    static final int MAX_EXTERNAL_ID = 255;
    static final int MAX_ENTRIES = 50;
    static final int MAX_BYTES = 4096;
    private static final String SHAPE = "metadata must be an object of at most " + MAX_ENTRIES + " string values.";

    private ExternalRefInput() {}

    /** The handle given at creation; what is not given is none. Problems are recorded on {@code b}. */
    static ExternalRef read(Body b) {
        String externalId = b.optLine("external_id", MAX_EXTERNAL_ID).orElse(null);
        Map<String, String> metadata = b.raw("metadata") == null ? Map.of() : metadata(b);
        return metadata == null ? ExternalRef.NONE : new ExternalRef(externalId, metadata);
    }

    /** {@code metadata} checked, or null when it was refused (recorded on {@code b}). */
    static Map<String, String> metadata(Body b) {
        Object raw = b.raw("metadata");
        if (raw instanceof String text) {
            raw = parsed(text);
        }
        if (!(raw instanceof Map<?, ?> m) || m.size() > MAX_ENTRIES) {
            b.reject("metadata", SHAPE);
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String key = String.valueOf(e.getKey());
            if (key.isEmpty()) {
                b.reject("metadata", "metadata keys must not be empty.");
                return null;
            }
            if (!(e.getValue() instanceof String value)) {
                b.reject("metadata", "metadata." + key + " must be a string; " + SHAPE);
                return null;
            }
            out.put(key, value);
        }
        if (Json.write(out).getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            b.reject("metadata", "metadata must be at most " + MAX_BYTES + " bytes as UTF-8 JSON.");
            return null;
        }
        return out;
    }

    /** The JSON text of a form field; anything that is not JSON is left as text, which the shape check refuses. */
    private static Object parsed(String text) {
        try {
            return Json.parse(text);
        } catch (JsonSyntaxException e) {
            return text;
        }
    }
}
