package org.signet.error;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.json.Json;

/**
 * The one renderer of Signet's error envelope, {@code {"code","message","data":{"status",...}}}: the
 * dispatcher's answers, the pages' JSON endpoints and the front's own rejections all come out of it
 * (see docs/api/errors.md, Error envelope).
 */
public final class ErrorEnvelope {
    private ErrorEnvelope() {}

    /** The envelope as plain values, {@code data.status} first and then {@code data}'s members in order. */
    public static Map<String, Object> of(int status, String code, String message, Map<String, ?> data) {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("status", status);
        inner.putAll(data);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        body.put("data", inner);
        return body;
    }

    /** The envelope of a refusal, with the status of its kind. */
    public static Map<String, Object> of(Refusal r) {
        return of(r.status(), r.code(), r.getMessage(), r.data());
    }

    /** The envelope as UTF-8 JSON text, for a writer that has no response value to put it in. */
    public static byte[] bytes(int status, String code, String message) {
        return Json.write(of(status, code, message, Map.of())).getBytes(StandardCharsets.UTF_8);
    }
}
