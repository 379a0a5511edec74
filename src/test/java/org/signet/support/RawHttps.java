package org.signet.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The client side of TLS in the proxy tests: a context that trusts one certificate, and one HTTP/1.1
 * exchange from a chosen loopback address, written and read as bytes. The JDK's HTTP client always
 * connects from 127.0.0.1; a proxy test needs a client that the proxy sees at another address, and
 * Linux answers on all of 127.0.0.0/8.
 */
public final class RawHttps {
    private RawHttps() {
    }

    /** A TLS context that trusts the certificate in the PEM file {@code certificate} and nothing else. */
    public static SSLContext trusting(Path certificate) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(certificate)) {
            trusted.setCertificateEntry("trusted", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
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
