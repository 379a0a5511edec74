package org.signet.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
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
    public boolean once() throws IOException {
        return connection.send(next.get()).ok();
    }

    @Override
    public void close() {
        connection.close();
    }
}
