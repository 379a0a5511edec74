package org.signet.error;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.text.TypedText;

/**
 * A request refused: the kind of refusal, the error {@code code} the client reads (see docs/api/errors.md,
 * Codes), a message for the client and extra {@code data}. The one error type of Signet: services, request readers, handlers and
 * the dispatcher's own checks (no route, bad credentials, a body that is not JSON, too many requests)
 * all throw it; {@link Kind#status()} is the one place where each kind gets its HTTP status, and
 * {@link ErrorEnvelope} the one renderer of the answer (see docs/api/errors.md, Error envelope).
 */
public final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong, in the request's terms; each kind is answered with one HTTP status. */
    public enum Kind {
        /** The request is malformed or breaks a rule. */
        INVALID(400),
        /** A credential (an API key, a password, a signer's login) was not accepted. */
        UNAUTHORIZED(401),
        /** The thing exists but belongs to someone else, or the caller may not do this. */
        FORBIDDEN(403),
        NOT_FOUND(404),
        /** The request is well formed but the thing's state does not allow it now. */
        CONFLICT(409),
        /** The thing existed but is gone for good (a purged document's files). */
        GONE(410),
        /** The body (a JSON body, an upload) is larger than its limit. */
        TOO_LARGE(413),
        /** The body is sent as a media type the endpoint does not read. */
        UNSUPPORTED_MEDIA_TYPE(415),
        /** Well formed, but it cannot be done as asked (an idempotency key reused for another request). */
        UNPROCESSABLE(422),
        /** Too many attempts; {@code data.retry_after} says how many seconds to wait. */
        TOO_MANY(429),
        /** Signet will not do this work now (it would cost more than it may). */
        UNAVAILABLE(503),
        /** The disk that holds the data folder has no room for what the request would write. */
        INSUFFICIENT_STORAGE(507);

        private final int status;

        Kind(int status) {
            this.status = status;
        }

        /** The HTTP status a refusal of this kind is answered with. */
        public int status() {
            return status;
        }
    }

    private final Kind kind;
    private final String code;
    private final Map<String, Object> data;

    public Refusal(Kind kind, String code, String message, Map<String, ?> data) {
        super(message, null, false, false);
        this.kind = kind;
        this.code = code;
        this.data = new LinkedHashMap<>(data);
    }

    public Kind kind() {
        return kind;
    }

    public String code() {
        return code;
    }

    /** The extra data, in the order it was given. */
    public Map<String, Object> data() {
        return Collections.unmodifiableMap(data);
    }

    /** The status this refusal is answered with. */
    public int status() {
        return kind.status();
    }

    /**
     * The refusal as sentences, for a report that lists many: each parameter's message, each missing
     * parameter as "x is required.", each line of {@code data.errors}; else the message alone.
     */
    public List<String> sentences() {
        List<String> out = new ArrayList<>();
        if (data.get("params") instanceof Map<?, ?> params) {
            params.values().forEach(m -> out.add(String.valueOf(m)));
        } else if (data.get("params") instanceof List<?> missing) {
            missing.forEach(name -> out.add(name + " is required."));
        } else if (data.get("errors") instanceof List<?> errors) {
            errors.forEach(e -> out.add(String.valueOf(e)));
        }
        return out.isEmpty() ? List.of(getMessage()) : out;
    }

    public static Refusal invalid(String code, String message) {
        return new Refusal(Kind.INVALID, code, message, Map.of());
    }

    public static Refusal invalid(String code, String message, Map<String, ?> data) {
        return new Refusal(Kind.INVALID, code, message, data);
    }

    public static Refusal conflict(String code, String message) {
        return new Refusal(Kind.CONFLICT, code, message, Map.of());
    }

    public static Refusal notFound(String what) {
        return new Refusal(Kind.NOT_FOUND, "not_found", what + " not found.", Map.of());
    }

    public static Refusal forbidden(String what) {
        return new Refusal(Kind.FORBIDDEN, "forbidden", "You are not allowed to access this " + what + ".", Map.of());
    }

    public static Refusal tooMany(String code, String message, long retryAfterSeconds) {
        return new Refusal(Kind.TOO_MANY, code, message, Map.of("retry_after", retryAfterSeconds));
    }

    /** WordPress's {@code rest_invalid_param}: {@code data.params} maps each bad parameter to a message. */
    public static Refusal invalidParams(Map<String, String> params) {
        return invalidParams(params, Map.of());
    }

    /**
     * The same, where {@code codes} names why some parameters were refused: each becomes
     * {@code data.details[name] = {code, message}}, as WordPress reports them, so that a client (the
     * signing page among them) can say why in its own words.
     */
    public static Refusal invalidParams(Map<String, String> params, Map<String, String> codes) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("params", new LinkedHashMap<>(params));
        if (!codes.isEmpty()) {
            Map<String, Object> details = new LinkedHashMap<>();
            codes.forEach((name, code) -> details.put(name, Json.object("code", code, "message", params.get(name))));
            data.put("details", details);
        }
        return invalid("rest_invalid_param", "Invalid parameter(s): " + String.join(", ", params.keySet()), data);
    }

    /**
     * Keys an object of the request does not take, each named with {@code data.details[name].code}
     * {@code unknown_key}: a misspelt key is refused rather than ignored (docs/api/conventions.md).
     */
    public static Refusal unknownKeys(List<String> names) {
        Map<String, String> params = new LinkedHashMap<>();
        Map<String, String> codes = new LinkedHashMap<>();
        for (String name : names) {
            params.put(name, name + " is not a parameter this request takes.");
            codes.put(name, "unknown_key");
        }
        return invalidParams(params, codes);
    }

    public static Refusal invalidParam(String name, String message) {
        return invalidParams(Map.of(name, message));
    }

    /** The parameter {@code name} refused by the text rule, with the rule's code in {@code data.details}. */
    public static Refusal invalidText(String name, TypedText.Checked refused) {
        return invalidParams(Map.of(name, refused.message(name)), Map.of(name, refused.problem().code()));
    }

    /** WordPress's {@code rest_missing_callback_param}: {@code data.params} lists the missing names. */
    public static Refusal missingParams(List<String> names) {
        return invalid("rest_missing_callback_param", "Missing parameter(s): " + String.join(", ", names),
                Map.of("params", List.copyOf(names)));
    }

    /** No route matches the path and method. */
    public static Refusal noRoute() {
        return new Refusal(Kind.NOT_FOUND, "rest_no_route", "No route was found matching the URL and request method.",
                Map.of());
    }

    /** One message for missing, unknown, revoked and wrong API credentials, so keys cannot be probed. */
    public static Refusal unauthorized() {
        return new Refusal(Kind.UNAUTHORIZED, "rest_forbidden", "Invalid or missing API credentials.", Map.of());
    }

    public static Refusal readOnlyKey() {
        return new Refusal(Kind.FORBIDDEN, "rest_forbidden", "This API key is read-only; it cannot change data.", Map.of());
    }

    /** A body sent as something other than the one media type the endpoint reads. */
    public static Refusal unsupportedMediaType(String expected) {
        return new Refusal(Kind.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                "Send the body with Content-Type: " + expected + ".", Map.of());
    }

    /** A body sent with a request whose method takes none (a DELETE): no media type is one it reads. */
    public static Refusal bodyNotTaken(String method) {
        return new Refusal(Kind.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                "A " + method + " request takes no body; send it without one.", Map.of());
    }

    /**
     * A write refused for want of disk space, {@code retry_after} seconds being a guess at when an operator
     * may have freed some (RFC 4918 section 11.5).
     */
    public static Refusal insufficientStorage(long retryAfterSeconds) {
        return new Refusal(Kind.INSUFFICIENT_STORAGE, "insufficient_storage",
                "The server has no room to store this now; try again later.", Map.of("retry_after", retryAfterSeconds));
    }

    /** A JSON body over its limit: 413, as an upload over its limit is, so the two read alike. */
    public static Refusal bodyTooLarge(int maxBytes) {
        return new Refusal(Kind.TOO_LARGE, "body_too_large",
                "The request body is larger than the limit of " + maxBytes + " bytes.", Map.of());
    }

    public static Refusal invalidJson(String why) {
        return new Refusal(Kind.INVALID, "rest_invalid_json", "Invalid JSON body: " + why, Map.of());
    }
}
