package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import org.signet.json.Json;

/**
 * The error codes Signet answers a client's mistakes with (see docs/api/errors.md, Codes), and the checks that an
 * answer is one of them: a 4xx in the error envelope, naming no Java class.
 */
public final class DocumentedRefusals {
    /** Every code a client may be answered with for a request it got wrong. */
    public static final Set<String> CODES = Set.of(
            "rest_invalid_json", "rest_invalid_param", "rest_missing_callback_param", "rest_no_route",
            "rest_forbidden", "forbidden", "not_found", "rate_limit_exceeded", "invalid_file_type", "invalid_file",
            "file_too_large", "invalid_file_path", "invalid_transition", "invalid_state", "duplicate_signer",
            "no_signers", "missing_signature_fields", "no_recipients", "invalid_data", "validation_failed",
            "approver_field", "invalid_webhook_url", "missing_required_fields", "consent_required", "not_your_turn",
            "already_completed", "document_closed", "invalid_pin", "invalid_login", "seal_pending", "body_too_large",
            "unsupported_media_type");

    private DocumentedRefusals() {}

    /** Asserts that {@code r} is a documented client error; returns its code. */
    public static String assertClientError(HttpResponse<String> r, String context) {
        int status = r.statusCode();
        assertTrue(status >= 400 && status < 500, context + ": " + status + " " + r.body());
        Map<?, ?> body = envelope(r, context);
        String code = String.valueOf(body.get("code"));
        assertTrue(CODES.contains(code), context + ": undocumented code " + code);
        assertNotNull(body.get("message"), context);
        assertEquals(status, ((Number) ((Map<?, ?>) body.get("data")).get("status")).intValue(), context);
        assertFalse(r.body().contains("Exception") || r.body().contains("java."), context + ": " + r.body());
        assertTrue(r.headers().firstValue("X-Request-Id").isPresent(), context);
        return code;
    }

    /** Asserts that {@code r} is neither a server error nor an undocumented refusal. */
    public static void assertNoServerError(HttpResponse<String> r, String context) {
        if (r.statusCode() >= 400) {
            assertClientError(r, context);
        }
    }

    private static Map<?, ?> envelope(HttpResponse<String> r, String context) {
        try {
            return (Map<?, ?>) Json.parse(r.body());
        } catch (Exception | Error e) {
            throw new AssertionError(context + ": not an error envelope: " + r.body(), e);
        }
    }
}
