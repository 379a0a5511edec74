package org.signet.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * Signet's REST interface and signing links over one kept-alive connection, with which the bench
 * makes its documents exactly as an integrating site does.
 */
final class SignetClient implements AutoCloseable {
    private final HttpConnection connection;
    private final String host;
    private final String restBase;
    private final Credentials key;

    SignetClient(InetSocketAddress server, String restBase, Credentials key) {
        this.connection = new HttpConnection(server, null);
        this.host = "127.0.0.1:" + server.getPort();
        this.restBase = restBase;
        this.key = key;
    }

    /** The bytes of an authenticated GET of {@code path} (below the REST base), ready to send again and again. */
    byte[] getRequest(String path) {
        return HttpConnection.request("GET", restBase + path, headers(true), new byte[0]);
    }

    /** The bytes of an authenticated POST of a JSON body. */
    byte[] postRequest(String path, Object json) {
        Map<String, String> h = headers(true);
        h.put("Content-Type", "application/json");
        return HttpConnection.request("POST", restBase + path, h, Json.write(json).getBytes(StandardCharsets.UTF_8));
    }

    Reply send(byte[] request) throws IOException {
        return connection.send(request);
    }

    Map<String, Object> get(String path) throws IOException {
        return object(send(getRequest(path)), "GET " + path);
    }

    Map<String, Object> post(String path, Object json) throws IOException {
        return object(send(postRequest(path, json)), "POST " + path);
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> postForList(String path, Object json) throws IOException {
        Reply r = expectOk(send(postRequest(path, json)), "POST " + path);
        return (List<Map<String, Object>>) parse(r, "POST " + path);
    }

    /** {@code POST /documents/upload} as multipart/form-data (RFC 7578): a title and the file. */
    Map<String, Object> upload(String filename, byte[] pdf, String title) throws IOException {
        return object(send(uploadRequest(filename, pdf, title)), "POST /documents/upload");
    }

    byte[] uploadRequest(String filename, byte[] pdf, String title) {
        String boundary = "signet-bench-" + System.nanoTime();
        ByteArrayOutputStream body = new ByteArrayOutputStream(pdf.length + 512);
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n" + title
                + "\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                + "\"\r\nContent-Type: application/pdf\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(pdf);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        Map<String, String> h = headers(true);
        h.put("Content-Type", "multipart/form-data; boundary=" + boundary);
        return HttpConnection.request("POST", restBase + "/documents/upload", h, body.toByteArray());
    }

    /** POSTs to one of a signing link's JSON endpoints (submit, decline...); the link needs no API key. */
    Map<String, Object> toLink(String signingUrl, String action, Object json) throws IOException {
        String path = URI.create(signingUrl).getRawPath() + "/" + action;
        Map<String, String> h = headers(false);
        h.put("Content-Type", "application/json");
        byte[] request = HttpConnection.request("POST", path, h, Json.write(json).getBytes(StandardCharsets.UTF_8));
        return object(send(request), "POST " + path);
    }

    private Map<String, String> headers(boolean withKey) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", host);
        h.put("User-Agent", "signet-bench");
        if (withKey) {
            h.put("X-WPS-API-Key", key.key());
            h.put("X-WPS-API-Secret", key.secret());
        }
        return h;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Reply r, String what) throws IOException {
        Object parsed = parse(expectOk(r, what), what);
        if (!(parsed instanceof Map<?, ?>)) {
            throw new IOException(what + " answered " + r.text() + ", not a JSON object");
        }
        return (Map<String, Object>) parsed;
    }

    static Reply expectOk(Reply r, String what) throws IOException {
        if (!r.ok()) {
            String text = r.text();
            throw new IOException(what + " answered " + r.status() + ": " + (text.length() > 300 ? text.substring(0, 300) : text));
        }
        return r;
    }

    private static Object parse(Reply r, String what) throws IOException {
        try {
            return Json.parse(r.text());
        } catch (JsonSyntaxException e) {
            throw new IOException(what + " answered something that is not JSON: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}
