package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ChunkedBodyTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void feed_wholeBody_stopsAtItsEndAndLeavesTheNextRequest() {
        byte[] b = bytes("5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nTrailer: t\r\n\r\nGET / HTTP/1.1");
        ChunkedBody body = new ChunkedBody();
        int used = body.feed(b, 0, b.length);
        assertTrue(body.done());
        assertFalse(body.malformed());
        assertEquals(b.length - "GET / HTTP/1.1".length(), used);
    }

    @Test
    void feed_oneByteAtATime_sameOutcome() {
        byte[] b = bytes("a\r\n0123456789\r\n0\r\n\r\n");
        ChunkedBody body = new ChunkedBody();
        for (int i = 0; i < b.length; i++) {
            assertFalse(body.done(), "ended early at " + i);
            assertEquals(1, body.feed(b, i, 1));
        }
        assertTrue(body.done());
    }

    @Test
    void feed_malformedFraming_refused() {
        for (String bad : new String[] {"x\r\n", "5\nhello\r\n", "5\r\nhelloX\r\n", "\r\n", "5\r\nhello\r\n0\r\nA\u0000\r\n\r\n",
                "1234567890abcdef0\r\n", "5;" + "e".repeat(2000) + "\r\n"}) {
            ChunkedBody body = new ChunkedBody();
            byte[] b = bytes(bad);
            body.feed(b, 0, b.length);
            assertTrue(body.malformed(), bad);
            assertFalse(body.done(), bad);
        }
    }
}
