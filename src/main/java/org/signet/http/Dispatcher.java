package org.signet.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.signet.crypto.Tokens;
import org.signet.error.Refusal;
import org.signet.files.DiskSpace;
import org.signet.http.front.PeerField;

/**
 * Every request passes here: request id, client address, the checks in their order
 * (per-IP limit, credentials, per-key limit, permission, route), the handler, error mapping,
 * the request figures and one access-log line. The only class that writes to an {@link HttpExchange}.
 */
public final class Dispatcher implements HttpHandler {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Duration HOUR = Duration.ofHours(1);

    private final String restBase;
    private final Router rest;
    private final Router site;
    private final Authenticator authenticator;
    private final RateLimiter limiter;
    private final ClientIp clientIp;
    private final int ipPerMinute;
    private final Https https;
    private final AccessLog accessLog = new AccessLog();
    private final InFlight inFlight = new InFlight();
    private final RequestMetrics metrics;
    private final IdempotentPosts idempotent;
    private final DiskSpace disk;

    /** Where requests go: the REST interface's routes under {@code restBase}, the site's everywhere else. */
    record Routes(String restBase, Router rest, Router site) {}

    /**
     * What a request is checked with before its handler runs: who the client is, how many requests an
     * address may make a minute, the limiter that counts them (and each key's), and the credentials.
     */
    record Checks(ClientIp clientIp, int ipPerMinute, RateLimiter limiter, Authenticator authenticator) {}

    Dispatcher(Routes routes, Checks checks, Https https, RequestMetrics metrics, IdempotentPosts idempotent,
            DiskSpace disk) {
        this.restBase = routes.restBase();
        this.rest = routes.rest();
        this.site = routes.site();
        this.authenticator = checks.authenticator();
        this.limiter = checks.limiter();
        this.clientIp = checks.clientIp();
        this.ipPerMinute = checks.ipPerMinute();
        this.https = https;
        this.metrics = metrics;
        this.idempotent = idempotent;
        this.disk = disk;
    }

    @Override
    public void handle(HttpExchange exchange) {
        long started = System.nanoTime();
        String requestId = Tokens.requestId();
        Request request = null;
        Response response;
        inFlight.enter();
        try (exchange) {
            UnreadBody body = UnreadBody.watch(exchange);
            String peer = exchange.getRequestHeaders().getFirst(PeerField.NAME);
            try {
                request = newRequest(exchange, requestId);
                Optional<Response> plain = https.plainPortAnswer(peer, request.path(), exchange.getRequestURI());
                response = withLimitHeaders(plain.isPresent() ? plain.get() : route(request), request);
            } catch (Refusal e) {
                response = withLimitHeaders(refused(request, e), request);
            } catch (Exception | Error e) {
                // Even an Error (out of memory, stack overflow) gets its answer, and the worker lives on; a
                // write that found the disk full is no fault of Signet's and says so (docs/api/errors.md).
                response = DiskSpace.exhausted(e) ? withLimitHeaders(refused(request, diskFull(requestId)), request)
                        : failed(request, e, requestId);
            }
            response.header("X-Request-Id", requestId).header("X-Content-Type-Options", "nosniff");
            https.mark(response, peer);
            if (body.leftUnread()) {
                response.header("Connection", "close");
            }
            write(exchange, response);
            metrics.record(exchange.getRequestMethod(), request == null ? null : request.routeOrNull(), response.status(),
                    System.nanoTime() - started);
            accessLog.record(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(), response.status(),
                    started, request, requestId);
        } finally {
            inFlight.exit();
        }
    }

    /** A refusal as the envelope, or as a page where the site's part the path is in has error pages. */
    private Response refused(Request request, Refusal e) {
        Optional<ErrorPages> pages = pagesFor(request);
        if (pages.isPresent()) {
            try {
                return Errors.withRetryAfter(pages.get().refused(request, e), e);
            } catch (RuntimeException pageFailed) {
                return failed(request, pageFailed, request.requestId());
            }
        }
        return Errors.toResponse(e);
    }

    /**
     * The unexpected, logged, then answered as the envelope, or as a page where there are error pages; a page
     * that fails itself (the database it reads may be what failed) leaves the envelope.
     */
    private Response failed(Request request, Throwable e, String requestId) {
        Response envelope = Errors.internal(e, requestId);
        Optional<ErrorPages> pages = e instanceof Exception ? pagesFor(request) : Optional.empty();
        try {
            return pages.map(p -> p.failed(request)).orElse(envelope);
        } catch (RuntimeException pageFailed) {
            return envelope;
        }
    }

    /** The site's error pages for the request's path; none under the REST base, which answers programs. */
    private Optional<ErrorPages> pagesFor(Request request) {
        if (request == null || belowBase(restBase, request.path()) != null) {
            return Optional.empty();
        }
        return site.errorPagesFor(request.path());
    }

    /** Waits until no request is being handled, or the deadline passes; true when none is. */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        return inFlight.awaitZero(timeout);
    }

    private Request newRequest(HttpExchange exchange, String requestId) {
        String peerField = exchange.getRequestHeaders().getFirst(PeerField.NAME);
        String ip = clientIp.resolve(exchange.getRemoteAddress(), peerField,
                exchange.getRequestHeaders().getFirst("X-Forwarded-For"));
        URI target = exchange.getRequestURI();
        return new Request(exchange, pathOf(target), Query.parse(target.getRawQuery()), ip,
                () -> clientIp.onThisHost(exchange.getRemoteAddress(), peerField, exchange.getRequestHeaders()), requestId);
    }

    /** The decoded path of a request target; the JDK server has answered a target that is no URI itself. */
    static String pathOf(URI target) {
        return Optional.ofNullable(target.getPath()).orElse("/");
    }

    /** The path below the REST base, or null when the path is the site's. */
    static String belowBase(String restBase, String path) {
        return path.equals(restBase) || path.startsWith(restBase + "/") ? path.substring(restBase.length()) : null;
    }

    private Refusal diskFull(String requestId) {
        disk.reportFull("request " + requestId + " found the disk full");
        return Refusal.insufficientStorage(DiskSpace.RETRY_AFTER_SECONDS);
    }

    private Response route(Request request) throws Exception {
        String path = request.path();
        String restPath = belowBase(restBase, path);
        boolean underRest = restPath != null;
        Optional<Router.Match> open = site.match(request.method(), path);
        if (underRest && open.isEmpty()) {
            return routeRest(request, restPath);
        }
        // A site route under the REST base (the OpenAPI description, verifying a file) is public, but counts
        // per IP like all of it; so does the verify page, which checks an upload as the REST route does, and the
        // sign-in with a passkey, each of whose challenges is a row in the database until it expires; and a
        // public link, each of whose visits mails a code.
        if (underRest || path.startsWith("/sign/") || path.startsWith("/p/") || path.equals("/verify") || path.startsWith("/admin/login/passkey")) {
            limitIp(request);
        }
        Router.Match match = open.orElseThrow(Refusal::noRoute);
        request.matched(match, "");
        return match.handler().handle(request);
    }

    private Response routeRest(Request request, String path) throws Exception {
        // Matched first only to name the route in the request figures (a refused key's request too);
        // the checks keep their order, and no route is still answered after them.
        Optional<Router.Match> match = rest.match(request.method(), path);
        match.ifPresent(m -> request.matched(m, restBase));
        limitIp(request);
        Caller caller = authenticated(request);
        RateLimiter.Decision d = limiter.acquire("key:" + caller.keyId(), caller.rateLimit(), HOUR);
        // Every answer to an authenticated request, a refusal too, says where its key stands.
        request.setRateLimit(d);
        if (!d.allowed()) {
            throw tooManyRequests(d);
        }
        request.setFurtherUses(more -> {
            RateLimiter.Decision all = limiter.acquireAll("key:" + caller.keyId(), caller.rateLimit(), HOUR, more);
            request.setRateLimit(all);
            if (!all.allowed()) {
                throw tooManyAtOnce(all, more);
            }
        });
        request.setCaller(caller);
        if (caller.readOnly() && !request.method().equals("GET") && !request.method().equals("HEAD")) {
            throw Refusal.readOnlyKey();
        }
        Handler handler = match.orElseThrow(Refusal::noRoute).handler();
        if (request.method().equals("DELETE")) {
            request.refuseBody();
        }
        return idempotent.handle(request, caller, handler);
    }

    /** The caller the request's key and secret name; one 401 for any failure, so keys cannot be probed. */
    private Caller authenticated(Request request) {
        String key = request.header("X-WPS-API-Key");
        String secret = request.header("X-WPS-API-Secret");
        if (key == null || secret == null || key.length() > 100 || secret.length() > 100) {
            throw Refusal.unauthorized();
        }
        return authenticator.caller(key, secret).orElseThrow(Refusal::unauthorized);
    }

    private void limitIp(Request request) {
        RateLimiter.Decision d = limiter.acquire("ip:" + request.clientIp(), ipPerMinute, MINUTE);
        if (!d.allowed()) {
            request.setRateLimit(d);
            throw tooManyRequests(d);
        }
    }

    private static Refusal tooManyRequests(RateLimiter.Decision d) {
        return Refusal.tooMany("rate_limit_exceeded", "Rate limit exceeded; retry after " + d.retryAfterSeconds()
                + " seconds.", d.retryAfterSeconds());
    }

    /** Whether waiting helps or not, the refusal says how many the request needed and how many were left. */
    private static Refusal tooManyAtOnce(RateLimiter.Decision d, int more) {
        return Refusal.tooMany("rate_limit_exceeded", "Rate limit exceeded: this request counts as " + (more + 1)
                + " of the key's " + d.limit() + " requests an hour, and " + (d.remaining() + 1) + " were left; retry"
                + " after " + d.retryAfterSeconds() + " seconds, or ask for less at once.", d.retryAfterSeconds());
    }

    /** The rate-limit headers of the limit the request was counted against, when it names one. */
    private static Response withLimitHeaders(Response r, Request request) {
        RateLimiter.Decision d = request == null ? null : request.rateLimitOrNull();
        if (d == null) {
            return r;
        }
        return r.header("X-RateLimit-Limit", String.valueOf(d.limit()))
                .header("X-RateLimit-Remaining", String.valueOf(d.remaining()))
                .header("X-RateLimit-Reset", String.valueOf(d.resetEpochSeconds()));
    }

    private static void write(HttpExchange exchange, Response response) {
        try {
            response.headers().forEach((k, v) -> exchange.getResponseHeaders().put(k, v));
            long length = response.length();
            boolean noBody = length == 0 || exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(response.status(), noBody ? -1 : length < 0 ? 0 : length);
            if (!noBody) {
                try (OutputStream out = exchange.getResponseBody()) {
                    response.body().writeTo(out);
                }
            }
        } catch (IOException e) {
            // The client went away mid-response; nothing can be told to it.
        }
    }
}
