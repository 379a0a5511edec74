package org.signet.http;

import java.util.Optional;
import org.signet.domain.IdempotentAnswer;
import org.signet.domain.IdempotentRequest;

/**
 * Where {@link IdempotentPosts} claims an API key's idempotency keys and keeps their answers; the
 * wiring supplies it from the services, which the http core does not know.
 */
public interface IdempotencyLedger {
    /** Empty when the key is now this request's to run, else the request that holds it (running or done). */
    Optional<IdempotentRequest> claim(long keyId, String idempotencyKey, String method, String target);

    /** Keeps the answer of the request that claimed the key. */
    void complete(long keyId, String idempotencyKey, IdempotentAnswer answer);

    /** Lets the key go without an answer, so that a retry runs the request again. */
    void forget(long keyId, String idempotencyKey);
}
