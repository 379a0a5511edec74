package org.signet.pdf.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.signet.domain.MediaKind;

class FileSnifferTest {

    private static Optional<MediaKind> sniff(byte[] bytes) {
        return FileSniffer.sniff(bytes, bytes.length);
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void sniff_pdfHeaderAtStart() {
        assertEquals(Optional.of(MediaKind.PDF), sniff(text("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj")));
    }

    @Test
    void sniff_pdfHeaderAfterJunkWithinFirstKilobyte() {
        byte[] bytes = new byte[2000];
        Arrays.fill(bytes, (byte) 'x');
        System.arraycopy(text("%PDF-1.4"), 0, bytes, 1000, 8);
        assertEquals(Optional.of(MediaKind.PDF), sniff(bytes));
    }

    @Test
    void sniff_pdfHeaderBeyondFirstKilobyte() {
        byte[] bytes = new byte[2000];
        Arrays.fill(bytes, (byte) 'x');
        System.arraycopy(text("%PDF-1.4"), 0, bytes, 1020, 8);
        assertEquals(Optional.empty(), sniff(bytes));
    }

    @Test
    void sniff_incompletePdfHeader() {
        assertEquals(Optional.empty(), sniff(text("%PDF")));
        assertEquals(Optional.empty(), sniff(text("%PDX-1.7")));
    }

    @Test
    void sniff_realPngAndJpeg() throws Exception {
        assertEquals(Optional.of(MediaKind.PNG), sniff(IntakeSamples.imageBytes("png", 4, 4, Color.RED)));
        assertEquals(Optional.of(MediaKind.JPEG), sniff(IntakeSamples.imageBytes("jpeg", 4, 4, Color.RED)));
    }

    @Test
    void sniff_pngSignatureMustBeComplete() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
        assertEquals(Optional.of(MediaKind.PNG), sniff(png));
        assertEquals(Optional.empty(), sniff(Arrays.copyOf(png, 7)));
        png[7] = 0;
        assertEquals(Optional.empty(), sniff(png));
    }

    @Test
    void sniff_jpegNeedsThreeBytes() {
        assertEquals(Optional.of(MediaKind.JPEG), sniff(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}));
        assertEquals(Optional.empty(), sniff(new byte[] {(byte) 0xFF, (byte) 0xD8}));
        assertEquals(Optional.empty(), sniff(new byte[] {(byte) 0xFF, (byte) 0xD8, 0x00}));
    }

    @Test
    void sniff_textIsNothing() {
        assertEquals(Optional.empty(), sniff(text("Dear Sir, this is not a PDF.")));
        assertEquals(Optional.empty(), sniff(new byte[0]));
    }

    @Test
    void sniff_ignoresBytesBeyondLength() {
        byte[] bytes = text("%PDF-1.7");
        assertEquals(Optional.empty(), FileSniffer.sniff(bytes, 4));
        byte[] buffer = Arrays.copyOf(text("hello"), 1024);
        System.arraycopy(text("%PDF-"), 0, buffer, 100, 5);
        assertEquals(Optional.empty(), FileSniffer.sniff(buffer, 50));
    }

    @Test
    void sniff_lengthOutsideArray() {
        assertThrows(IllegalArgumentException.class, () -> FileSniffer.sniff(new byte[4], -1));
        assertThrows(IllegalArgumentException.class, () -> FileSniffer.sniff(new byte[4], 5));
    }
}
