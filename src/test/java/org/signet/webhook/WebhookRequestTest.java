package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.signet.crypto.Tokens;
import org.signet.domain.WebhookDelivery;

/** A delivery's bytes: the stored data embedded as it was stored, and the signature over exactly those bytes. */
class WebhookRequestTest {
    private static final String DATA = "{\"document_id\": \"12\",\"title\":\"Caf\\u00e9 \\\"NDA\\\"\",\"amount\":1.50}";

    private static WebhookDelivery delivery() {
        return new WebhookDelivery(41, 3, 12L, "document.completed", DATA, WebhookDelivery.Status.PENDING, 0, null,
                1_900_000_000L, null, 1_900_000_000L);
    }

    @Test
    void of_storedData_embeddedByteForByte() {
        WebhookRequest r = WebhookRequest.of(delivery(), "s3cret");

        assertEquals("{\"id\":\"41\",\"event\":\"document.completed\",\"timestamp\":\"2030-03-17T17:46:40Z\",\"data\":"
                + DATA + "}", new String(r.body(), StandardCharsets.UTF_8));
        assertEquals("41", r.deliveryId());
        assertEquals("document.completed", r.event());
    }

    @Test
    void of_signature_hmacOfTheBodyWithTheSecret() {
        WebhookRequest r = WebhookRequest.of(delivery(), "s3cret");

        assertEquals("sha256=" + Tokens.hmacSha256Hex("s3cret", r.body()), r.signature());
        assertEquals(r.signature(), WebhookRequest.of(delivery(), "s3cret").signature());
    }
}
