package org.signet.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.signet.config.Config;
import org.signet.config.IpRanges;
import org.signet.service.KeyAuthentication;

/**
 * The JDK HTTP server, configured for Signet: no Nagle delay, and a pool of named threads as large as
 * the connections it may serve at once ({@code server.connections}). The JDK server reads a request's
 * head and body on the worker that will handle it, so a slow or idle client holds a thread until
 * {@code maxReqTime}; enough threads keep a thousand such clients from starving everyone else, while
 * the database pool, not the thread count, bounds the work done at once.
 */
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
        int connections = config.integer("server.connections");
        ThreadPoolExecutor executor = new ThreadPoolExecutor(connections, connections, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), namedThreads("signet-http-"));
        // Threads are made as connections arrive and end after a minute idle: a quiet site keeps few.
        executor.allowCoreThreadTimeOut(true);
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
