package org.signet.domain;

/** What is kept for a finished idempotent request: its body's fingerprint and the answer it got. */
public record IdempotentAnswer(String bodySha256, long bodyLength, int status, String contentType, byte[] body) {

    public IdempotentAnswer {
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }
}
