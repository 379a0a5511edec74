package org.signet.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * The demo seeds its data through Signet's own REST interface, exactly as a client would, so
 * every demo start is also a check that the interface works end to end.
 */
final class DemoClient {
    private final HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String key;
    private final String secret;

    DemoClient(String base, String key, String secret) {
        this.base = base;
        this.key = key;
        this.secret = secret;
    }

    /** Uploads a file as multipart/form-data with a title; returns the new document's id. */
    String upload(String filename, byte[] content, String title) throws IOException {
        String boundary = "signet-demo-" + System.nanoTime();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n" + title
                + "\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                + filename + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        HttpRequest r = request("/documents/upload").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build();
        return (String) send(r).get("id");
    }

    Map<String, Object> post(String path, Object json) throws IOException {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(json))).build());
    }

    /** A signer's JSON endpoint: the signing URL is absolute and needs no API key. */
    Map<String, Object> sign(String signingUrl, String action, Object json) throws IOException {
        return send(HttpRequest.newBuilder(URI.create(signingUrl + "/" + action)).header("User-Agent", "Signet demo")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(json)))
                .build());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .header("X-WPS-API-Key", key).header("X-WPS-API-Secret", secret).header("User-Agent", "Signet demo");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> send(HttpRequest r) throws IOException {
        try {
            HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
            Object parsed = Json.parse(resp.body());
            if (resp.statusCode() >= 300) {
                throw new IOException(r.method() + " " + r.uri().getPath() + " answered " + resp.statusCode() + ": "
                        + resp.body());
            }
            return parsed instanceof Map<?, ?> ? (Map<String, Object>) parsed : Map.of("items", parsed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (JsonSyntaxException e) {
            throw new IOException("not JSON from " + r.uri().getPath(), e);
        }
    }
}
