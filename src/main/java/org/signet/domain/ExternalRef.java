package org.signet.domain;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A client's own handle on a document: its {@code external_id} (null when none) and its
 * {@code metadata}, string values by key in the order the client gave them. Signet keeps and returns
 * both and never reads them.
 */
public record ExternalRef(String externalId, Map<String, String> metadata) {
    public static final ExternalRef NONE = new ExternalRef(null, Map.of());

    public ExternalRef {
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(metadata, "metadata")));
    }
}
