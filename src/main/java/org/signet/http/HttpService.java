package org.signet.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.signet.concurrent.NamedThreads;
import org.signet.config.Config;
import org.signet.config.IpRanges;
import org.signet.files.DiskSpace;
import org.signet.http.front.Front;
import org.signet.http.front.FrontLimits;
import org.signet.http.front.PeerField;
import org.signet.http.front.Tls;
import org.signet.http.front.Transport;

/**
 * Signet's HTTP service: the {@link Front} on the configured address, which reads and checks every
 * request head without holding a thread, and behind it on the loopback interface the JDK HTTP server
 * with no Nagle delay and a pool of named threads ({@code server.connections} at most, made as
 * requests arrive). Only complete, well-formed heads reach a worker, so slow clients cost sockets,
 * not threads; the database pool, not the thread count, bounds the work done at once. With
 * {@code server.tls.keystore} the front speaks TLS, and {@code server.http_redirect_port} adds a
 * second, plain front whose requests are redirected to https.
 */
public final class HttpService {
    static {
        // Without this each keep-alive response waits for the client's delayed ACK (~40 ms).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        // A client that stops sending mid-request must not hold a worker thread forever.
        System.setProperty("sun.net.httpserver.maxReqTime", "300");
    }

    private final Front front;
    private final Optional<Front> plainFront;
    private final HttpServer server;
    private final ThreadPoolExecutor executor;
    private final Dispatcher dispatcher;

    private HttpService(Front front, Optional<Front> plainFront, HttpServer server, ThreadPoolExecutor executor,
            Dispatcher dispatcher) {
        this.front = front;
        this.plainFront = plainFront;
        this.server = server;
        this.executor = executor;
        this.dispatcher = dispatcher;
    }

    public static HttpService start(Config config, Router rest, Router site, Authenticator keys,
            IdempotencyLedger idempotency, RateLimiter limiter) throws IOException {
        return start(config, rest, site, keys, idempotency, limiter, new RequestMetrics());
    }

    /** As above, counting every answered request in {@code metrics}. */
    public static HttpService start(Config config, Router rest, Router site, Authenticator keys,
            IdempotencyLedger idempotency, RateLimiter limiter, RequestMetrics metrics) throws IOException {
        InetSocketAddress address = new InetSocketAddress(config.string("server.host"), config.integer("server.port"));
        Transport transport = transport(config);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        int connections = config.integer("server.connections");
        ThreadPoolExecutor executor = workerPool(connections, "signet-http-");
        IpRanges proxies = IpRanges.parse(config.string("trusted_proxies"));
        FrontLimits limits = FrontLimits.of(Duration.ofSeconds(config.integer("server.header_timeout_seconds")),
                config.integer("server.min_transfer_rate"), config.integer("server.connections_per_ip"),
                connections, proxies::contains);
        PeerField peer = new PeerField();
        Front front = Front.start(limits, transport, peer, address, server.getAddress(), 1024);
        Optional<Front> plainFront;
        try {
            plainFront = plainFront(config, limits, peer.forPlainPort(), server.getAddress());
        } catch (IOException e) {
            front.close();
            throw e;
        }
        String webroot = config.string("server.acme_webroot");
        Https https = new Https(transport.secure(), config.siteUrl(front.port()), peer,
                new AcmeChallenges(webroot.isEmpty() ? Optional.empty() : Optional.of(Path.of(webroot))));
        Dispatcher dispatcher = new Dispatcher(new Dispatcher.Routes(config.restBase(), rest, site),
                new Dispatcher.Checks(new ClientIp(proxies, peer), config.integer("ratelimit.ip_per_minute"), limiter,
                        keys),
                https, metrics, new IdempotentPosts(idempotency), diskSpace(config));
        server.createContext("/", dispatcher);
        server.setExecutor(executor);
        server.start();
        return new HttpService(front, plainFront, server, executor, dispatcher);
    }

    /** The room on the data folder's disk, and the least an upload needs before it starts. */
    public static DiskSpace diskSpace(Config config) {
        return new DiskSpace(config.dataDir(), config.longValue("storage.min_free_mb") * 1024 * 1024);
    }

    /** TLS with the configured keystore, read now so that a wrong file or password stops the start; or plain HTTP. */
    private static Transport transport(Config config) throws IOException {
        if (!config.string("server.acme_webroot").isEmpty() && config.string("server.http_redirect_port").isEmpty()) {
            throw new IOException("server.acme_webroot is answered on server.http_redirect_port, which is not set");
        }
        if (!config.tls()) {
            if (!config.string("server.http_redirect_port").isEmpty()) {
                throw new IOException("server.http_redirect_port needs server.tls.keystore: without https there is "
                        + "nowhere to redirect to");
            }
            return Transport.PLAIN;
        }
        if (!config.string("server.http_redirect_port").isEmpty() && config.string("site.url").startsWith("http:")) {
            throw new IOException("server.http_redirect_port redirects to site.url, which is http: it would send "
                    + "every request back to itself; set site.url to the https address");
        }
        return Tls.load(Path.of(config.string("server.tls.keystore")),
                config.string("server.tls.password").toCharArray());
    }

    /** The plain-HTTP front that redirects to https, under the same limits, when a port is configured. */
    private static Optional<Front> plainFront(Config config, FrontLimits limits, PeerField peer,
            InetSocketAddress backend) throws IOException {
        String port = config.string("server.http_redirect_port");
        if (port.isEmpty()) {
            return Optional.empty();
        }
        InetSocketAddress address = new InetSocketAddress(config.string("server.host"), Integer.parseInt(port));
        try {
            return Optional.of(Front.start(limits, Transport.PLAIN, peer, address, backend, 128));
        } catch (IOException e) {
            // Not a BindException: that one is taken to be about server.port.
            throw new IOException("cannot listen on " + config.string("server.host") + ":" + port
                    + " (server.http_redirect_port): " + e.getMessage(), e);
        }
    }

    /** The port clients reach: the front's. */
    public int port() {
        return front.port();
    }

    /**
     * Where this instance listens, as bound: {@code 127.0.0.1:8080 (http)}, or with TLS and a redirect
     * port {@code 0.0.0.0:443 (https), 0.0.0.0:80 (http) redirecting to https}.
     */
    public String listening() {
        return front.bound() + plainFront.map(f -> ", " + f.bound() + " redirecting to https").orElse("");
    }

    /** The plain-HTTP redirect port, when there is one. */
    public Optional<Integer> redirectPort() {
        return plainFront.map(Front::port);
    }

    /** Client connections open now, on both ports. */
    public int openConnections() {
        return front.openConnections() + plainFront.map(Front::openConnections).orElse(0);
    }

    /** Stops accepting, lets in-flight requests finish for up to {@code grace}, then stops the workers. */
    public void stop(Duration grace) {
        // JDK 17's HttpServer.stop(delay) always waits the whole delay, busy or not; so wait for
        // the handlers ourselves and then stop at once.
        front.stopAccepting();
        plainFront.ifPresent(Front::stopAccepting);
        try {
            dispatcher.awaitIdle(grace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.stop(0);
        front.close();
        plainFront.ifPresent(Front::close);
        executor.shutdown();
        try {
            executor.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Worker threads for the JDK server, at most {@code max}: a request goes to an idle worker if
     * one waits, and only otherwise to a new one, so the pool holds about as many threads as
     * requests run at once and each ends after a minute idle. (A fixed pool over a queue would
     * start a thread for every request until it held {@code max}, a megabyte of stack each.) The
     * front admits at most {@code max} connections and each runs one request at a time, so the
     * cap is not reached; if it were, the JDK's dispatcher waits for a worker.
     */
    public static ThreadPoolExecutor workerPool(int max, String prefix) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(0, max, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
                NamedThreads.nonDaemon(prefix));
        pool.setRejectedExecutionHandler((task, full) -> {
            if (full.isShutdown()) {
                throw new RejectedExecutionException("the server is stopping");
            }
            try {
                full.getQueue().put(task);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RejectedExecutionException("interrupted while waiting for a worker", e);
            }
        });
        return pool;
    }
}
