package org.signet.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.signet.json.Json;

/** The one renderer of the error envelope and the one mapping of refusal kinds to statuses. */
class ErrorEnvelopeTest {

    @Test
    void of_refusal_codeMessageAndDataWithStatusFirst() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("retry_after", 30L);
        data.put("seal_status", "pending");
        Refusal r = new Refusal(Refusal.Kind.CONFLICT, "seal_pending", "Not sealed yet.", data);

        assertEquals("{\"code\":\"seal_pending\",\"message\":\"Not sealed yet.\",\"data\":{\"status\":409,"
                + "\"retry_after\":30,\"seal_status\":\"pending\"}}", Json.write(ErrorEnvelope.of(r)));
    }

    @Test
    void bytes_messageWithQuotesAndApostrophe_escapedAsJson() throws Exception {
        byte[] body = ErrorEnvelope.bytes(400, "bad_request", "The request's \"head\" is bad.");

        String text = new String(body, StandardCharsets.UTF_8);
        assertEquals("{\"code\":\"bad_request\",\"message\":\"The request's \\\"head\\\" is bad.\",\"data\":{\"status\":400}}",
                text);
        assertEquals(Map.of("code", "bad_request", "message", "The request's \"head\" is bad.",
                "data", Map.of("status", new java.math.BigDecimal(400))), Json.parse(text));
    }

    @Test
    void kindStatus_eachKindItsOwnStatus() {
        Map<Refusal.Kind, Integer> expected = Map.ofEntries(Map.entry(Refusal.Kind.INVALID, 400),
                Map.entry(Refusal.Kind.UNAUTHORIZED, 401), Map.entry(Refusal.Kind.FORBIDDEN, 403),
                Map.entry(Refusal.Kind.NOT_FOUND, 404), Map.entry(Refusal.Kind.CONFLICT, 409),
                Map.entry(Refusal.Kind.GONE, 410),
                Map.entry(Refusal.Kind.TOO_LARGE, 413), Map.entry(Refusal.Kind.UNSUPPORTED_MEDIA_TYPE, 415),
                Map.entry(Refusal.Kind.UNPROCESSABLE, 422), Map.entry(Refusal.Kind.TOO_MANY, 429),
                Map.entry(Refusal.Kind.UNAVAILABLE, 503), Map.entry(Refusal.Kind.INSUFFICIENT_STORAGE, 507));

        assertEquals(expected.size(), Refusal.Kind.values().length);
        expected.forEach((kind, status) -> assertEquals(status, kind.status(), kind.name()));
    }

    @Test
    void requestRefusals_keepTheirCodesAndStatuses() {
        List<Refusal> refusals = List.of(Refusal.noRoute(), Refusal.unauthorized(), Refusal.readOnlyKey(),
                Refusal.unsupportedMediaType("application/json"), Refusal.bodyTooLarge(10), Refusal.invalidJson("x"),
                Refusal.tooMany("rate_limit_exceeded", "Slow down.", 5));

        assertEquals(List.of("404 rest_no_route", "401 rest_forbidden", "403 rest_forbidden", "415 unsupported_media_type",
                "413 body_too_large", "400 rest_invalid_json", "429 rate_limit_exceeded"),
                refusals.stream().map(r -> r.status() + " " + r.code()).toList());
        assertEquals(Map.of("retry_after", 5L), refusals.get(6).data());
    }
}
