package org.signet.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.IdempotentAnswer;
import org.signet.domain.IdempotentRequest;
import org.signet.error.Refusal;

/**
 * Runs a POST sent with an {@code Idempotency-Key} at most once per API key: the key is claimed before
 * the handler runs, the body is fingerprinted as the handler reads it, and the answer is kept so that
 * a retry of the same request gets it again with {@code Idempotent-Replayed: true}. Only the answers of
 * requests that ran are kept, those below 400: a refusal (4xx) changes nothing, so a retry under the
 * same key simply runs, and gets past the refusal once what caused it is put right (a body made smaller
 * after a 413, a field added after a 400); an answer of 500 and above asks for a retry to run again.
 * Keeping only these also keeps a client that is refused again and again from filling the database.
 */
final class IdempotentPosts {
    static final String HEADER = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";
    private static final int MAX_KEY = 255;
    /** Answers are JSON and small; one larger than this is given but not kept. */
    static final int MAX_KEPT_BYTES = 1 << 20;
    /** What a handler may leave of a body and still have its request remembered (an ignored small body). */
    private static final long MAX_LEFT_UNREAD = 64 * 1024;
    private static final Logger LOG = Logger.getLogger("signet.http");

    private final IdempotencyLedger keys;

    IdempotentPosts(IdempotencyLedger keys) {
        this.keys = keys;
    }

    /** Answers {@code request} through {@code handler}, once per idempotency key when the request has one. */
    Response handle(Request request, Caller caller, Handler handler) throws Exception {
        List<String> sent = request.exchange().getRequestHeaders().get(HEADER);
        if (sent == null || !request.method().equals("POST")) {
            return handler.handle(request);
        }
        String key = checked(sent);
        String target = target(request.exchange().getRequestURI());
        Optional<IdempotentRequest> held = keys.claim(caller.keyId(), key, request.method(), target);
        if (held.isPresent()) {
            return answerHeld(request, target, held.get());
        }
        return runClaimed(request, caller.keyId(), key, handler);
    }

    /** 1 to 255 visible ASCII characters, sent once. */
    private static String checked(List<String> sent) {
        String key = sent.get(0);
        boolean visible = key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e);
        if (sent.size() != 1 || key.isEmpty() || key.length() > MAX_KEY || !visible) {
            throw Refusal.invalidParam(HEADER, "Idempotency-Key must be sent once, as 1 to " + MAX_KEY
                    + " visible ASCII characters.");
        }
        return key;
    }

    /** The path and query as sent: a request to another target is another request. */
    private static String target(URI uri) {
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    private Response answerHeld(Request request, String target, IdempotentRequest held) {
        if (!held.done()) {
            throw Refusal.conflict("idempotency_in_progress",
                    "A request with this Idempotency-Key is still running; retry once it has finished.");
        }
        if (!held.method().equals(request.method()) || !held.target().equals(target) || !sameBody(request, held)) {
            throw new Refusal(Refusal.Kind.UNPROCESSABLE, "idempotency_key_reused",
                    "This Idempotency-Key was used for a different request in the last 24 hours; use a new key.", Map.of());
        }
        return Response.bytes(held.status(), held.contentType(), held.body()).header(REPLAYED, "true");
    }

    /**
     * Reads the retry's body as far as the first one's length and a little more, so that a slightly
     * longer body is read to its end (and the connection kept) while a far longer one is not read at all.
     */
    private static boolean sameBody(Request request, IdempotentRequest held) {
        Optional<FingerprintedBody.Fingerprint> body = FingerprintedBody.over(request.exchange())
                .finish(held.bodyLength() + MAX_LEFT_UNREAD);
        return body.isPresent() && body.get().sha256().equals(held.bodySha256());
    }

    private Response runClaimed(Request request, long keyId, String key, Handler handler) throws Exception {
        FingerprintedBody body = FingerprintedBody.over(request.exchange());
        Response response;
        try {
            response = answer(request, handler);
        } catch (Exception | Error e) {
            keys.forget(keyId, key);
            throw e;
        }
        return remember(keyId, key, response, body);
    }

    private static Response answer(Request request, Handler handler) throws Exception {
        try {
            return handler.handle(request);
        } catch (Refusal e) {
            // Answered here rather than by the dispatcher, so that the key is let go like any other unkept answer.
            return Errors.toResponse(e);
        }
    }

    /**
     * Keeps the answer for retries, or lets the key go when the answer is not to be kept, when it is
     * too large to keep, or when the body's fingerprint could not be taken (more of it was left unread
     * than a handler ignores). A refusal leaves the rest of its body unread, as without a key.
     */
    private Response remember(long keyId, String key, Response response, FingerprintedBody body) throws IOException {
        Optional<byte[]> bytes = keptBytes(response);
        Optional<FingerprintedBody.Fingerprint> fingerprint = bytes.isEmpty() ? Optional.empty()
                : body.finish(MAX_LEFT_UNREAD);
        if (fingerprint.isEmpty()) {
            keys.forget(keyId, key);
            return response;
        }
        String contentType = response.headers().get("Content-Type").get(0);
        Response kept = Response.bytes(response.status(), null, bytes.get());
        response.headers().forEach((name, values) -> values.forEach(v -> kept.header(name, v)));
        try {
            keys.complete(keyId, key, new IdempotentAnswer(fingerprint.get().sha256(), fingerprint.get().length(),
                    response.status(), contentType, bytes.get()));
        } catch (RuntimeException e) {
            // The request has run; its answer still goes to the client, and a retry runs it again.
            LOG.log(Level.WARNING, "the answer to an idempotent request could not be kept", e);
            keys.forget(keyId, key);
        }
        return kept;
    }

    /** The answer's body when it is one to keep: below 400, JSON of a known, small length. */
    private static Optional<byte[]> keptBytes(Response response) throws IOException {
        List<String> type = response.headers().get("Content-Type");
        boolean kept = response.status() < 400 && type != null
                && type.get(0).startsWith("application/json") && response.length() >= 0
                && response.length() <= MAX_KEPT_BYTES;
        if (!kept) {
            return Optional.empty();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) response.length());
        response.body().writeTo(out);
        return Optional.of(out.toByteArray());
    }
}
