package org.signet.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.signet.process.ChildProcess;
import org.signet.process.Launch;

/**
 * Debian's Caddy run by a test: a Caddyfile written to a temporary folder, Caddy's storage (its
 * internal certificate authority among it) kept there too through {@code XDG_DATA_HOME} and
 * {@code HOME}, on ports the test chose, stopped on close.
 */
public final class Caddy implements AutoCloseable {
    public static final Path BINARY = Path.of("/usr/bin/caddy");
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    private static final Duration STOP_LIMIT = Duration.ofSeconds(10);

    private final ChildProcess process;
    private final Path home;
    private final int httpsPort;

    private Caddy(ChildProcess process, Path home, int httpsPort) {
        this.process = process;
        this.home = home;
        this.httpsPort = httpsPort;
    }

    /**
     * Runs {@code caddy run} on {@code caddyfile} in {@code home}; returns once a TLS handshake on
     * {@code httpsPort} succeeds with a certificate its internal authority issued. Fails, naming the
     * package, where Caddy is not installed.
     */
    public static Caddy start(Path home, String caddyfile, int httpsPort) throws IOException {
        if (!Files.isExecutable(BINARY)) {
            throw new AssertionError(BINARY + " is missing: install Debian's caddy package (.ci/run does)");
        }
        Path file = home.resolve("Caddyfile");
        Files.writeString(file, caddyfile, StandardCharsets.UTF_8);
        ChildProcess process = Launch.of("Caddy", List.of(BINARY.toString(), "run", "--config", file.toString(),
                "--adapter", "caddyfile"), home.resolve("caddy.log")).directory(home)
                .environment(Map.of("HOME", home.toString(), "XDG_DATA_HOME", home.resolve("data").toString(),
                        "XDG_CONFIG_HOME", home.resolve("config").toString()))
                .closeGrace(STOP_LIMIT).start();
        Caddy caddy = new Caddy(process, home, httpsPort);
        try {
            process.awaitReady("serving its certificate on " + httpsPort, caddy::ready, START_LIMIT);
        } catch (IOException e) {
            caddy.close();
            throw e;
        }
        return caddy;
    }

    private boolean ready() {
        if (!Files.isRegularFile(rootCertificate())) {
            return false;
        }
        // Listening is not enough: Caddy issues the site's certificate from its authority a moment
        // later, and a handshake before that ends in an internal_error alert.
        try (SSLSocket s = (SSLSocket) trust().getSocketFactory().createSocket()) {
            s.connect(new InetSocketAddress("127.0.0.1", httpsPort), 1_000);
            s.setSoTimeout(2_000);
            s.startHandshake();
            return true;
        } catch (Exception notYet) {
            return false;
        }
    }

    /** The root certificate of Caddy's internal authority, which issued the site's certificate. */
    public Path rootCertificate() {
        return home.resolve("data").resolve("caddy/pki/authorities/local/root.crt");
    }

    /** A TLS context that trusts Caddy's internal authority and nothing else. */
    public SSLContext trust() throws Exception {
        return RawHttps.trusting(rootCertificate());
    }

    /** What Caddy has logged so far. */
    public String log() {
        return process.tail();
    }

    /** SIGTERM, then SIGKILL after 10 s. */
    @Override
    public void close() {
        process.close();
    }
}
