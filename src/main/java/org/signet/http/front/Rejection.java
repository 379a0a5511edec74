package org.signet.http.front;

import java.nio.charset.StandardCharsets;
import org.signet.error.ErrorEnvelope;

/**
 * A request the front answers itself, before Signet's handlers see it: the status, the error code and
 * a fixed message (never anything the client sent), rendered by {@link ErrorEnvelope} (see
 * docs/api/errors.md, Front codes) with an {@code X-Request-Id}, so these answers look like every other error Signet gives.
 */
public record Rejection(int status, String code, String message) {

    static Rejection badRequest(String message) {
        return new Rejection(400, "bad_request", message);
    }

    static Rejection targetTooLong() {
        return new Rejection(414, "uri_too_long", "The request target is longer than the server accepts.");
    }

    static Rejection headTooLarge() {
        return new Rejection(431, "request_header_fields_too_large",
                "The request's header fields are larger than the server accepts.");
    }

    static Rejection headTimeout() {
        return new Rejection(408, "request_timeout", "The request head did not arrive in time.");
    }

    static Rejection tooManyConnections() {
        return new Rejection(429, "too_many_connections", "Too many connections from this address.");
    }

    static Rejection busy() {
        return new Rejection(503, "busy", "The server has too many connections; try again shortly.");
    }

    /**
     * The whole HTTP/1.1 response, closing the connection: status line, headers, JSON body; over TLS
     * ({@code secure}) with Strict-Transport-Security, as every answer there.
     */
    byte[] toHttp(String requestId, boolean secure) {
        byte[] json = ErrorEnvelope.bytes(status, code, message);
        String head = "HTTP/1.1 " + status + " " + reason() + "\r\n"
                + "Content-Type: application/json; charset=UTF-8\r\n"
                + "Content-Length: " + json.length + "\r\n"
                + "X-Request-Id: " + requestId + "\r\n"
                + "X-Content-Type-Options: nosniff\r\n"
                + "Cache-Control: no-store\r\n"
                + (secure ? "Strict-Transport-Security: " + Tls.STRICT_TRANSPORT_SECURITY + "\r\n" : "")
                + "Connection: close\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[h.length + json.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(json, 0, all, h.length, json.length);
        return all;
    }

    private String reason() {
        return switch (status) {
            case 400 -> "Bad Request";
            case 408 -> "Request Timeout";
            case 414 -> "URI Too Long";
            case 429 -> "Too Many Requests";
            case 431 -> "Request Header Fields Too Large";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Error";
        };
    }
}
