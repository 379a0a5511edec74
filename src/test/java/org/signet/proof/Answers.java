package org.signet.proof;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/** Reads Signet's JSON answers, failing with the status and body when one is not what was expected. */
final class Answers {
    private Answers() {}

    static Map<?, ?> object(HttpResponse<String> r) {
        return (Map<?, ?>) parse(r);
    }

    @SuppressWarnings("unchecked")
    static List<Object> array(HttpResponse<String> r) {
        return (List<Object>) parse(r);
    }

    /** The JSON object of an answer that must have {@code status}. */
    static Map<?, ?> object(int status, HttpResponse<String> r) {
        if (r.statusCode() != status) {
            throw new AssertionError(r.request().uri() + " answered " + r.statusCode() + " instead of " + status + ": "
                    + r.body());
        }
        return object(r);
    }

    static List<Object> array(int status, HttpResponse<String> r) {
        if (r.statusCode() != status) {
            throw new AssertionError(r.request().uri() + " answered " + r.statusCode() + " instead of " + status + ": "
                    + r.body());
        }
        return array(r);
    }

    private static Object parse(HttpResponse<String> r) {
        try {
            return Json.parse(r.body());
        } catch (JsonSyntaxException | ClassCastException e) {
            throw new AssertionError(r.request().uri() + " answered " + r.statusCode() + " with no JSON: " + r.body(), e);
        }
    }
}
