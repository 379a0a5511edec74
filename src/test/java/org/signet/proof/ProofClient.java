package org.signet.proof;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.signet.json.Json;
import org.signet.support.Multipart;
import org.signet.support.TestServer.Credentials;

/**
 * The REST interface and the signing links of one running Signet, reached over real HTTP with one
 * API key. A request that gets no answer throws {@link IOException}, which is how a client learns
 * that the server died under it.
 */
final class ProofClient {
    static final String USER_AGENT = "SignetProof/1.0";

    private final HttpClient http;
    private final String site;
    private final Credentials key;

    ProofClient(HttpClient http, String siteUrl, Credentials key) {
        this.http = http;
        this.site = siteUrl;
        this.key = key;
    }

    /** A client whose connections are its own: a pooled connection to a killed server must not be reused. */
    static HttpClient newHttpClient() {
        return HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5)).build();
    }

    HttpResponse<String> get(String path) throws IOException {
        return send(rest(path).GET().build());
    }

    /** POSTs {@code body} (a Map or List) as JSON, or nothing when it is null. */
    HttpResponse<String> post(String path, Object body) throws IOException {
        HttpRequest.Builder b = rest(path);
        if (body == null) {
            b.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
        }
        return send(b.build());
    }

    /**
     * Asks for a document's seal. The answer waits for the seal itself, and after a restart every
     * completed document may be asking at once, each seal queued behind the others on a machine's
     * few cores: so this one request gets two minutes, not the thirty seconds of the others.
     */
    /** PUTs {@code body} (a Map) as JSON. */
    HttpResponse<String> put(String path, Object body) throws IOException {
        return send(rest(path).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(Json.write(body))).build());
    }

    HttpResponse<String> seal(String documentId) throws IOException {
        return send(rest("documents/" + documentId + "/seal").timeout(Duration.ofMinutes(2))
                .POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    HttpResponse<String> upload(String title, byte[] pdf) throws IOException {
        Multipart body = new Multipart().text("title", title).file("file", "contract.pdf", "application/pdf", pdf);
        return send(body.post(rest("documents/upload")).build());
    }

    /** The original file's bytes as stored, streamed rather than wrapped in JSON. */
    HttpResponse<byte[]> original(String documentId) throws IOException {
        HttpRequest r = rest("documents/" + documentId + "/file?version=original").header("Accept", "application/pdf")
                .GET().build();
        try {
            return http.send(r, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** POSTs to a signing link's JSON endpoint ({@code submit}, {@code decline}...), which takes no API key. */
    HttpResponse<String> link(String token, String endpoint, Map<String, Object> body) throws IOException {
        HttpRequest r = HttpRequest.newBuilder(URI.create(site + "/sign/" + token + "/" + endpoint))
                .timeout(Duration.ofSeconds(30)).header("User-Agent", USER_AGENT)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(body)))
                .build();
        return send(r);
    }

    private HttpRequest.Builder rest(String path) {
        return HttpRequest.newBuilder(URI.create(site + "/wp-json/wpsigner/v1/" + path)).timeout(Duration.ofSeconds(30))
                .header("X-WPS-API-Key", key.key()).header("X-WPS-API-Secret", key.secret())
                .header("User-Agent", USER_AGENT);
    }

    private HttpResponse<String> send(HttpRequest r) throws IOException {
        try {
            return http.send(r, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
