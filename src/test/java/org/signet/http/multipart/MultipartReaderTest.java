package org.signet.http.multipart;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MultipartReaderTest {
    private static final String B = "----SignetBoundary7MA4YWxkTrZu0gW";
    private static final long MB = 1024 * 1024;

    @Test
    void next_twoTextPartsAndFile() throws Exception {
        byte[] pdf = "%PDF-1.7\r\nbinary\u0000\r\n".getBytes(UTF_8);
        byte[] body = new MultipartBody(B).text("title", "Lease").text("expires_at", "2030-01-01")
                .file("file", "lease.pdf", "application/pdf", pdf).close();
        MultipartReader reader = reader(body);

        Part title = reader.next().orElseThrow();
        assertEquals("title", title.name());
        assertEquals(Optional.empty(), title.filename());
        assertEquals("text/plain", title.contentType());
        assertEquals("Lease", title.readText(100));
        assertEquals("2030-01-01", reader.next().orElseThrow().readText(100));
        Part file = reader.next().orElseThrow();
        assertEquals("file", file.name());
        assertEquals(Optional.of("lease.pdf"), file.filename());
        assertEquals("application/pdf", file.contentType());
        assertArrayEquals(pdf, file.content().readAllBytes());
        assertEquals(Optional.empty(), reader.next());
        assertEquals(Optional.empty(), reader.next());
    }

    @Test
    void next_skipsUnreadContentOfPreviousPart() throws Exception {
        byte[] big = random(300_000, 1);
        byte[] body = new MultipartBody(B).file("file", "a.bin", "application/octet-stream", big).text("title", "T").close();
        MultipartReader reader = reader(body);
        Part file = reader.next().orElseThrow();
        assertEquals(7, file.content().read(new byte[7]));

        assertEquals("T", reader.next().orElseThrow().readText(10));
        IOException stale = assertThrows(IOException.class, () -> file.content().read());
        assertTrue(stale.getMessage().contains("no longer readable"));
    }

    @Test
    void content_boundaryLookalikesAtBufferEdges_roundTripExactly() throws Exception {
        int buffer = DelimiterScanner.BUFFER_SIZE;
        int delimiter = B.length() + 4;
        for (int size = buffer - delimiter - 40; size <= buffer + delimiter + 40; size++) {
            byte[] content = tricky(size, size);
            byte[] body = new MultipartBody(B).file("file", "x.bin", "application/octet-stream", content).close();
            Part part = reader(body).next().orElseThrow();
            assertArrayEquals(content, part.content().readAllBytes(), "size " + size);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 4096, 65_536, 200_000})
    void content_readInAnyChunkSize_roundTripsAcrossSeveralBuffers(int chunk) throws Exception {
        byte[] content = tricky(3 * DelimiterScanner.BUFFER_SIZE + 11, 99);
        byte[] body = new MultipartBody(B).text("title", "x").file("file", "x.bin", "image/png", content)
                .file("file2", "y.bin", "image/png", content).close();
        MultipartReader reader = reader(body);
        reader.next().orElseThrow();
        for (int i = 0; i < 2; i++) {
            InputStream in = reader.next().orElseThrow().content();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[chunk];
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
            assertArrayEquals(content, out.toByteArray());
        }
    }

    @Test
    void filename_windowsPath_returnedAsSent() throws Exception {
        byte[] body = new MultipartBody(B).file("file", "C:\\x\\a.pdf", "application/pdf", new byte[] {1}).close();
        assertEquals(Optional.of("C:\\x\\a.pdf"), reader(body).next().orElseThrow().filename());
    }

    @Test
    void filename_extendedParameter_preferredAndDecoded() throws Exception {
        String disposition = "form-data; name=\"file\"; filename=\"rates.pdf\"; filename*=UTF-8''%E2%82%AC%20rates.pdf";
        byte[] body = new MultipartBody(B).raw("Content-Disposition: " + disposition + "\r\n", new byte[] {1}).close();
        assertEquals(Optional.of("\u20ac rates.pdf"), reader(body).next().orElseThrow().filename());
    }

    @Test
    void filename_rawUtf8AndEscapedQuote_decoded() throws Exception {
        String disposition = "form-data; name=\"file\"; filename=\"na\\\"\u00efve; r\u00e9sum\u00e9.pdf\"";
        byte[] body = new MultipartBody(B).raw("Content-Disposition: " + disposition + "\r\n", new byte[] {1}).close();
        assertEquals(Optional.of("na\"\u00efve; r\u00e9sum\u00e9.pdf"), reader(body).next().orElseThrow().filename());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "form-data; filename=\"a.pdf\"",
        "attachment; name=\"file\"",
        "form-data; name=\"file",
        "form-data; name=\"a\"; name=\"b\"",
        "form-data; name=\"file\"; filename*=UTF-8''%E2%82",
        "form-data; name=\"file\"; filename*=KOI8-R''abc",
    })
    void next_malformedContentDisposition_refused(String disposition) {
        byte[] body = new MultipartBody(B).raw("Content-Disposition: " + disposition + "\r\n", new byte[] {1}).close();
        MultipartException e = assertThrows(MultipartException.class, () -> reader(body).next());
        assertTrue(e.getMessage().startsWith("malformed Content-Disposition"), e.getMessage());
    }

    @Test
    void next_partWithoutContentDisposition_refused() {
        byte[] body = new MultipartBody(B).raw("Content-Type: text/plain\r\n", new byte[] {1}).close();
        MultipartException e = assertThrows(MultipartException.class, () -> reader(body).next());
        assertEquals("part has no Content-Disposition", e.getMessage());
    }

    @Test
    void boundaryOf_quotedUnquotedAndCaseInsensitive() throws Exception {
        assertEquals("abc", MultipartReader.boundaryOf("multipart/form-data; boundary=abc"));
        assertEquals("a b:c", MultipartReader.boundaryOf("Multipart/Form-Data;charset=utf-8; BOUNDARY=\"a b:c\""));
        assertEquals("x".repeat(70), MultipartReader.boundaryOf("multipart/form-data; boundary=" + "x".repeat(70)));
    }

    @Test
    void boundaryOf_missingOrInvalid_refused() {
        assertMessage("missing boundary parameter in Content-Type", "multipart/form-data");
        assertMessage("missing boundary parameter in Content-Type", "multipart/form-data; charset=utf-8");
        assertMessage("Content-Type is not multipart/form-data", "application/json; boundary=abc");
        assertMessage("Content-Type is not multipart/form-data", "multipart/mixed; boundary=abc");
        assertMessage("boundary must be 1 to 70 characters", "multipart/form-data; boundary=\"\"");
        assertMessage("boundary must be 1 to 70 characters", "multipart/form-data; boundary=" + "x".repeat(71));
        assertMessage("boundary contains a character not allowed by RFC 2046", "multipart/form-data; boundary=\"a*b\"");
        assertMessage("boundary must not end with a space", "multipart/form-data; boundary=\"ab \"");
        assertMessage("missing Content-Type", null);
    }

    @Test
    void next_bodyUsesAnotherBoundary_refused() {
        byte[] body = new MultipartBody("other").text("title", "x").close();
        MultipartException e = assertThrows(MultipartException.class, () -> reader(body).next());
        assertTrue(e.getMessage().startsWith("body ended before the closing boundary"), e.getMessage());
        assertFalse(e.tooLarge());
    }

    @Test
    void next_truncatedAtEveryPoint_refusedAsTruncated() {
        byte[] body = new MultipartBody(B).text("title", "x").file("file", "a.pdf", "application/pdf", random(300, 3)).close();
        for (int cut = 0; cut < body.length; cut++) {
            byte[] prefix = Arrays.copyOf(body, cut);
            MultipartException e = assertThrows(MultipartException.class, () -> readEverything(prefix), "cut " + cut);
            assertTrue(e.getMessage().startsWith("body ended before the closing boundary"), cut + ": " + e.getMessage());
            assertFalse(e.tooLarge());
        }
    }

    @Test
    void content_truncatedInsideLargePart_throwsMultipartIOException() throws Exception {
        byte[] body = new MultipartBody(B).file("file", "a.pdf", "application/pdf", random(500_000, 4)).close();
        Part part = reader(Arrays.copyOf(body, 400_000)).next().orElseThrow();
        MultipartIOException e = assertThrows(MultipartIOException.class, () -> part.content().readAllBytes());
        assertEquals("body ended before the closing boundary", e.reason().getMessage());
    }

    @Test
    void content_overLimit_tooLargeWithoutReadingTheRest() throws Exception {
        CountingStream body = new CountingStream(
                ("--" + B + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n").getBytes(UTF_8),
                100 * MB);
        Part part = new MultipartReader(body, B, MB).next().orElseThrow();
        MultipartIOException e = assertThrows(MultipartIOException.class, () -> part.content().transferTo(OutputStream.nullOutputStream()));
        assertTrue(e.reason().tooLarge());
        assertTrue(body.count <= MB + 1, "read " + body.count);
    }

    @Test
    void next_overLimitWhileSkipping_tooLarge() throws Exception {
        CountingStream body = new CountingStream(
                ("--" + B + "\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n").getBytes(UTF_8), 100 * MB);
        MultipartReader reader = new MultipartReader(body, B, 2 * MB);
        reader.next().orElseThrow();
        MultipartException e = assertThrows(MultipartException.class, reader::next);
        assertTrue(e.tooLarge());
        assertEquals("body exceeds 2097152 bytes", e.getMessage());
        assertTrue(body.count <= 2 * MB + 1, "read " + body.count);
        assertTrue(assertThrows(MultipartException.class, reader::next).tooLarge());
    }

    @Test
    void next_bodyExactlyAtLimit_accepted() throws Exception {
        byte[] body = new MultipartBody(B).text("title", "x").close();
        MultipartReader reader = new MultipartReader(new ByteArrayInputStream(body), B, body.length);
        assertEquals("x", reader.next().orElseThrow().readText(5));
        assertEquals(Optional.empty(), reader.next());
    }

    @Test
    void next_preambleAndEpilogue_ignored() throws Exception {
        byte[] parts = new MultipartBody(B).text("title", "x").close();
        byte[] body = concat("A preamble mentioning --" + B + "\r\n\r\n", parts, "\r\nepilogue --" + B + "\r\n");
        MultipartReader reader = reader(body);
        assertEquals("x", reader.next().orElseThrow().readText(5));
        assertEquals(Optional.empty(), reader.next());
    }

    @Test
    void next_epilogueNeverRead() throws Exception {
        byte[] body = new MultipartBody(B).text("title", "x").close();
        CountingStream in = new CountingStream(body, 100 * MB);
        MultipartReader reader = new MultipartReader(in, B, 200 * MB);
        assertEquals("x", reader.next().orElseThrow().readText(5));
        assertEquals(Optional.empty(), reader.next());
        assertTrue(in.count < 2 * DelimiterScanner.BUFFER_SIZE, "read " + in.count);
    }

    @Test
    void next_transportPaddingAfterBoundary_accepted() throws Exception {
        String body = "--" + B + " \t\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--" + B + "--";
        assertEquals("v", reader(body.getBytes(UTF_8)).next().orElseThrow().readText(5));
    }

    @Test
    void next_garbageAfterBoundary_refused() {
        String body = "--" + B + "zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--" + B + "--";
        MultipartException e = assertThrows(MultipartException.class, () -> reader(body.getBytes(UTF_8)).next());
        assertEquals("malformed boundary line", e.getMessage());
    }

    @Test
    void next_emptyPart_hasNoContent() throws Exception {
        byte[] body = new MultipartBody(B).file("file", "", "application/octet-stream", new byte[0]).text("t", "").close();
        MultipartReader reader = reader(body);
        Part file = reader.next().orElseThrow();
        assertEquals(Optional.of(""), file.filename());
        assertEquals(-1, file.content().read());
        assertEquals("", reader.next().orElseThrow().readText(0));
        assertEquals(Optional.empty(), reader.next());
    }

    @Test
    void next_fiftyParts_acceptedAndFiftyOneRefused() throws Exception {
        assertEquals(50, readEverything(manyParts(50)));
        MultipartException e = assertThrows(MultipartException.class, () -> readEverything(manyParts(51)));
        assertEquals("more than 50 parts", e.getMessage());
    }

    @Test
    void next_oversizedHeaders_refused() throws Exception {
        String name = "form-data; name=\"a\"\r\n";
        String filler = "X-Filler: " + "f".repeat(16384 - 2 - 2 - "Content-Disposition: ".length() - name.length() - 10) + "\r\n";
        byte[] fits = new MultipartBody(B).raw("Content-Disposition: " + name + filler, new byte[] {1}).close();
        assertEquals(1, readEverything(fits));

        byte[] over = new MultipartBody(B).raw("Content-Disposition: " + name + "X-Filler: f" + filler.substring(10), new byte[] {1}).close();
        MultipartException e = assertThrows(MultipartException.class, () -> readEverything(over));
        assertEquals("part headers exceed 16384 bytes", e.getMessage());

        byte[] endless = concat("--" + B + "\r\nX: ", "y".repeat(200_000));
        e = assertThrows(MultipartException.class, () -> readEverything(endless));
        assertEquals("part headers exceed 16384 bytes", e.getMessage());
    }

    @Test
    void readText_limits() throws Exception {
        byte[] body = new MultipartBody(B).text("a", "\u00e9t\u00e9 \u20ac").text("b", "abcdef").text("c", "\ud83d\ude00").close();
        MultipartReader reader = reader(body);
        assertEquals("\u00e9t\u00e9 \u20ac", reader.next().orElseThrow().readText(5));
        MultipartException e = assertThrows(MultipartException.class, () -> reader.next().orElseThrow().readText(5));
        assertEquals("field 'b' is longer than 5 characters", e.getMessage());
        MultipartReader again = reader(body);
        again.next();
        again.next();
        assertThrows(MultipartException.class, () -> again.next().orElseThrow().readText(1));
    }

    @Test
    void readText_hugeFieldStopsEarly() throws Exception {
        byte[] body = new MultipartBody(B).raw("Content-Disposition: form-data; name=\"t\"\r\n", random(2_000_000, 8)).close();
        Part part = reader(body).next().orElseThrow();
        assertThrows(MultipartException.class, () -> part.readText(100));
        assertTrue(part.content().available() > 0, "the rest stays unread");
    }

    @Test
    void readText_invalidUtf8_refused() {
        byte[] body = new MultipartBody(B).raw("Content-Disposition: form-data; name=\"t\"\r\n", new byte[] {'a', (byte) 0xc3, '(', 'b'})
                .close();
        MultipartException e = assertThrows(MultipartException.class, () -> reader(body).next().orElseThrow().readText(100));
        assertEquals("field 't' is not valid UTF-8", e.getMessage());
    }

    @Test
    void content_25MiBPart_parsesQuickly() throws Exception {
        byte[] content = random(25 * (int) MB, 5);
        byte[] body = new MultipartBody(B).file("file", "big.pdf", "application/pdf", content).close();
        long start = System.nanoTime();
        Part part = reader(body).next().orElseThrow();
        long total = part.content().transferTo(OutputStream.nullOutputStream());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(content.length, total);
        assertTrue(millis < 2000, "took " + millis + " ms");
    }

    private static MultipartReader reader(byte[] body) {
        return new MultipartReader(new ByteArrayInputStream(body), B, 100 * MB);
    }

    /** Reads every part to the end, as a handler would; returns the number of parts. */
    private static int readEverything(byte[] body) throws Exception {
        MultipartReader reader = reader(body);
        int count = 0;
        try {
            for (Optional<Part> part = reader.next(); part.isPresent(); part = reader.next()) {
                part.get().content().transferTo(OutputStream.nullOutputStream());
                count++;
            }
        } catch (MultipartIOException e) {
            throw e.reason();
        }
        return count;
    }

    private static byte[] manyParts(int n) {
        MultipartBody body = new MultipartBody(B);
        for (int i = 0; i < n; i++) {
            body.text("f" + i, "v");
        }
        return body.close();
    }

    /** Random bytes salted with CRLFs and near-delimiters, with a partial delimiter at its very end. */
    private static byte[] tricky(int size, long randomSeed) {
        byte[] bytes = random(size, randomSeed);
        byte[] near = ("\r\n--" + B).getBytes(UTF_8);
        List<Integer> offsets = new ArrayList<>();
        for (int at = 0; at < size; at += 997) {
            offsets.add(at);
        }
        offsets.add(DelimiterScanner.BUFFER_SIZE - near.length);
        offsets.add(DelimiterScanner.BUFFER_SIZE - near.length / 2);
        for (int at : offsets) {
            int len = Math.min(near.length - 1 - at % 5, size - at);
            if (len > 0) {
                System.arraycopy(near, 0, bytes, at, len);
            }
            if (len > 0 && at + len < size) {
                bytes[at + len] = (byte) (near[len] ^ 1); // keep it a near miss, not a delimiter
            }
        }
        int tail = Math.min(near.length - 1, size);
        System.arraycopy(near, 0, bytes, size - tail, tail);
        return bytes;
    }

    private static byte[] random(int size, long randomSeed) {
        byte[] bytes = new byte[size];
        new Random(randomSeed).nextBytes(bytes);
        return bytes;
    }

    private static byte[] concat(Object... pieces) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object piece : pieces) {
            out.writeBytes(piece instanceof byte[] b ? b : piece.toString().getBytes(UTF_8));
        }
        return out.toByteArray();
    }

    private static void assertMessage(String expected, String contentType) {
        MultipartException e = assertThrows(MultipartException.class, () -> MultipartReader.boundaryOf(contentType));
        assertEquals(expected, e.getMessage());
    }
}
