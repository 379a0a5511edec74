package org.signet.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.signet.domain.MediaKind;
import org.signet.error.Refusal;
import org.signet.http.Keys;
import org.signet.pdf.finish.SignatureImages;
import org.signet.pdf.finish.TypedSignature;
import org.signet.pdf.intake.FileSniffer;
import org.signet.service.DrawableText;
import org.signet.service.Submission;
import org.signet.text.TypedText;

/**
 * Turns the {@code signature} object of a submission into a checked image: a PNG or JPEG
 * data URL of at most 1 MiB and 2000x2000 pixels, or a typed name rendered by Signet.
 */
final class SignatureInput {
    static final int MAX_BYTES = 1 << 20;
    static final int MAX_PIXELS = 2000;
    /** A signature or initials: how it was made, and the typed text or the image. */
    private static final Keys KEYS = Keys.of("method", "text", "image");

    private SignatureInput() {}

    static Submission.Image from(Object raw, String param) {
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof Map<?, ?> m)) {
            throw Refusal.invalidParam(param, param + " must be an object with method and image or text.");
        }
        KEYS.refuseUnknown(m, param + ".");
        String method = String.valueOf(m.get("method"));
        return switch (method) {
            case "type" -> typed(m.get("text"), param);
            case "draw", "upload" -> new Submission.Image(method, dataUrl(m.get("image"), param));
            default -> throw Refusal.invalidParam(param, param + ".method must be draw, type or upload.");
        };
    }

    /** A typed name is text a person types, drawn as it is: the text rule first, then its length. */
    private static Submission.Image typed(Object text, String param) {
        TypedText.Checked checked = TypedText.check(text instanceof String s ? s : "", TypedText.Shape.LINE);
        if (!checked.ok()) {
            throw Refusal.invalidText(param, checked);
        }
        String t = checked.text().strip();
        if (t.isEmpty() || t.length() > 100) {
            throw Refusal.invalidParam(param, param + ".text must be 1 to 100 characters.");
        }
        DrawableText.require(param + ".text", t);
        return new Submission.Image("type", TypedSignature.renderPng(t));
    }

    /** Decodes {@code data:image/png;base64,...}; the bytes, not the declared type, decide. */
    static byte[] dataUrl(Object value, String param) {
        String s = value instanceof String str ? str : "";
        int comma = s.indexOf(',');
        if (!s.startsWith("data:image/") || comma < 0 || !s.substring(0, comma).endsWith(";base64")) {
            throw Refusal.invalidParam(param, param + " must be a PNG or JPEG data URL.");
        }
        if ((long) (s.length() - comma) * 3 / 4 > MAX_BYTES + 3) {
            throw Refusal.invalidParam(param, param + " is larger than 1 MiB.");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(s.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            throw Refusal.invalidParam(param, param + " is not valid base64.");
        }
        MediaKind kind = FileSniffer.sniff(bytes, Math.min(bytes.length, FileSniffer.HEAD_LENGTH)).orElse(null);
        if (bytes.length > MAX_BYTES || (kind != MediaKind.PNG && kind != MediaKind.JPEG)) {
            throw Refusal.invalidParam(param, param + " must be a PNG or JPEG of at most 1 MiB.");
        }
        checkImage(bytes, param);
        if (!SignatureImages.drawable(bytes)) {
            // ImageIO forgives some damage that PDFBox does not; the sealed PDF is drawn by PDFBox.
            throw Refusal.invalidParam(param, param + " cannot be read as an image.");
        }
        return bytes;
    }

    /**
     * Reads the size from the header first, so nothing larger than 2000x2000 is ever decoded, then
     * decodes the pixels: an image that cannot be decoded now could not be drawn on the finished
     * PDF either, and would leave the document unsealable. Works in memory: a signature is
     * personal data and has no business in a temporary file.
     */
    private static void checkImage(byte[] bytes, String param) {
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw Refusal.invalidParam(param, param + " cannot be read as an image.");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                if (reader.getWidth(0) > MAX_PIXELS || reader.getHeight(0) > MAX_PIXELS) {
                    throw Refusal.invalidParam(param, param + " must be at most 2000x2000 pixels.");
                }
                reader.read(0);
            } finally {
                reader.dispose();
            }
        } catch (Refusal e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw Refusal.invalidParam(param, param + " cannot be read as an image.");
        }
    }
}
