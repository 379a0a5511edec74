package org.signet.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One {@code GET} to a port on the loopback interface over a plain socket, reading no more than
 * the status line: how a launcher asks whether a child it started answers yet.
 */
public final class HttpProbe {
    private static final int CONNECT_TIMEOUT_MS = 1_000;
    private static final int READ_TIMEOUT_MS = 10_000;

    private HttpProbe() {}

    /** The status code {@code path} answers with on {@code port}, or -1 when nothing answers (yet). */
    public static int status(int port, String path) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_TIMEOUT_MS);
            s.setSoTimeout(READ_TIMEOUT_MS);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return statusCode(statusLine(s.getInputStream()));
        } catch (IOException notListeningYet) {
            return -1;
        }
    }

    private static String statusLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n' && line.length() < 200; b = in.read()) {
            line.append((char) b);
        }
        return line.toString().strip();
    }

    /** The code of {@code HTTP/1.1 200 OK}; -1 for anything that is no status line. */
    private static int statusCode(String line) {
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/") || !parts[1].matches("\\d{3}")) {
            return -1;
        }
        return Integer.parseInt(parts[1]);
    }
}
