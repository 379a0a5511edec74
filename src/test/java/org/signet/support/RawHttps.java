package org.signet.support;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * One HTTP/1.1 exchange over TLS from a chosen loopback address, written and read as bytes. The
 * JDK's HTTP client always connects from 127.0.0.1; a proxy test needs a client that the proxy
 * sees at another address, and Linux answers on all of 127.0.0.0/8.
 */
public final class RawHttps {
    private RawHttps() {
    }

    /**
     * Sends {@code head} (request line and fields, without the blank line; {@code Host},
     * {@code Content-Length} and {@code Connection: close} are added) and {@code body} to
     * {@code localhost:port} from {@code source}; returns the whole answer as text.
     */
    public static String exchange(SSLContext tls, String source, int port, String head, byte[] body) throws IOException {
        try (Socket plain = new Socket()) {
            plain.bind(new InetSocketAddress(source, 0));
            plain.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            plain.setSoTimeout(60_000);
            try (SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(plain, "localhost", port, true)) {
                OutputStream out = s.getOutputStream();
                out.write((head + "\r\nHost: localhost:" + port + "\r\nContent-Length: " + body.length
                        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
                return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    /** The status code of an answer {@link #exchange} returned. */
    public static int status(String answer) {
        if (!answer.startsWith("HTTP/1.1 ")) {
            throw new AssertionError("not an HTTP/1.1 answer: " + answer);
        }
        return Integer.parseInt(answer.substring(9, 12));
    }
}
