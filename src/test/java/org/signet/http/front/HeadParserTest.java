package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HeadParserTest {
    private final HeadParser parser = new HeadParser(FrontLimits.of(Duration.ofSeconds(10), 0, 8, 100, a -> false));

    private HeadParser.Result parse(String head) {
        byte[] b = head.getBytes(StandardCharsets.ISO_8859_1);
        int end = HeadParser.headEnd(b, 0, b.length);
        assertEquals(b.length, end, "the test head must end exactly at its blank line");
        return parser.parse(b, end);
    }

    private int status(String head) {
        HeadParser.Result r = parse(head);
        return r.rejection() == null ? 200 : r.rejection().status();
    }

    @Test
    void headEnd_crlfAndBareLf_foundAfterTheBlankLine() {
        byte[] crlf = "GET / HTTP/1.1\r\nHost: a\r\n\r\nNEXT".getBytes(StandardCharsets.US_ASCII);
        assertEquals(crlf.length - 4, HeadParser.headEnd(crlf, 0, crlf.length));
        byte[] lf = "GET / HTTP/1.1\nHost: a\n\nNEXT".getBytes(StandardCharsets.US_ASCII);
        assertEquals(lf.length - 4, HeadParser.headEnd(lf, 0, lf.length));
        byte[] open = "GET / HTTP/1.1\r\nHost: a\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(-1, HeadParser.headEnd(open, 0, open.length));
    }

    @Test
    void parse_simpleGet_keepsFieldsAndAddsPeerLast() {
        HeadParser.Result r = parse("GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept:  */* \r\n\r\n");
        RequestHead h = r.head();
        assertEquals("GET", h.method());
        assertEquals("/a?b=c", h.target());
        assertFalse(h.hasBody());
        String out = new String(h.toBytes(new RequestHead.Field("X-Signet-Peer", "s 1.2.3.4")), StandardCharsets.ISO_8859_1);
        assertEquals("GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept: */*\r\nX-Signet-Peer: s 1.2.3.4\r\n\r\n", out);
    }

    @Test
    void parse_clientsOwnPeerField_dropped() {
        RequestHead h = parse("GET / HTTP/1.1\r\nHost: x\r\nx-signet-peer: forged 9.9.9.9\r\n\r\n").head();
        assertEquals(1, h.fields().size());
    }

    @Test
    void parse_absoluteForm_becomesOriginForm() {
        assertEquals("/p?q=1", parse("GET http://example.com/p?q=1 HTTP/1.1\r\nHost: x\r\n\r\n").head().target());
        assertEquals("/", parse("GET https://example.com HTTP/1.1\r\nHost: x\r\n\r\n").head().target());
    }

    @Test
    void parse_badRequestLines_400() {
        assertEquals(400, status("GET /\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET  / HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("G(T / HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET /a#frag HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET ftp://x/ HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET * HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET /\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(400, status("GET / http/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(505, status("GET / HTTP/2.0\r\nHost: x\r\n\r\n"));
    }

    @Test
    void parse_badFields_400() {
        assertEquals(400, status("GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n"));
        assertEquals(400, status("GET / HTTP/1.1\r\nHost: x\r\nName : v\r\n\r\n"));
        assertEquals(400, status("GET / HTTP/1.1\r\nHost: x\r\nA: b\r\n folded\r\n\r\n"));
        assertEquals(400, status("GET / HTTP/1.1\r\nHost: x\r\nA: b\u0000c\r\n\r\n"));
        assertEquals(400, status("GET / HTTP/1.1\r\nHost: x\r\nA: b\rc\r\n\r\n"));
        assertEquals(400, status("GET / HTTP/1.1\r\nNoColon\r\nHost: x\r\n\r\n"));
    }

    @Test
    void parse_host_exactlyOnceOnHttp11() {
        assertEquals(400, status("GET / HTTP/1.1\r\n\r\n"));
        assertEquals(400, status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"));
        assertEquals(200, status("GET / HTTP/1.0\r\n\r\n"));
    }

    @Test
    void parse_framing_rfc9112Section6() {
        assertEquals(12, parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 12\r\n\r\n").head().contentLength());
        assertTrue(parse("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n").head().chunked());
        assertEquals(400, status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"));
        assertEquals(400, status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"));
        assertEquals(400, status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n"));
        assertEquals(400, status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n"));
        assertEquals(400, status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\n\r\n"));
        assertEquals(400, status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"));
        assertEquals(400, status("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"));
        assertEquals(501, status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"));
        assertEquals(501, status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"));
    }

    @Test
    void limits_targetAndHeadSize_414And431() {
        HeadParser small = new HeadParser(new FrontLimits(Duration.ofSeconds(1), 0, 64, 256, 3, 8, 100, a -> false));
        byte[] longTarget = ("GET /" + "a".repeat(100) + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        assertEquals(414, small.parse(longTarget, longTarget.length).rejection().status());
        byte[] manyFields = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(431, small.parse(manyFields, manyFields.length).rejection().status());

        byte[] unfinishedLine = ("GET /" + "a".repeat(200)).getBytes(StandardCharsets.US_ASCII);
        assertEquals(414, small.whileIncomplete(unfinishedLine, unfinishedLine.length).status());
        byte[] hugeHeaders = ("GET / HTTP/1.1\r\nX: " + "a".repeat(300)).getBytes(StandardCharsets.US_ASCII);
        assertEquals(431, small.whileIncomplete(hugeHeaders, hugeHeaders.length).status());
        byte[] fine = "GET / HTTP/1.1\r\nX: a".getBytes(StandardCharsets.US_ASCII);
        assertNull(small.whileIncomplete(fine, fine.length));
    }

    @Test
    void rejection_toHttp_isTheJsonEnvelopeNamingNoJavaClass() {
        String http = new String(Rejection.headTooLarge().toHttp("RID123", false), StandardCharsets.UTF_8);
        assertTrue(http.startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n"), http);
        assertTrue(http.contains("X-Request-Id: RID123\r\n"), http);
        assertTrue(http.endsWith("{\"code\":\"request_header_fields_too_large\",\"message\":\"The request's header fields "
                + "are larger than the server accepts.\",\"data\":{\"status\":431}}"), http);
        int length = http.length() - http.indexOf("\r\n\r\n") - 4;
        assertTrue(http.contains("Content-Length: " + length + "\r\n"), http);
        assertFalse(http.contains("Strict-Transport-Security"), "not over plain HTTP: " + http);
        String overTls = new String(Rejection.headTooLarge().toHttp("RID123", true), StandardCharsets.UTF_8);
        assertTrue(overTls.contains("\r\nStrict-Transport-Security: max-age=63072000\r\n"), overTls);
    }
}
