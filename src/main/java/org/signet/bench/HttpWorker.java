package org.signet.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/** A load connection that sends whatever request comes next and counts a 2xx as success. */
final class HttpWorker implements Load.Worker {
    private final HttpConnection connection;
    private final Supplier<byte[]> next;

    HttpWorker(HttpConnection connection, Supplier<byte[]> next) {
        this.connection = connection;
        this.next = next;
    }

    /** Workers on connections from distinct loopback addresses, each sending what {@code requests} gives it. */
    static Load.Workers on(InetSocketAddress server, Loopback from, IntFunction<Supplier<byte[]>> requests) {
        return n -> new HttpWorker(new HttpConnection(server, from.forConnection(n)), requests.apply(n));
    }

    @Override
    public Optional<String> once() throws IOException {
        Reply reply = connection.send(next.get());
        return reply.ok() ? Optional.empty() : Optional.of(Integer.toString(reply.status()));
    }

    @Override
    public void close() {
        connection.close();
    }
}
