package org.signet.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.signet.config.Config;
import org.signet.config.IpRanges;
import org.signet.service.KeyAuthentication;

/** The JDK HTTP server, configured for Signet: a bounded pool of named threads and no Nagle delay. */
public final class HttpService {
    static {
        // Without this each keep-alive response waits for the client's delayed ACK (~40 ms).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        // A client that stops sending mid-request must not hold a worker thread forever.
        System.setProperty("sun.net.httpserver.maxReqTime", "300");
    }

    private final HttpServer server;
    private final ThreadPoolExecutor executor;
    private final Dispatcher dispatcher;

    private HttpService(HttpServer server, ThreadPoolExecutor executor, Dispatcher dispatcher) {
        this.server = server;
        this.executor = executor;
        this.dispatcher = dispatcher;
    }

    public static HttpService start(Config config, Router rest, Router site, KeyAuthentication keys,
            RateLimiter limiter) throws IOException {
        InetSocketAddress address = new InetSocketAddress(config.string("server.host"), config.integer("server.port"));
        HttpServer server = HttpServer.create(address, 128);
        int threads = config.integer("server.threads");
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(1000), namedThreads("signet-http-"), new ThreadPoolExecutor.AbortPolicy());
        Dispatcher dispatcher = new Dispatcher(config.restBase(), rest, site, new Authenticator(keys), limiter,
                new ClientIp(IpRanges.parse(config.string("trusted_proxies"))),
                config.integer("ratelimit.ip_per_minute"));
        server.createContext("/", dispatcher);
        server.setExecutor(executor);
        server.start();
        return new HttpService(server, executor, dispatcher);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops accepting, lets in-flight requests finish for up to {@code grace}, then stops the workers. */
    public void stop(Duration grace) {
        // JDK 17's HttpServer.stop(delay) always waits the whole delay, busy or not; so wait for
        // the handlers ourselves and then stop at once.
        try {
            dispatcher.awaitIdle(grace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.stop(0);
        executor.shutdown();
        try {
            executor.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static ThreadFactory namedThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(false);
            return t;
        };
    }
}
