package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Following the server's answers: header names get their usual case back, in every head of a
 * keep-alive connection and only there; bodies of every framing pass untouched.
 */
class AnswerFramingTest {
    private static final String LENGTH_ANSWER = "HTTP/1.1 200 OK\r\nContent-type: application/json\r\nX-wp-total: 3\r\n"
            + "X-wp-totalpages: 1\r\nX-ratelimit-limit: 60\r\nEtag: \"x\"\r\nContent-length: 17\r\n\r\n"
            + "x-wp-total: 1\r\n\r\n";
    private static final String LENGTH_RESTORED = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-WP-Total: 3\r\n"
            + "X-WP-TotalPages: 1\r\nX-RateLimit-Limit: 60\r\nETag: \"x\"\r\nContent-Length: 17\r\n\r\n"
            + "x-wp-total: 1\r\n\r\n";

    @Test
    void follow_headsOfEveryFraming_namesRestoredBodiesUntouched() {
        AnswerFraming framing = new AnswerFraming();
        framing.asked("GET");
        framing.asked("HEAD");
        framing.asked("GET");
        framing.asked("GET");
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-encoding: chunked\r\nX-request-id: abc\r\n\r\n"
                + "10\r\nretry-after: 1\r\n\r\n0\r\n\r\n";
        String head = "HTTP/1.1 200 OK\r\nContent-length: 99\r\nContent-disposition: inline\r\n\r\n";
        String wire = LENGTH_ANSWER + head + chunked + "HTTP/1.1 204 No Content\r\nRetry-after: 5\r\n\r\n";
        String expected = LENGTH_RESTORED + head.replace("Content-length", "Content-Length")
                .replace("Content-disposition", "Content-Disposition")
                + chunked.replace("Transfer-encoding", "Transfer-Encoding").replace("X-request-id", "X-Request-Id")
                + "HTTP/1.1 204 No Content\r\nRetry-After: 5\r\n\r\n";
        ByteBuffer b = buffer(wire);
        assertEquals(wire.length(), framing.follow(b, 0, wire.length()));
        assertEquals(expected, text(b, wire.length()));
    }

    @Test
    void follow_oneByteAtATime_holdsBackAnUnfinishedLineAndEndsTheSame() {
        AnswerFraming framing = new AnswerFraming();
        framing.asked("GET");
        ByteBuffer b = buffer(LENGTH_ANSWER);
        int ready = 0;
        for (int to = 1; to <= LENGTH_ANSWER.length(); to++) {
            ready = framing.follow(b, ready, to);
            int lineStart = LENGTH_ANSWER.lastIndexOf('\n', to - 1) + 1;
            int headEnd = LENGTH_ANSWER.indexOf("\r\n\r\n") + 4;
            assertEquals(to <= headEnd ? lineStart : to, ready, "after " + to + " bytes");
            assertEquals(to == headEnd ? 2 : 0, framing.held(), "the blank line waits for the body, after " + to);
        }
        assertEquals(LENGTH_RESTORED, text(b, LENGTH_ANSWER.length()));
    }

    @Test
    void held_headWithoutItsBodyYet_waitsForTheFirstBodyByte() {
        AnswerFraming framing = new AnswerFraming();
        framing.asked("GET");
        framing.asked("GET");
        String head = LENGTH_ANSWER.substring(0, LENGTH_ANSWER.indexOf("\r\n\r\n") + 4);
        String noBody = "HTTP/1.1 204 No Content\r\n\r\n";
        ByteBuffer b = buffer(noBody + LENGTH_ANSWER);
        assertEquals(noBody.length() + head.length(), framing.follow(b, 0, noBody.length() + head.length()));
        assertEquals(head.length(), framing.held(), "the answer without a body goes, the head with one waits");
        framing.follow(b, noBody.length() + head.length(), noBody.length() + head.length() + 1);
        assertEquals(0, framing.held());
    }

    @Test
    void follow_interimAnswer_theFinalOneFollowsForTheSameRequest() {
        AnswerFraming framing = new AnswerFraming();
        framing.asked("POST");
        String wire = "HTTP/1.1 100 Continue\r\n\r\n" + LENGTH_ANSWER;
        ByteBuffer b = buffer(wire);
        framing.follow(b, 0, wire.length());
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n" + LENGTH_RESTORED, text(b, wire.length()));
    }

    @Test
    void follow_notHttp_passesUntouched() {
        AnswerFraming framing = new AnswerFraming();
        String wire = "SSH-2.0-x\r\ncontent-type: x\r\n\r\n";
        ByteBuffer b = buffer(wire);
        assertEquals(wire.length(), framing.follow(b, 0, wire.length()));
        assertEquals(wire, text(b, wire.length()));
    }

    @Test
    void end_heldBackLine_released() {
        AnswerFraming framing = new AnswerFraming();
        String wire = "HTTP/1.1 200 OK\r\nContent-ty";
        ByteBuffer b = buffer(wire);
        assertEquals(17, framing.follow(b, 0, wire.length()));
        assertEquals(wire.length(), framing.end(wire.length()));
    }

    private static ByteBuffer buffer(String s) {
        ByteBuffer b = ByteBuffer.allocateDirect(s.length() + 16);
        b.put(s.getBytes(StandardCharsets.ISO_8859_1));
        return b;
    }

    private static String text(ByteBuffer b, int length) {
        byte[] bytes = new byte[length];
        b.get(0, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
