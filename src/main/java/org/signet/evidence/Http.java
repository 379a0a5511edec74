package org.signet.evidence;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one way Signet asks time-stamp authorities, OCSP responders and CRL and certificate
 * addresses for something: http or https only, every exchange bounded in time as a whole (head
 * and body) and in size, a {@code user:password@} in the address sent as HTTP Basic and never
 * repeated in an error.
 */
public final class Http {
    /** How long one exchange may take from connecting to the last byte. */
    public static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final HttpClient client;
    private final Duration timeout;

    public Http(HttpClient client, Duration timeout) {
        this.client = Objects.requireNonNull(client, "client");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** A client for the open internet: its own connect timeout, redirects followed only to https or like for like. */
    public static Http standard() {
        return new Http(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NORMAL).build(), TIMEOUT);
    }

    /** POSTs {@code body} and answers the response body, which must be 200 and at most {@code maxBytes}. */
    public byte[] post(URI uri, String contentType, byte[] body, int maxBytes) throws IOException {
        HttpRequest.Builder b = request(uri).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return exchange(uri, b.build(), maxBytes);
    }

    /** GETs {@code uri}; the answer must be 200 and at most {@code maxBytes}. */
    public byte[] get(URI uri, int maxBytes) throws IOException {
        return exchange(uri, request(uri).GET().build(), maxBytes);
    }

    /** The address as it may be logged and shown: without its user information. */
    public static String redacted(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri.toString();
        }
        return withoutUserInfo(uri).toString();
    }

    private HttpRequest.Builder request(URI uri) throws IOException {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IOException("not an http(s) address: " + redacted(uri));
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(withoutUserInfo(uri)).timeout(timeout);
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            String decoded = URLDecoder.decode(userInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
            b.header("Authorization", "Basic "
                    + Base64.getEncoder().encodeToString(decoded.getBytes(StandardCharsets.UTF_8)));
        }
        return b;
    }

    private byte[] exchange(URI uri, HttpRequest request, int maxBytes) throws IOException {
        CompletableFuture<HttpResponse<byte[]>> future =
                client.sendAsync(request, info -> new BoundedBody(maxBytes));
        try {
            HttpResponse<byte[]> response = future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (response.statusCode() != 200) {
                throw new IOException(redacted(uri) + " answered HTTP " + response.statusCode());
            }
            return response.body();
        } catch (TimeoutException e) {
            future.cancel(true);
            throw notInTime(uri, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException)) {
                // The client's own timer on the same timeout can fire before this wait's on a busy machine.
                throw notInTime(uri, cause);
            }
            throw new IOException(redacted(uri) + " could not be reached: " + describe(cause), cause);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + redacted(uri), e);
        }
    }

    private IOException notInTime(URI uri, Throwable cause) {
        return new IOException(redacted(uri) + " did not answer within " + timeout.toSeconds() + " s", cause);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static URI withoutUserInfo(URI uri) {
        try {
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getRawPath().isEmpty() ? null
                    : uri.getPath(), uri.getQuery(), null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a usable address", e);
        }
    }
}
