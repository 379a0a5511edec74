package org.signet.bench;

import java.util.Objects;

/** An API key and its secret, as the bench made them for an account of its own. */
record Credentials(String key, String secret) {
    Credentials {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(secret, "secret");
    }
}
