package org.signet.api;

import java.util.Optional;
import org.signet.domain.ApiKey;
import org.signet.domain.IdempotentAnswer;
import org.signet.domain.IdempotentRequest;
import org.signet.http.Authenticator;
import org.signet.http.Caller;
import org.signet.http.IdempotencyLedger;
import org.signet.service.IdempotencyKeys;
import org.signet.service.KeyAuthentication;

/**
 * The two things the http core asks of the services, answered by them: who an API key's caller is,
 * and what an idempotency key holds. The http core declares the questions and never imports a service.
 */
public final class HttpBindings {
    private HttpBindings() {}

    /** Callers by API key and secret, through {@link KeyAuthentication}. */
    public static Authenticator authenticator(KeyAuthentication keys) {
        return (key, secret) -> keys.authenticate(key, secret).map(HttpBindings::caller);
    }

    private static Caller caller(KeyAuthentication.KeyHolder h) {
        ApiKey k = h.key();
        return new Caller(k.userId(), h.userName(), h.userEmail(), h.admin(), k.id(),
                k.permission() == ApiKey.Permission.READ, k.rateLimit(), k.teamId());
    }

    /** Idempotency keys claimed and answers kept through {@link IdempotencyKeys}. */
    public static IdempotencyLedger ledger(IdempotencyKeys keys) {
        return new IdempotencyLedger() {
            @Override
            public Optional<IdempotentRequest> claim(long keyId, String idempotencyKey, String method, String target) {
                return keys.claim(keyId, idempotencyKey, method, target);
            }

            @Override
            public void complete(long keyId, String idempotencyKey, IdempotentAnswer answer) {
                keys.complete(keyId, idempotencyKey, answer);
            }

            @Override
            public void forget(long keyId, String idempotencyKey) {
                keys.forget(keyId, idempotencyKey);
            }
        };
    }
}
