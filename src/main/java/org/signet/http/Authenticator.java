package org.signet.http;

import java.util.Optional;

/**
 * Turns an API key and its secret into the request's {@link Caller}; empty for every failure alike
 * (unknown, revoked or disabled key, wrong secret), which the dispatcher answers with one 401. The
 * wiring supplies it from the services, which the http core does not know.
 */
@FunctionalInterface
public interface Authenticator {
    Optional<Caller> caller(String key, String secret);
}
