package org.signet.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import org.signet.domain.WebhookDelivery;

/**
 * Makes one delivery attempt over HTTP (S10): POST with the signature headers, 10 s to connect and
 * 10 s to answer, redirects not followed, no proxy (a proxy would connect where the guard never looked).
 * A 2xx is success; anything else, or no answer, is a failed attempt. The receiver's answer is kept
 * to at most 1 KB.
 */
public final class WebhookSender {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int EXCERPT_BYTES = 1024;

    private volatile HttpClient client;
    private final WebhookUrls guard;
    private final String userAgent;
    private final Clock clock;

    public WebhookSender(WebhookUrls guard, String version, Clock clock) {
        this.guard = guard;
        this.userAgent = "Signet-Webhooks/" + version;
        this.clock = clock;
    }

    /**
     * Made at the first delivery, not at start: a client sets up TLS and reads the trust store,
     * which took a third of Signet's start-up, and many sites never register a webhook.
     */
    private HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (this) {
                if (client == null) {
                    client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
                            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(TIMEOUT).build();
                }
                c = client;
            }
        }
        return c;
    }

    public WebhookDelivery.Attempt send(String url, WebhookRequest r) {
        long at = clock.millis() / 1000;
        long started = System.nanoTime();
        String refused = guard.refusal(url).orElse(null);
        if (refused != null) {
            return new WebhookDelivery.Attempt(at, null, 0, "Not sent: " + refused, null);
        }
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .header("User-Agent", userAgent)
                    .header("X-WPS-Signature", r.signature())
                    .header("X-WPS-Event", r.event())
                    .header("X-WPS-Delivery", r.deliveryId())
                    .header("X-WPS-Timestamp", Long.toString(at))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(r.body())).build();
            HttpResponse<InputStream> response = client().send(request, HttpResponse.BodyHandlers.ofInputStream());
            String excerpt = excerpt(response.body());
            int status = response.statusCode();
            String error = status / 100 == 2 ? null : "The receiver answered " + status + ".";
            return new WebhookDelivery.Attempt(at, status, millisSince(started), error, excerpt);
        } catch (HttpTimeoutException e) {
            return failed(at, started, "No answer within " + TIMEOUT.toSeconds() + " s.");
        } catch (IOException | IllegalArgumentException e) {
            return failed(at, started, "Could not deliver: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(at, started, "Interrupted while delivering.");
        }
    }

    private static WebhookDelivery.Attempt failed(long at, long started, String error) {
        return new WebhookDelivery.Attempt(at, null, millisSince(started), error, null);
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** At most 1 KB of the answer, as text; the rest is not read. */
    private static String excerpt(InputStream body) throws IOException {
        try (body) {
            byte[] bytes = body.readNBytes(EXCERPT_BYTES);
            String text = new String(bytes, StandardCharsets.UTF_8);
            // A cut can split a multi-byte character; drop the replacement it leaves at the end.
            return text.endsWith("\uFFFD") ? text.substring(0, text.length() - 1) : text;
        }
    }
}
