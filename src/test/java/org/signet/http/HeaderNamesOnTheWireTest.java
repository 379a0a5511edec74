package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * The bytes a client reads from Signet's own port: the JDK server behind the front would send
 * {@code X-wp-total} and {@code Content-type}; the front gives the names back as Signet sets them.
 */
class HeaderNamesOnTheWireTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    @Test
    void listAnswer_headerNamesAsSignetSetsThem() throws IOException {
        TestServer.Credentials alice = signet.server().account("alice@example.org", false).full();
        String answer = exchange("GET /wp-json/wpsigner/v1/documents HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                + "X-WPS-API-Key: " + alice.key() + "\r\nX-WPS-API-Secret: " + alice.secret() + "\r\n\r\n");

        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        for (String line : new String[] {"X-WP-Total: 0", "X-WP-TotalPages: 0", "X-RateLimit-Limit: ", "Content-Type: "}) {
            assertTrue(answer.contains("\r\n" + line), line + " in " + answer);
        }
        assertTrue(!answer.contains("X-wp-") && !answer.contains("Content-type"), answer);
    }

    private String exchange(String request) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), signet.server().app.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
