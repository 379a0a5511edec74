package org.signet.pdf.fonts;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * A PNG with one uncompressed international text chunk ({@code iTXt}, the PNG specification 11.3.4.5):
 * written through ImageIO's PNG writer, read back by walking the chunks, which needs no decoder.
 */
public final class PngText {
    private static final String FORMAT = "javax_imageio_png_1.0";
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private PngText() {
    }

    public static byte[] write(BufferedImage image, String keyword, String text) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        try {
            IIOMetadata metadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image), null);
            IIOMetadataNode entry = new IIOMetadataNode("iTXtEntry");
            entry.setAttribute("keyword", keyword);
            entry.setAttribute("compressionFlag", "FALSE");
            entry.setAttribute("compressionMethod", "0");
            entry.setAttribute("languageTag", "");
            entry.setAttribute("translatedKeyword", "");
            entry.setAttribute("text", text);
            IIOMetadataNode chunk = new IIOMetadataNode("iTXt");
            chunk.appendChild(entry);
            IIOMetadataNode root = new IIOMetadataNode(FORMAT);
            root.appendChild(chunk);
            metadata.mergeTree(FORMAT, root);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
                writer.setOutput(stream);
                writer.write(new IIOImage(image, null, metadata));
            }
            return out.toByteArray();
        } finally {
            writer.dispose();
        }
    }

    /** The text of the first uncompressed {@code iTXt} chunk named {@code keyword}, if the PNG has one. */
    public static Optional<String> read(byte[] png, String keyword) {
        if (png == null || png.length < SIGNATURE.length
                || !ByteBuffer.wrap(png, 0, SIGNATURE.length).equals(ByteBuffer.wrap(SIGNATURE))) {
            return Optional.empty();
        }
        ByteBuffer in = ByteBuffer.wrap(png, SIGNATURE.length, png.length - SIGNATURE.length);
        while (in.remaining() >= 12) {
            int length = in.getInt();
            String type = new String(png, in.position(), 4, StandardCharsets.US_ASCII);
            if (length < 0 || length > in.remaining() - 8 || type.equals("IEND")) {
                return Optional.empty();
            }
            if (type.equals("iTXt")) {
                Optional<String> text = text(png, in.position() + 4, length, keyword);
                if (text.isPresent()) {
                    return text;
                }
            }
            in.position(in.position() + 4 + length + 4);
        }
        return Optional.empty();
    }

    /** keyword NUL, compression flag, method, language tag NUL, translated keyword NUL, then UTF-8 text. */
    private static Optional<String> text(byte[] png, int start, int length, String keyword) {
        int end = start + length;
        int nul = indexOf(png, start, end);
        if (nul < 0 || nul + 2 >= end || png[nul + 1] != 0
                || !new String(png, start, nul - start, StandardCharsets.ISO_8859_1).equals(keyword)) {
            return Optional.empty();
        }
        int language = indexOf(png, nul + 3, end);
        int translated = language < 0 ? -1 : indexOf(png, language + 1, end);
        if (translated < 0) {
            return Optional.empty();
        }
        return Optional.of(new String(png, translated + 1, end - translated - 1, StandardCharsets.UTF_8));
    }

    private static int indexOf(byte[] bytes, int from, int end) {
        for (int i = from; i < end; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }
}
