package org.signet.http;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.log.RequestLogRecord;
import org.signet.service.Refusal;

/** The one place that turns failures into the error envelope {code, message, data: {status, ...}} (see docs/api/errors.md, Error envelope). */
public final class Errors {
    private static final Logger LOG = Logger.getLogger("signet.http");

    private Errors() {}

    static Response toResponse(ApiException e) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("status", e.status());
        data.putAll(e.data());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", e.code());
        body.put("message", e.getMessage());
        body.put("data", data);
        Response response = Response.json(e.status(), body);
        e.headers().forEach(response::header);
        return response;
    }

    /** A refusal on the request's merits: the one place where each kind gets its status. */
    static Response toResponse(Refusal r) {
        ApiException e = new ApiException(status(r.kind()), r.code(), r.getMessage(), r.data());
        if (r.data().containsKey("retry_after")) {
            e.header("Retry-After", String.valueOf(r.data().get("retry_after")));
        }
        return toResponse(e);
    }

    /** The status each kind of refusal is answered with, for pages that render refusals their own way. */
    public static int status(Refusal.Kind kind) {
        return switch (kind) {
            case INVALID -> 400;
            case UNAUTHORIZED -> 401;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case TOO_MANY -> 429;
            case UNAVAILABLE -> 503;
        };
    }

    /** The unexpected: logged in full with the request id, answered with nothing but that id. */
    static Response internal(Throwable t, String requestId) {
        RequestLogRecord failure = new RequestLogRecord(LOG.getName(), Level.SEVERE, "request " + requestId + " failed",
                requestId);
        failure.setThrown(t);
        LOG.log(failure);
        return toResponse(new ApiException(500, "internal_server_error",
                "The server could not complete the request (request id " + requestId + ")."));
    }
}
