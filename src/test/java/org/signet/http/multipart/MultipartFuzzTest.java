package org.signet.http.multipart;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.signet.support.InputDeadline;

/**
 * Any Content-Type and body through the multipart reader, read the way uploads read them: the only
 * outcomes are parts, or a {@link MultipartException} (also carried out of a part's stream by a
 * {@link MultipartIOException}), within a time bound. An input is its Content-Type header, a line
 * feed, then the body.
 */
@Tag("jazzer")
class MultipartFuzzTest {
    /** Small, so that inputs reach the size limit as easily as they stay under it. */
    private static final int LIMIT = 4096;
    private static final InputDeadline DEADLINE = new InputDeadline(Duration.ofSeconds(5));

    @FuzzTest(maxDuration = "5m")
    void next_anyBody_partsOrRefusal(byte[] input) throws Exception {
        DEADLINE.run(() -> read(input));
    }

    private static void read(byte[] input) throws IOException {
        int newline = indexOf(input, (byte) '\n');
        String contentType = new String(input, 0, newline < 0 ? input.length : newline, StandardCharsets.UTF_8);
        byte[] body = newline < 0 ? new byte[0] : Arrays.copyOfRange(input, newline + 1, input.length);
        String boundary;
        try {
            boundary = MultipartReader.boundaryOf(contentType);
        } catch (MultipartException e) {
            assertNotNull(e.getMessage());
            return;
        }
        assertTrue(!boundary.isEmpty() && boundary.length() <= 70, boundary);
        MultipartReader reader = new MultipartReader(new ByteArrayInputStream(body), boundary, LIMIT);
        try {
            long content = readAll(reader);
            assertTrue(content <= body.length, "parts hold more bytes than the body: " + content);
        } catch (MultipartException e) {
            refused(e, body, reader);
        } catch (MultipartIOException e) {
            refused(e.reason(), body, reader);
        }
    }

    /** Reads every part, the even ones as bytes and the odd ones as text, as an upload mixes them. */
    private static long readAll(MultipartReader reader) throws IOException, MultipartException {
        long total = 0;
        int index = 0;
        for (Optional<Part> next = reader.next(); next.isPresent(); next = reader.next()) {
            Part part = next.get();
            assertNotNull(part.name());
            assertNotNull(part.contentType());
            if (index++ % 2 == 0) {
                total += drain(part.content());
            } else {
                total += text(part);
            }
        }
        assertFalse(reader.next().isPresent(), "a part after the close delimiter");
        return total;
    }

    /** A text part's own refusal (not UTF-8) leaves the body readable; a body's failure shows again at next(). */
    private static long text(Part part) throws IOException {
        try {
            return part.readText(LIMIT).length();
        } catch (MultipartException fieldRefused) {
            assertNotNull(fieldRefused.getMessage());
            return 0;
        }
    }

    private static long drain(InputStream in) throws IOException {
        byte[] buffer = new byte[700];
        long total = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            total += n;
        }
        return total;
    }

    /** A refusal says why, is for size only when the body is over the limit, and sticks. */
    private static void refused(MultipartException e, byte[] body, MultipartReader reader) throws IOException {
        assertNotNull(e.getMessage());
        if (e.tooLarge()) {
            assertTrue(body.length > LIMIT, "too large at " + body.length + " bytes: " + e.getMessage());
        }
        try {
            reader.next();
            fail("the reader went on after refusing the body: " + e.getMessage());
        } catch (MultipartException again) {
            assertSame(e.tooLarge(), again.tooLarge());
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
