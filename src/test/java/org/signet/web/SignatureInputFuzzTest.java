package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.signet.error.Refusal;
import org.signet.pdf.finish.SignatureImages;
import org.signet.service.Submission;
import org.signet.support.InputDeadline;

/**
 * Any bytes as a submitted signature image, and any text as a typed signature, through
 * {@link SignatureInput}: a checked image that the sealing path can draw, or a 400
 * {@code rest_invalid_param} naming the parameter; nothing else, within a time bound.
 */
@Tag("jazzer")
class SignatureInputFuzzTest {
    private static final InputDeadline DEADLINE = new InputDeadline(Duration.ofSeconds(5));

    @FuzzTest(maxDuration = "5m")
    void dataUrl_anyImageBytes_drawableImageOrInvalidParam(byte[] input) throws Exception {
        String url = "data:image/png;base64," + Base64.getEncoder().encodeToString(input);
        DEADLINE.run(() -> {
            try {
                byte[] image = SignatureInput.dataUrl(url, "signature");
                assertTrue(SignatureImages.drawable(image), "accepted but cannot be drawn when sealing");
            } catch (Refusal r) {
                refused(r, "signature");
            }
        });
    }

    /** The first byte picks draw or type; the rest is the image data URL or the typed text. */
    @FuzzTest(maxDuration = "5m")
    void from_anyMethodAndText_imageOrInvalidParam(byte[] input) throws Exception {
        if (input.length == 0) {
            return;
        }
        String text = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
        Map<String, Object> raw = (input[0] & 1) == 0 ? Map.of("method", "type", "text", text)
                : Map.of("method", "draw", "image", text);
        DEADLINE.run(() -> {
            try {
                Submission.Image image = SignatureInput.from(raw, "initials");
                assertNotNull(image);
            } catch (Refusal r) {
                refused(r, "initials");
            }
        });
    }

    private static void refused(Refusal r, String param) {
        assertEquals(Refusal.Kind.INVALID, r.kind());
        assertEquals("rest_invalid_param", r.code());
        assertTrue(((Map<?, ?>) r.data().get("params")).containsKey(param), r.getMessage());
    }
}
