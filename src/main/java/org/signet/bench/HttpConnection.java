package org.signet.bench;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One kept-alive HTTP/1.1 connection on a plain blocking socket with a small response reader (RFC
 * 9112), cheap per request so that the load generator costs far less than the server it measures.
 */
final class HttpConnection implements AutoCloseable {
    private static final int TIMEOUT_MS = 60_000;

    private final InetSocketAddress server;
    private final InetAddress local;
    private final byte[] buffer = new byte[16 * 1024];
    private int position;
    private int limit;
    /** Whether the current exchange has seen a status line; only before that is a request safe to send again. */
    private boolean answered;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    /** {@code local}, when not null, is the address this client speaks from (see {@link Loopback}). */
    HttpConnection(InetSocketAddress server, InetAddress local) {
        this.server = server;
        this.local = local;
    }

    /**
     * Sends one complete request and reads its response. A kept-alive connection the server has
     * closed meanwhile is opened again and the request sent once more, as browsers do when a reused
     * connection fails before any byte of the answer.
     */
    Reply send(byte[] request) throws IOException {
        boolean reused = socket != null;
        try {
            return exchange(request);
        } catch (IOException e) {
            if (!reused || answered) {
                throw e;
            }
            return exchange(request);
        }
    }

    private Reply exchange(byte[] request) throws IOException {
        answered = false;
        open();
        try {
            out.write(request);
            out.flush();
            return read();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void open() throws IOException {
        if (socket != null) {
            return;
        }
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(TIMEOUT_MS);
            if (local != null) {
                s.bind(new InetSocketAddress(local, 0));
            }
            s.connect(server, TIMEOUT_MS);
            in = s.getInputStream();
            out = s.getOutputStream();
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        position = 0;
        limit = 0;
    }

    private Reply read() throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            throw new EOFException("the server closed the connection before answering");
        }
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line: " + statusLine);
        }
        answered = true;
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = headers();
        byte[] body = body(headers);
        if ("close".equalsIgnoreCase(headers.get("connection"))) {
            close();
        }
        return new Reply(status, headers, body);
    }

    private Map<String, String> headers() throws IOException {
        Map<String, String> headers = new HashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
        }
        return headers;
    }

    private byte[] body(Map<String, String> headers) throws IOException {
        String length = headers.get("content-length");
        if (length != null) {
            return bytes(Integer.parseInt(length));
        }
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            return chunked();
        }
        return new byte[0]; // Signet and the baseline always frame their bodies; 204 and 304 have none
    }

    /** RFC 9112 section 7.1: hexadecimal sizes (extensions ignored), a zero chunk, optional trailers. */
    private byte[] chunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line();
            if (size == null) {
                throw new EOFException("the connection ended inside a chunked body");
            }
            int semicolon = size.indexOf(';');
            int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (n == 0) {
                headers(); // trailers, up to the empty line
                return body.toByteArray();
            }
            body.writeBytes(bytes(n));
            line();
        }
    }

    private byte[] bytes(int n) throws IOException {
        byte[] out = new byte[n];
        int done = 0;
        while (done < n) {
            if (position == limit && !fill()) {
                throw new EOFException("the connection ended " + (n - done) + " bytes before the body's end");
            }
            int take = Math.min(n - done, limit - position);
            System.arraycopy(buffer, position, out, done, take);
            position += take;
            done += take;
        }
        return out;
    }

    /** One line without its CRLF, or null at the end of the stream. */
    private String line() throws IOException {
        StringBuilder s = new StringBuilder(64);
        while (true) {
            if (position == limit && !fill()) {
                return s.length() == 0 ? null : s.toString();
            }
            byte b = buffer[position++];
            if (b == '\n') {
                int end = s.length() > 0 && s.charAt(s.length() - 1) == '\r' ? s.length() - 1 : s.length();
                return s.substring(0, end);
            }
            s.append((char) (b & 0xff));
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer);
        if (n <= 0) {
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a socket we no longer use; nothing to recover
            }
            socket = null;
        }
    }

    /** The request bytes of HTTP/1.1, built once and sent as often as needed. */
    static byte[] request(String method, String path, Map<String, String> headers, byte[] body) {
        StringBuilder head = new StringBuilder(256).append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        if (body.length > 0 || !method.equals("GET")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        byte[] h = head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
        byte[] all = Arrays.copyOf(h, h.length + body.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }
}
