package org.signet.http.front;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.crypto.Tokens;

/**
 * The socket clients reach. The JDK server reads a request head on a worker thread and answers
 * bad requests itself with an HTML page; in front of it, this one thread reads every head with
 * non-blocking sockets, so slow or idle clients hold no thread at all, answers what is malformed or
 * too large with Signet's JSON envelope, caps connections per address, and keeps header deadlines
 * and a minimum transfer rate. Requests it accepts go to the JDK server on the loopback interface,
 * one inner connection per client connection, with the client's address in {@link PeerField}. With
 * {@link Tls} as its {@link Transport} it also terminates TLS, under the same rules: a handshake has
 * the time a request head has. Its time comes from a clock handed in (milliseconds that only move
 * forward), so its tests drive the deadlines instead of waiting for them.
 */
public final class Front implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("signet.http");
    private static final long TICK_MS = 250;
    /** Milliseconds from the JVM's monotonic clock: deadlines are differences, and must not jump with the wall clock. */
    private static final LongSupplier MONOTONIC = () -> System.nanoTime() / 1_000_000;

    private final FrontLimits limits;
    private final InetSocketAddress backend;
    private final ServerSocketChannel listener;
    private final Selector selector;
    private final HeadParser parser;
    private final Transport transport;
    private final PeerField peerField;
    private final LongSupplier clock;
    private final FrontLog log = new FrontLog();
    private final RelayContext context = new Context();
    private final Set<Relay> relays = new LinkedHashSet<>();
    private final Map<String, Integer> perAddress = new HashMap<>();
    private final ByteBuffer scratch = ByteBuffer.allocate(16 * 1024);
    private final Thread thread;
    private volatile boolean running = true;
    private volatile int open;

    private Front(FrontLimits limits, Transport transport, PeerField peerField, LongSupplier clock,
            InetSocketAddress backend, ServerSocketChannel listener, Selector selector) {
        this.limits = limits;
        this.clock = clock;
        this.transport = transport;
        this.peerField = peerField;
        this.backend = backend;
        this.listener = listener;
        this.selector = selector;
        this.parser = new HeadParser(limits);
        this.thread = new Thread(this::loop, "signet-front");
    }

    /** Listens on {@code address} and passes accepted requests to the server at {@code backend}. */
    public static Front start(FrontLimits limits, InetSocketAddress address, InetSocketAddress backend, int backlog)
            throws IOException {
        return start(limits, Transport.PLAIN, new PeerField(), address, backend, backlog);
    }

    /**
     * Listens on {@code address} for clients speaking through {@code transport}, and passes accepted
     * requests to the server at {@code backend} with the client's address in {@code peerField}.
     */
    public static Front start(FrontLimits limits, Transport transport, PeerField peerField, InetSocketAddress address,
            InetSocketAddress backend, int backlog) throws IOException {
        return start(limits, transport, peerField, MONOTONIC, address, backend, backlog);
    }

    /** As above, with time in milliseconds from {@code clock}. */
    static Front start(FrontLimits limits, Transport transport, PeerField peerField, LongSupplier clock,
            InetSocketAddress address, InetSocketAddress backend, int backlog) throws IOException {
        Selector selector = Selector.open();
        ServerSocketChannel listener = ServerSocketChannel.open();
        try {
            listener.bind(address, backlog);
            listener.configureBlocking(false);
            listener.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            listener.close();
            selector.close();
            throw e;
        }
        Front front = new Front(limits, transport, peerField, clock, backend, listener, selector);
        front.thread.start();
        return front;
    }

    public int port() {
        return listener.socket().getLocalPort();
    }

    /** The address and port bound and what is spoken there, as {@code 127.0.0.1:8080 (http)}: not necessarily the site's public address. */
    public String bound() {
        InetSocketAddress bound = (InetSocketAddress) listener.socket().getLocalSocketAddress();
        String host = bound.getAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + bound.getPort()
                + (transport.secure() ? " (https)" : " (http)");
    }

    /** Stops taking new connections; those open go on until {@link #close}. */
    public void stopAccepting() {
        try {
            listener.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing the listener", e);
        }
        selector.wakeup();
    }

    @Override
    public void close() {
        running = false;
        stopAccepting();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Has the front's thread look at its clock now rather than at the next tick, for tests that move the clock. */
    void wakeUp() {
        selector.wakeup();
    }

    private void loop() {
        long lastTick = clock.getAsLong();
        while (running) {
            try {
                selector.select(TICK_MS);
                long now = clock.getAsLong();
                handleReady(now);
                if (now - lastTick >= TICK_MS) {
                    tick(now, now - lastTick);
                    lastTick = now;
                }
            } catch (ClosedSelectorException e) {
                break;
            } catch (IOException | RuntimeException | Error e) {
                // One bad moment must not end the loop that every client depends on.
                LOG.log(Level.SEVERE, "front loop", e);
            }
        }
        new ArrayList<>(relays).forEach(Relay::close);
        try {
            selector.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing the selector", e);
        }
    }

    private void handleReady(long now) {
        Iterator<SelectionKey> ready = selector.selectedKeys().iterator();
        while (ready.hasNext()) {
            SelectionKey key = ready.next();
            ready.remove();
            if (!key.isValid()) {
                continue;
            }
            if (key.isAcceptable()) {
                acceptAll(now);
                continue;
            }
            Relay relay = (Relay) key.attachment();
            try {
                relay.ready(key, now);
            } catch (IOException | RuntimeException e) {
                relay.close();
            }
        }
    }

    private void tick(long now, long elapsed) {
        for (Relay relay : new ArrayList<>(relays)) {
            try {
                relay.tick(now, elapsed);
            } catch (IOException | RuntimeException e) {
                relay.close();
            }
        }
    }

    private void acceptAll(long now) {
        while (true) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (IOException e) {
                LOG.log(Level.FINE, "accept", e);
                return;
            }
            if (channel == null) {
                return;
            }
            admit(channel, now);
        }
    }

    private void admit(SocketChannel channel, long now) {
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            String address = ((InetSocketAddress) channel.getRemoteAddress()).getAddress().getHostAddress();
            boolean capped = !limits.exempt().test(address);
            int mine = perAddress.getOrDefault(address, 0);
            Rejection refused = relays.size() >= limits.maxConnections() ? Rejection.busy()
                    : capped && mine >= limits.connectionsPerIp() ? Rejection.tooManyConnections() : null;
            ClientChannel client = transport.open(channel, now);
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
            Relay relay = new Relay(context, client, key, address, refused == null, now);
            key.attach(relay);
            relays.add(relay);
            open = relays.size();
            if (refused == null) {
                perAddress.merge(address, 1, Integer::sum);
            }
            if (refused != null) {
                relay.refuse(refused, now);
            }
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
    }

    /** What relays ask of the front: its limits, parser and log, and their inner connections. */
    private final class Context implements RelayContext {
        @Override
        public FrontLimits limits() {
            return limits;
        }

        @Override
        public HeadParser parser() {
            return parser;
        }

        @Override
        public FrontLog log() {
            return log;
        }

        @Override
        public boolean secure() {
            return transport.secure();
        }

        @Override
        public String requestId() {
            return Tokens.requestId();
        }

        @Override
        public String peerValue(String address) {
            return peerField.valueFor(address);
        }

        @Override
        public ByteBuffer scratch() {
            return scratch.clear();
        }

        @Override
        public InnerConnection connect(Relay relay) throws IOException {
            return InnerConnection.open(backend, selector, relay);
        }

        @Override
        public void closed(Relay relay) {
            if (relays.remove(relay) && relay.counted()) {
                perAddress.computeIfPresent(relay.address(), (a, n) -> n > 1 ? n - 1 : null);
            }
            open = relays.size();
        }
    }

    /** Connections open now, for tests and the health of the front itself. */
    public int openConnections() {
        return open;
    }
}
