package org.signet.http;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.ErrorEnvelope;
import org.signet.error.Refusal;
import org.signet.log.RequestLogRecord;

/** Turns failures into responses carrying the error envelope (see docs/api/errors.md, Error envelope). */
final class Errors {
    private static final Logger LOG = Logger.getLogger("signet.http");

    private Errors() {}

    /** A refusal, with the status of its kind, and {@code Retry-After} when it says how long to wait. */
    static Response toResponse(Refusal r) {
        return withRetryAfter(Response.json(r.status(), ErrorEnvelope.of(r)), r);
    }

    /** {@code response} with {@code Retry-After} when the refusal says how long to wait. */
    static Response withRetryAfter(Response response, Refusal r) {
        Object retryAfter = r.data().get("retry_after");
        if (retryAfter != null) {
            response.header("Retry-After", String.valueOf(retryAfter));
        }
        return response;
    }

    /** The unexpected: logged in full with the request id, answered with nothing but that id. */
    static Response internal(Throwable t, String requestId) {
        RequestLogRecord failure = new RequestLogRecord(LOG.getName(), Level.SEVERE, "request " + requestId + " failed",
                requestId);
        failure.setThrown(t);
        LOG.log(failure);
        return Response.json(500, ErrorEnvelope.of(500, "internal_server_error",
                "The server could not complete the request (request id " + requestId + ").", Map.of()));
    }
}
