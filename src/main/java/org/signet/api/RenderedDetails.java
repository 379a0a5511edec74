package org.signet.api;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.signet.domain.DocumentDetail;
import org.signet.json.Json;

/**
 * The JSON last written for each document's detail, kept beside the very detail object it was
 * written from: while the service hands out that same object (nothing has changed), its bytes are
 * sent again instead of being written anew. A new object, however equal, is written afresh.
 */
final class RenderedDetails {
    private static final int CAPACITY = 4096;

    private record Rendered(DocumentDetail source, byte[] json) {}

    private final ConcurrentHashMap<Long, Rendered> rendered = new ConcurrentHashMap<>();
    private final Function<DocumentDetail, Object> form;

    RenderedDetails(Function<DocumentDetail, Object> form) {
        this.form = form;
    }

    /** The UTF-8 JSON of {@code detail} in the single-document form. */
    byte[] json(DocumentDetail detail) {
        long id = detail.document().id();
        Rendered last = rendered.get(id);
        if (last != null && last.source == detail) {
            return last.json;
        }
        byte[] json = Json.write(form.apply(detail)).getBytes(StandardCharsets.UTF_8);
        if (rendered.size() >= CAPACITY) {
            rendered.clear();
        }
        rendered.put(id, new Rendered(detail, json));
        return json;
    }
}
