package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The front's own answers: a whole HTTP response carrying the same error envelope as every other error. */
class RejectionTest {

    @Test
    void toHttp_headTooLarge_statusLineHeadersAndEnvelope() {
        String http = new String(Rejection.headTooLarge().toHttp("rid1", false), StandardCharsets.UTF_8);

        String body = "{\"code\":\"request_header_fields_too_large\",\"message\":\"The request's header fields are"
                + " larger than the server accepts.\",\"data\":{\"status\":431}}";
        assertEquals("HTTP/1.1 431 Request Header Fields Too Large\r\n"
                + "Content-Type: application/json; charset=UTF-8\r\n"
                + "Content-Length: " + body.length() + "\r\n"
                + "X-Request-Id: rid1\r\n"
                + "X-Content-Type-Options: nosniff\r\n"
                + "Cache-Control: no-store\r\n"
                + "Connection: close\r\n\r\n" + body, http);
    }

    @Test
    void toHttp_overTls_strictTransportSecurity() {
        String http = new String(Rejection.busy().toHttp("rid2", true), StandardCharsets.UTF_8);

        assertTrue(http.startsWith("HTTP/1.1 503 Service Unavailable\r\n"), http);
        assertTrue(http.contains("Strict-Transport-Security: " + Tls.STRICT_TRANSPORT_SECURITY + "\r\n"), http);
        assertTrue(http.endsWith("{\"code\":\"busy\",\"message\":\"The server has too many connections; try again"
                + " shortly.\",\"data\":{\"status\":503}}"), http);
    }
}
