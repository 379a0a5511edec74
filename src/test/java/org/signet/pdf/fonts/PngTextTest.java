package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.signet.support.TestFiles;

/** A text chunk written into a PNG and read back without decoding the image. */
class PngTextTest {

    private static byte[] png(String keyword, String text) throws IOException {
        return PngText.write(new BufferedImage(20, 10, BufferedImage.TYPE_INT_ARGB), keyword, text);
    }

    @Test
    void write_thenRead_theTextInAnyScript_andTheImageStillDecodes() throws IOException {
        byte[] png = png("Typed signature", "山田太郎 محمد Иван");

        assertEquals(Optional.of("山田太郎 محمد Иван"), PngText.read(png, "Typed signature"));
        assertEquals(20, ImageIO.read(new ByteArrayInputStream(png)).getWidth());
    }

    @Test
    void read_otherKeywordOrNoChunk_empty() throws IOException {
        assertEquals(Optional.empty(), PngText.read(png("Comment", "hello"), "Typed signature"));
        assertEquals(Optional.empty(), PngText.read(TestFiles.png(30, 10), "Typed signature"));
    }

    @Test
    void read_notAPngCutShortOrLyingAboutItsLength_empty() throws IOException {
        byte[] png = png("Typed signature", "Ann");
        assertEquals(Optional.empty(), PngText.read("GIF89a".getBytes(), "Typed signature"));
        assertEquals(Optional.empty(), PngText.read(null, "Typed signature"));
        assertEquals(Optional.empty(), PngText.read(Arrays.copyOf(png, 40), "Typed signature"));
        byte[] lying = png.clone();
        ByteBuffer.wrap(lying).putInt(8, Integer.MAX_VALUE); // the first chunk's length
        assertEquals(Optional.empty(), PngText.read(lying, "Typed signature"));
    }
}
