package org.signet.domain;

import java.util.Objects;

/**
 * A POST remembered under an idempotency key: what was asked (method, target and the SHA-256 and
 * length of its body) and, once it is done, the answer it got. While it runs, the body's fingerprint
 * and the answer are not known yet.
 */
public record IdempotentRequest(String method, String target, String bodySha256, long bodyLength, boolean done,
        int status, String contentType, byte[] body, long createdAt) {

    public IdempotentRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(target, "target");
        body = body == null ? null : body.clone();
    }

    @Override
    public byte[] body() {
        return body == null ? null : body.clone();
    }
}
