package org.signet.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure of the request as HTTP sees it, before any service is asked: no such route, bad
 * credentials, a body that is not JSON, too large, too many requests. Carries the status, the error {@code code}
 * (see docs/api/errors.md, Codes), a message and extra {@code data}; {@link Errors} renders it as the
 * error envelope (see docs/api/errors.md, Error envelope). Refusals on a request's merits are {@link org.signet.service.Refusal}s.
 */
public final class ApiException extends RuntimeException {
    private final int status;
    private final String code;
    private final Map<String, Object> data;
    private final Map<String, String> headers = new LinkedHashMap<>();

    public ApiException(int status, String code, String message) {
        this(status, code, message, Map.of());
    }

    public ApiException(int status, String code, String message, Map<String, ?> data) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.data = new LinkedHashMap<>(data);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public Map<String, Object> data() {
        return Map.copyOf(data);
    }

    /** Adds a response header to the error (Retry-After, rate-limit headers). */
    public ApiException header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    Map<String, String> headers() {
        return Map.copyOf(headers);
    }

    public static ApiException noRoute() {
        return new ApiException(404, "rest_no_route", "No route was found matching the URL and request method.");
    }

    /** One message for missing, unknown, revoked and wrong credentials, so keys cannot be probed. */
    public static ApiException unauthorized() {
        return new ApiException(401, "rest_forbidden", "Invalid or missing API credentials.");
    }

    public static ApiException readOnlyKey() {
        return new ApiException(403, "rest_forbidden", "This API key is read-only; it cannot change data.");
    }

    /** A body sent as something other than the one media type the endpoint reads. */
    public static ApiException unsupportedMediaType(String expected) {
        return new ApiException(415, "unsupported_media_type",
                "Send the body with Content-Type: " + expected + ".");
    }

    /** A JSON body over its limit: 413, as an upload over its limit is, so the two read alike. */
    public static ApiException bodyTooLarge(int maxBytes) {
        return new ApiException(413, "body_too_large", "The request body is larger than the limit of " + maxBytes + " bytes.");
    }

    public static ApiException invalidJson(String why) {
        return new ApiException(400, "rest_invalid_json", "Invalid JSON body: " + why);
    }
}
