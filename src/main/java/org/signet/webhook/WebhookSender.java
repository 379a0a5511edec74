package org.signet.webhook;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import javax.net.ssl.SSLSocketFactory;
import org.signet.domain.WebhookDelivery;

/**
 * Makes one delivery attempt: the URL checked again by the guard, its host looked up once and
 * the POST sent with the signature headers to an address that check passed ({@link DirectPost}),
 * within 10 s for the whole exchange, redirects not followed, no proxy. A 2xx is success; anything
 * else, or no answer, is a failed attempt. The receiver's answer is kept to at most 1 KB.
 */
public final class WebhookSender {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final WebhookUrls guard;
    private final DirectPost post;
    private final String userAgent;
    private final Clock clock;

    public WebhookSender(WebhookUrls guard, String version, Clock clock) {
        this(guard, version, clock, () -> (SSLSocketFactory) SSLSocketFactory.getDefault());
    }

    /** With the TLS sockets made by {@code tls}, e.g. trusting a test's own certificate. */
    WebhookSender(WebhookUrls guard, String version, Clock clock, Supplier<SSLSocketFactory> tls) {
        this.guard = guard;
        this.post = new DirectPost(tls);
        this.userAgent = "Signet-Webhooks/" + version;
        this.clock = clock;
    }

    public WebhookDelivery.Attempt send(String url, WebhookRequest r) {
        long at = clock.millis() / 1000;
        long started = System.nanoTime();
        WebhookUrls.Target target;
        try {
            target = guard.target(url);
        } catch (WebhookUrls.Refused e) {
            return new WebhookDelivery.Attempt(at, null, 0, "Not sent: " + e.getMessage(), null);
        }
        try {
            DirectPost.Answer answer = post.send(target, headers(r, at), r.body(), TIMEOUT);
            int status = answer.status();
            String error = status / 100 == 2 ? null : "The receiver answered " + status + ".";
            return new WebhookDelivery.Attempt(at, status, millisSince(started), error, text(answer.excerpt()));
        } catch (SocketTimeoutException e) {
            return failed(at, started, "No answer within " + TIMEOUT.toSeconds() + " s.");
        } catch (IOException | IllegalArgumentException e) {
            return failed(at, started, "Could not deliver: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
    }

    private Map<String, String> headers(WebhookRequest r, long at) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        h.put("User-Agent", userAgent);
        h.put("X-WPS-Signature", r.signature());
        h.put("X-WPS-Event", r.event());
        h.put("X-WPS-Delivery", r.deliveryId());
        h.put("X-WPS-Timestamp", Long.toString(at));
        return h;
    }

    private static WebhookDelivery.Attempt failed(long at, long started, String error) {
        return new WebhookDelivery.Attempt(at, null, millisSince(started), error, null);
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** The excerpt as text; a cut can split a multi-byte character, and the replacement it leaves goes. */
    private static String text(byte[] excerpt) {
        String text = new String(excerpt, StandardCharsets.UTF_8);
        return text.endsWith("\uFFFD") ? text.substring(0, text.length() - 1) : text;
    }
}
