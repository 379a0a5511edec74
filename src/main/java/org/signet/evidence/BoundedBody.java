package org.signet.evidence;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** A response body collected into memory up to a limit; one byte more cancels the exchange. */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
    private final int maxBytes;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    BoundedBody(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) {
            return; // cancelled for its size: what was still in flight is dropped
        }
        for (ByteBuffer b : buffers) {
            if (body.size() + b.remaining() > maxBytes) {
                subscription.cancel();
                result.completeExceptionally(new IOException("the answer is larger than " + maxBytes + " bytes"));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            body.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(body.toByteArray());
    }
}
