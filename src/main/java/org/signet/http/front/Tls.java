package org.signet.http.front;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Logger;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.signet.crypto.Tokens;

/**
 * TLS as Signet serves it: the key and chain of {@code server.tls.keystore}, TLS 1.3 and 1.2 only,
 * Mozilla's "intermediate" cipher suites in the server's order, and no client-initiated
 * renegotiation. When a connection arrives, at most once a second, the file's size and time are
 * compared with the last look; when they changed and the content did too (a renewal), the next
 * connections get the new certificate while those open keep theirs. A new file that cannot be used
 * is logged and the certificate served so far stays. Reading it costs the front's thread some
 * milliseconds once per renewal.
 */
public final class Tls implements Transport {
    /** Two years, as browsers' preload lists ask; not includeSubDomains, as other hosts of the domain are not Signet's. */
    public static final String STRICT_TRANSPORT_SECURITY = "max-age=63072000";

    private static final Logger LOG = Logger.getLogger("signet.http");
    private static final long CHECK_EVERY_MS = 1_000;
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    /** TLS 1.3's three, then Mozilla's "intermediate" TLS 1.2 list in its order. */
    private static final String[] SUITES = {
        "TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256", "TLS_DHE_RSA_WITH_AES_256_GCM_SHA384",
        "TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256"};

    static {
        // Read once, when the JDK's first server handshake starts; TlsChannel refuses it besides.
        System.setProperty("jdk.tls.rejectClientInitiatedRenegotiation", "true");
    }

    private final Path file;
    private final char[] password;
    private final String[] suites;
    private TlsKeystore current;
    private byte[] currentHash;
    private Stamp seen;
    private long checkedAt;

    /** What a look at the file finds without reading it. */
    private record Stamp(long size, long modified) {
        static Stamp of(Path file) throws IOException {
            return new Stamp(Files.size(file), Files.getLastModifiedTime(file).toMillis());
        }
    }

    private Tls(Path file, char[] password, TlsKeystore first, byte[] hash, Stamp seen) {
        this.file = file;
        this.password = password.clone();
        this.current = first;
        this.currentHash = hash;
        this.seen = seen;
        // A JDK built without some suite (ChaCha20 in some FIPS builds) would refuse the whole list.
        List<String> supported = List.of(first.context().getSupportedSSLParameters().getCipherSuites());
        this.suites = Arrays.stream(SUITES).filter(supported::contains).toArray(String[]::new);
    }

    /** Reads the keystore now; what is wrong with it stops the start with a message naming the setting. */
    public static Tls load(Path file, char[] password) throws IOException {
        Stamp stamp;
        byte[] bytes;
        try {
            stamp = Stamp.of(file);
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw TlsKeystore.failure(file, "does not exist");
        } catch (IOException e) {
            throw TlsKeystore.failure(file, "cannot be read (" + e.getMessage() + ")");
        }
        TlsKeystore keystore = TlsKeystore.load(file, bytes, password);
        LOG.info("TLS certificate " + keystore.describe());
        return new Tls(file, password, keystore, Tokens.sha256(bytes), stamp);
    }

    @Override
    public ClientChannel open(SocketChannel socket, long now) throws IOException {
        if (now - checkedAt >= CHECK_EVERY_MS) {
            checkedAt = now;
            reloadIfChanged();
        }
        SSLEngine engine = current.context().createSSLEngine();
        engine.setUseClientMode(false);
        SSLParameters p = engine.getSSLParameters();
        p.setProtocols(PROTOCOLS);
        p.setCipherSuites(suites);
        p.setUseCipherSuitesOrder(true);
        p.setApplicationProtocols(new String[] {"http/1.1"});
        engine.setSSLParameters(p);
        return new TlsChannel(socket, engine);
    }

    @Override
    public boolean secure() {
        return true;
    }

    /** The certificate new connections get, for the log and for tests. */
    String served() {
        return current.describe();
    }

    private void reloadIfChanged() {
        try {
            Stamp stamp = Stamp.of(file);
            if (stamp.equals(seen)) {
                return;
            }
            // Noted before reading: a file caught half-written fails below, and its completion changes the stamp again.
            seen = stamp;
            byte[] bytes = Files.readAllBytes(file);
            byte[] hash = Tokens.sha256(bytes);
            if (Arrays.equals(hash, currentHash)) {
                return;
            }
            TlsKeystore next = TlsKeystore.load(file, bytes, password);
            current = next;
            currentHash = hash;
            LOG.info("TLS certificate reloaded: " + next.describe());
        } catch (IOException e) {
            LOG.warning("TLS certificate not reloaded, the previous one is still served: " + e.getMessage());
        }
    }
}
