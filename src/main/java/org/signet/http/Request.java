package org.signet.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;
import org.signet.error.Refusal;

/** A request value: what a handler may read, without access to the connection itself. */
public final class Request {
    /** A path id: digits that fit a long. Compiled once: every routed request asks. */
    private static final Pattern ID = Pattern.compile("\\d{1,18}");
    /** JSON bodies are small; anything larger is refused instead of read. */
    static final int MAX_JSON_BYTES = 1 << 20;

    private final HttpExchange exchange;
    private final String path;
    private final Query query;
    private final String clientIp;
    private final BooleanSupplier fromThisHost;
    private final String requestId;
    private Map<String, String> pathParams = Map.of();
    private String route;
    private Caller caller;
    private RateLimiter.Decision rateLimit;
    private IntConsumer furtherUses;

    Request(HttpExchange exchange, String path, Query query, String clientIp, BooleanSupplier fromThisHost,
            String requestId) {
        this.exchange = exchange;
        this.path = path;
        this.query = query;
        this.clientIp = clientIp;
        this.fromThisHost = fromThisHost;
        this.requestId = requestId;
    }

    public String method() {
        return exchange.getRequestMethod();
    }

    public String path() {
        return path;
    }

    public String clientIp() {
        return clientIp;
    }

    /**
     * Whether the client is a process on this host, through no proxy or through a trusted one that
     * forwards only such a client; decided when asked, as few requests ask.
     */
    public boolean fromThisHost() {
        return fromThisHost.getAsBoolean();
    }

    public String requestId() {
        return requestId;
    }

    public String userAgent() {
        return Optional.ofNullable(header("User-Agent")).orElse("");
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }

    /** The value of the cookie {@code name} in the Cookie header (RFC 6265 section 5.4), or null. */
    public String cookie(String name) {
        String header = header("Cookie");
        if (header == null) {
            return null;
        }
        for (String part : header.split(";")) {
            String p = part.trim();
            if (p.startsWith(name + "=")) {
                return p.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** The query string's parameters, read as named parameters. */
    public Query query() {
        return query;
    }

    /** The first value of the query parameter {@code name} as sent, unchecked. */
    public Optional<String> query(String name) {
        return query.value(name);
    }

    public String pathParam(String name) {
        String v = pathParams.get(name);
        if (v == null) {
            throw new IllegalStateException("route has no parameter " + name);
        }
        return v;
    }

    /** A numeric id segment; anything else matches no route, like WordPress's {@code \d+} patterns. */
    public long pathId(String name) {
        String v = pathParam(name);
        if (!ID.matcher(v).matches()) {
            throw Refusal.noRoute();
        }
        return Long.parseLong(v);
    }

    public Caller caller() {
        if (caller == null) {
            throw new IllegalStateException("route is not authenticated");
        }
        return caller;
    }

    public InputStream bodyStream() {
        return exchange.getRequestBody();
    }

    /** The JSON object body; an empty body is an empty object. */
    public Body json() {
        return json(MAX_JSON_BYTES);
    }

    /**
     * Reads the body of an operation that takes no parameters: none is needed, and one sent anyway (many
     * clients send {} with every POST) is held to the rules of any JSON body rather than ignored unread,
     * a key in it included.
     */
    public void emptyJson() {
        json().refuseUnknown(Keys.NONE);
    }

    /**
     * The JSON object body, for the few endpoints whose bodies may exceed the usual 1 MiB. A body must
     * say it is JSON; an empty one, as a body-less request sends, needs no Content-Type.
     */
    public Body json(int maxBytes) {
        return Body.fromJson(readBody(maxBytes));
    }

    /**
     * 415 for a request that carries a body where its method takes none, whatever the body's type, {@code {}}
     * included: a DELETE's body has no meaning (RFC 9110 section 9.3.5), so one sent is a client's mistake that
     * must not pass as if it had been read (docs/api/conventions.md, Request bodies).
     */
    public void refuseBody() {
        try {
            if (bodyStream().read() < 0) {
                return;
            }
        } catch (IOException e) {
            throw Refusal.invalidJson("the body could not be read completely");
        }
        throw Refusal.bodyNotTaken(method());
    }

    /**
     * 415 unless the Content-Type is {@code application/json}, with any parameters (RFC 8259 section 11
     * defines none, so a charset changes nothing: JSON is read as UTF-8). Compared as RFC 9110 section
     * 8.3.1 says: type and subtype without regard to case.
     */
    public void requireJsonType() {
        String type = Optional.ofNullable(header("Content-Type")).orElse("");
        int semicolon = type.indexOf(';');
        String media = (semicolon < 0 ? type : type.substring(0, semicolon)).strip();
        if (!media.equalsIgnoreCase("application/json")) {
            throw Refusal.unsupportedMediaType("application/json");
        }
    }

    private byte[] readBody(int maxBytes) {
        try (InputStream in = bodyStream()) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > 0) {
                requireJsonType();
            }
            if (bytes.length > maxBytes) {
                throw Refusal.bodyTooLarge(maxBytes);
            }
            return bytes;
        } catch (IOException e) {
            throw Refusal.invalidJson("the body could not be read completely");
        }
    }

    /** Takes the matched route's parameters, and its pattern below {@code base} as the request's route. */
    void matched(Router.Match match, String base) {
        this.pathParams = Map.copyOf(match.params());
        this.route = base + match.pattern();
    }

    /** The pattern of the matched route ({@code /wp-json/wpsigner/v1/documents/{id}}); null before or without one. */
    String routeOrNull() {
        return route;
    }

    /** The caller when the request was authenticated, else null (public routes, refusals before that). */
    Caller callerOrNull() {
        return caller;
    }

    void setCaller(Caller caller) {
        this.caller = caller;
    }

    /** The rate limit the request was counted against, for its answer's headers; null when none is shown. */
    RateLimiter.Decision rateLimitOrNull() {
        return rateLimit;
    }

    void setRateLimit(RateLimiter.Decision rateLimit) {
        this.rateLimit = rateLimit;
    }

    /**
     * Counts {@code more} uses of the caller's key beside this request's own, all or none, before work
     * that does as much as that many requests would (a bulk send's rows); a 429 {@code rate_limit_exceeded}
     * when they do not all fit in the key's hour, and then nothing more is counted.
     */
    public void countFurtherUses(int more) {
        if (furtherUses == null) {
            throw new IllegalStateException("only a request made with a key counts against a key's limit");
        }
        if (more > 0) {
            furtherUses.accept(more);
        }
    }

    void setFurtherUses(IntConsumer furtherUses) {
        this.furtherUses = furtherUses;
    }

    HttpExchange exchange() {
        return exchange;
    }
}
