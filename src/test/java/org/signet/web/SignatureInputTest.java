package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.error.Refusal;
import org.signet.service.Submission;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

class SignatureInputTest {
    @TempDir
    Path dir;

    private static Refusal refused(Object raw) {
        Refusal e = assertThrows(Refusal.class, () -> SignatureInput.from(raw, "signature"));
        assertEquals(Refusal.Kind.INVALID, e.kind());
        assertEquals("rest_invalid_param", e.code());
        assertTrue(((Map<?, ?>) e.data().get("params")).containsKey("signature"), e.data().toString());
        return e;
    }

    @Test
    void from_pngAndJpegDataUrls_acceptedAsSent() {
        byte[] png = TestFiles.png(400, 120);
        byte[] jpeg = TestFiles.jpeg(400, 120);

        Submission.Image drawn = SignatureInput.from(Map.of("method", "draw", "image",
                TestFiles.dataUrl("image/png", png)), "signature");
        Submission.Image uploaded = SignatureInput.from(Map.of("method", "upload", "image",
                TestFiles.dataUrl("image/jpeg", jpeg)), "signature");

        assertEquals("draw", drawn.method());
        assertArrayEquals(png, drawn.bytes());
        assertEquals("upload", uploaded.method());
        assertArrayEquals(jpeg, uploaded.bytes());
        assertNull(SignatureInput.from(null, "signature"));
    }

    /** The decoder that accepts a signature at submit is the one that draws it when sealing. */
    @Test
    void submit_pngWithAStrayByte_acceptedAndTheDocumentSealed() throws Exception {
        byte[] damaged = TestFiles.pngWithStrayByte();
        assertNotNull(ImageIO.read(new ByteArrayInputStream(damaged)), "the sample must be readable by ImageIO");
        try (TestServer server = TestServer.start(dir)) {
            ApiFlow flow = new ApiFlow(server, server.account("owner@example.com", false).full(), Clock.systemUTC());
            String docId = flow.upload("contract", 1);
            Party ann = flow.addSigner(docId, "Ann", "ann@example.com", "signer", 1);
            flow.saveFields(docId, List.of(field(ann.id(), "signature", 1, 72, 80, 200, 60)));
            flow.send(docId);

            expect(200, flow.postToLink(ann.token(), "submit", Map.of("consent", true,
                    "signature", Map.of("method", "draw", "image", TestFiles.dataUrl("image/png", damaged)))));

            Map<String, Object> sealed = flow.awaitSealed(docId);
            assertEquals("completed", sealed.get("status"));
            assertNotNull(sealed.get("signed_file_hash"));
        }
    }

    @Test
    void from_declaredTypeLies_theBytesDecide() {
        byte[] jpeg = TestFiles.jpeg(100, 40);

        assertArrayEquals(jpeg, SignatureInput.from(Map.of("method", "draw", "image",
                TestFiles.dataUrl("image/png", jpeg)), "signature").bytes());
    }

    @Test
    void from_overOneMebibyte_refused() {
        byte[] big = TestFiles.noisePng(700, 700);
        assertTrue(big.length > 1 << 20, "test image is " + big.length + " bytes");

        Refusal e = refused(Map.of("method", "upload", "image", TestFiles.dataUrl("image/png", big)));

        assertTrue(e.getMessage() != null);
    }

    @Test
    void from_headerClaiming3000x3000_refusedBeforeDecoding() {
        refused(Map.of("method", "upload", "image", TestFiles.dataUrl("image/png", TestFiles.pngHeaderClaiming(3000, 3000))));
        refused(Map.of("method", "upload", "image", TestFiles.dataUrl("image/png", TestFiles.pngHeaderClaiming(2001, 10))));
    }

    /** An image that cannot be decoded could not be drawn on the finished PDF, which would never seal. */
    @Test
    void from_truncatedImages_refused() {
        byte[] png = TestFiles.png(300, 90);
        byte[] jpeg = TestFiles.jpeg(300, 90);

        refused(Map.of("method", "draw", "image", TestFiles.dataUrl("image/png", TestFiles.pngHeaderClaiming(300, 90))));
        refused(Map.of("method", "draw", "image", TestFiles.dataUrl("image/png",
                java.util.Arrays.copyOf(png, png.length / 2))));
        refused(Map.of("method", "upload", "image", TestFiles.dataUrl("image/jpeg",
                java.util.Arrays.copyOf(jpeg, 200))));
    }

    @Test
    void from_notAnImage_refused() {
        byte[] pdf = "%PDF-1.7\n%fake\n".getBytes(StandardCharsets.US_ASCII);
        byte[] gif = "GIF89a\u0001\u0000\u0001\u0000".getBytes(StandardCharsets.ISO_8859_1);

        refused(Map.of("method", "upload", "image", TestFiles.dataUrl("image/png", pdf)));
        refused(Map.of("method", "upload", "image", TestFiles.dataUrl("image/gif", gif)));
        refused(Map.of("method", "upload", "image", "data:image/png;base64,@@@not-base64@@@"));
        refused(Map.of("method", "upload", "image", "https://example.com/sig.png"));
        refused(Map.of("method", "draw"));
        refused(Map.of("method", "paint", "image", TestFiles.pngDataUrl(10, 10)));
        refused("a string");
    }

    @Test
    void from_typed_renderedByTheService() throws Exception {
        Submission.Image typed = SignatureInput.from(Map.of("method", "type", "text", "Ann Example"), "signature");

        assertEquals("type", typed.method());
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(typed.bytes()));
        assertTrue(image.getWidth() > image.getHeight(), image.getWidth() + "x" + image.getHeight());
        assertTrue(inkPixels(image) > 50, "the name is drawn");
        refused(Map.of("method", "type", "text", "  "));
        refused(Map.of("method", "type", "text", "x".repeat(101)));
    }

    private static int inkPixels(BufferedImage image) {
        int ink = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int argb = image.getRGB(x, y);
                int alpha = argb >>> 24;
                int sum = ((argb >> 16) & 0xff) + ((argb >> 8) & 0xff) + (argb & 0xff);
                ink += alpha > 128 && sum < 600 ? 1 : 0;
            }
        }
        return ink;
    }

    /** Through the endpoint: what the page sends is what the next signer sees among the completed values. */
    @Test
    void submit_imagesThroughTheEndpoint_checkedAndStored() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            ApiFlow flow = new ApiFlow(server, server.account("owner@example.com", false).full(), Clock.systemUTC());
            String docId = flow.upload("contract", 1);
            Party ann = flow.addSigner(docId, "Ann", "ann@example.com", "signer", 1);
            Party bob = flow.addSigner(docId, "Bob", "bob@example.com", "signer", 2);
            flow.saveFields(docId, List.of(field(ann.id(), "signature", 1, 72, 80, 200, 60),
                    field(bob.id(), "signature", 1, 72, 300, 200, 60)));
            flow.send(docId);
            byte[] big = TestFiles.noisePng(700, 700);
            byte[] jpeg = TestFiles.jpeg(300, 90);

            for (byte[] bad : List.of(big, TestFiles.pngHeaderClaiming(3000, 3000), "plain text".getBytes())) {
                HttpResponse<String> r = flow.postToLink(ann.token(), "submit", Map.of("consent", true,
                        "signature", Map.of("method", "upload", "image", TestFiles.dataUrl("image/png", bad))));
                expect(400, r);
                assertEquals("rest_invalid_param", code(r));
                assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("signature"), r.body());
            }
            expect(200, flow.postToLink(ann.token(), "submit", Map.of("consent", true,
                    "signature", Map.of("method", "upload", "image", TestFiles.dataUrl("image/jpeg", jpeg)))));

            Map<String, Object> session = TestServer.object(flow.session(bob.token()));
            List<?> completed = (List<?>) session.get("completed_values");
            assertEquals(1, completed.size());
            String value = (String) ((Map<?, ?>) completed.get(0)).get("value");
            assertTrue(value.startsWith("data:image/jpeg;base64,"), value.substring(0, 40));
            assertArrayEquals(jpeg, Base64.getDecoder().decode(value.substring(value.indexOf(',') + 1)));
        }
    }
}
