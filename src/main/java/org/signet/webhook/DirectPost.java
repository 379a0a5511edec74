package org.signet.webhook;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * One HTTP/1.1 POST (RFC 9112) to a webhook receiver, over a connection to one of the addresses the
 * guard checked. The JDK's own HTTP clients look the host name up again themselves, so what they
 * connect to is not what was checked; here no name is looked up at all. Over https the certificate is
 * verified against the URL's host name (sent as SNI) as any browser verifies it. No proxy, no
 * redirects, one deadline for the whole exchange; of the answer only its status and the first
 * kilobyte of its body are read. Webhook bodies are small, so writing them never waits on the receiver.
 */
final class DirectPost {
    static final int EXCERPT_BYTES = 1024;
    private static final int MAX_LINE = 8 * 1024;
    private static final int MAX_HEAD_LINES = 100;

    /** The receiver's status and the start of its answer's body. */
    record Answer(int status, byte[] excerpt) {}

    private final Supplier<SSLSocketFactory> tls;

    /** {@code tls} is asked only for an https delivery: loading the trust store is not free. */
    DirectPost(Supplier<SSLSocketFactory> tls) {
        this.tls = tls;
    }

    /** Sends {@code body} with {@code headers}; a timeout is a {@link SocketTimeoutException}. */
    Answer send(WebhookUrls.Target target, Map<String, String> headers, byte[] body, Duration timeout)
            throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = connect(target, deadline)) {
            Socket s = target.tls() ? secure(socket, target, deadline) : socket;
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            out.write(head(target.uri(), headers, body.length));
            out.write(body);
            out.flush();
            return read(new BufferedInputStream(new Deadline(s, deadline)));
        }
    }

    /** The first of the checked addresses that takes the connection. */
    private static Socket connect(WebhookUrls.Target target, long deadline) throws IOException {
        IOException last = null;
        for (InetAddress address : target.addresses()) {
            Socket s = new Socket(Proxy.NO_PROXY);
            try {
                s.connect(new InetSocketAddress(address, target.port()), remainingMillis(deadline));
                s.setTcpNoDelay(true);
                return s;
            } catch (SocketTimeoutException e) {
                s.close();
                throw e;
            } catch (IOException e) {
                s.close();
                last = e;
            }
        }
        throw last != null ? last : new IOException("no address to connect to");
    }

    private Socket secure(Socket plain, WebhookUrls.Target target, long deadline) throws IOException {
        // Naming the host here makes it the SNI name and the name the certificate must carry.
        SSLSocket s = (SSLSocket) tls.get().createSocket(plain, target.host(), target.port(), true);
        SSLParameters p = s.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS");
        s.setSSLParameters(p);
        s.setSoTimeout(remainingMillis(deadline));
        s.startHandshake();
        return s;
    }

    private static byte[] head(URI uri, Map<String, String> headers, int length) {
        URI ascii = URI.create(uri.toASCIIString());
        String path = ascii.getRawPath() == null || ascii.getRawPath().isEmpty() ? "/" : ascii.getRawPath();
        String query = ascii.getRawQuery() == null ? "" : "?" + ascii.getRawQuery();
        StringBuilder h = new StringBuilder("POST ").append(path).append(query).append(" HTTP/1.1\r\n");
        h.append("Host: ").append(ascii.getHost()).append(ascii.getPort() >= 0 ? ":" + ascii.getPort() : "")
                .append("\r\n");
        headers.forEach((name, value) -> h.append(name).append(": ").append(value).append("\r\n"));
        h.append("Content-Length: ").append(length).append("\r\nConnection: close\r\n\r\n");
        return h.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The final answer's status, after any 1xx interim answers (RFC 9110 section 15.2), and its excerpt. */
    private static Answer read(InputStream in) throws IOException {
        while (true) {
            String status = line(in);
            if (!status.matches("HTTP/1\\.[01] \\d{3}( .*)?")) {
                throw new IOException("the answer is not HTTP/1.1");
            }
            int code = Integer.parseInt(status.substring(9, 12));
            Map<String, String> fields = fields(in);
            if (code >= 200) {
                boolean empty = code == 204 || code == 304;
                return new Answer(code, empty ? new byte[0] : excerpt(in, fields));
            }
        }
    }

    /** The header fields that frame the body, by lower-case name. */
    private static Map<String, String> fields(InputStream in) throws IOException {
        Map<String, String> fields = new HashMap<>();
        for (int i = 0; i < MAX_HEAD_LINES; i++) {
            String line = line(in);
            if (line.isEmpty()) {
                return fields;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        line.substring(colon + 1).trim());
            }
        }
        throw new IOException("the answer's head is too long");
    }

    /** Up to {@link #EXCERPT_BYTES} of the body, as framed by Content-Length or chunked; what came before a timeout. */
    private static byte[] excerpt(InputStream in, Map<String, String> fields) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try {
            if (fields.getOrDefault("transfer-encoding", "").toLowerCase(Locale.ROOT).endsWith("chunked")) {
                for (long size = chunkSize(line(in)); size > 0 && got.size() < EXCERPT_BYTES; size = chunkSize(line(in))) {
                    long wanted = Math.min(size, EXCERPT_BYTES - got.size());
                    copy(in, got, wanted);
                    if (wanted < size) {
                        break;
                    }
                    line(in);
                }
            } else {
                String length = fields.get("content-length");
                copy(in, got, length != null && length.matches("\\d{1,18}")
                        ? Math.min(Long.parseLong(length), EXCERPT_BYTES) : EXCERPT_BYTES);
            }
        } catch (SocketTimeoutException e) {
            // The status is what counts; a body that trickles is kept as far as it came.
        }
        return got.toByteArray();
    }

    private static long chunkSize(String line) throws IOException {
        String hex = line.split(";", 2)[0].trim();
        if (!hex.matches("[0-9A-Fa-f]{1,15}")) {
            throw new IOException("malformed chunk size");
        }
        return Long.parseLong(hex, 16);
    }

    /** Copies up to {@code n} bytes, fewer when the body ends first. */
    private static void copy(InputStream in, ByteArrayOutputStream out, long n) throws IOException {
        byte[] buffer = new byte[(int) Math.min(n, EXCERPT_BYTES)];
        for (long left = n; left > 0; ) {
            int read = in.read(buffer, 0, (int) Math.min(left, buffer.length));
            if (read < 0) {
                return;
            }
            out.write(buffer, 0, read);
            left -= read;
        }
    }

    /** One line of the head without its CRLF (a bare LF is accepted, RFC 9112 section 2.2). */
    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the receiver closed the connection before its answer was complete");
            }
            if (line.length() == MAX_LINE) {
                throw new IOException("a line of the answer's head is too long");
            }
            line.append((char) c);
        }
        int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
        return line.substring(0, end);
    }

    private static int remainingMillis(long deadline) throws SocketTimeoutException {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        return (int) Math.min(left, Integer.MAX_VALUE);
    }

    /** The socket's input, each read given only the time left before the deadline. */
    private static final class Deadline extends FilterInputStream {
        private final Socket socket;
        private final long deadline;

        Deadline(Socket socket, long deadline) throws IOException {
            super(socket.getInputStream());
            this.socket = socket;
            this.deadline = deadline;
        }

        @Override
        public int read() throws IOException {
            socket.setSoTimeout(remainingMillis(deadline));
            return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            socket.setSoTimeout(remainingMillis(deadline));
            return super.read(b, off, len);
        }
    }
}
