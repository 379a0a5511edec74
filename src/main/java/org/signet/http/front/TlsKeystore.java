package org.signet.http.front;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collections;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The PKCS#12 file of {@code server.tls.keystore} made into an {@link SSLContext}: one private key
 * with its certificate chain. Every failure names the setting and the file, never the password.
 */
record TlsKeystore(SSLContext context, X509Certificate leaf) {
    static final String KEY = "server.tls.keystore";

    /** The keystore in {@code bytes}, read from {@code file}, opened with {@code password}. */
    static TlsKeystore load(Path file, byte[] bytes, char[] password) throws IOException {
        KeyStore store;
        try {
            store = KeyStore.getInstance("PKCS12");
            store.load(new ByteArrayInputStream(bytes), password);
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException) {
                throw failure(file, "cannot be opened with server.tls.password (wrong password?)");
            }
            throw failure(file, "is not a readable PKCS#12 file (" + e.getMessage() + ")");
        } catch (GeneralSecurityException e) {
            throw failure(file, "is not a readable PKCS#12 file (" + e.getMessage() + ")");
        }
        try {
            X509Certificate leaf = leaf(store, file);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return new TlsKeystore(context, leaf);
        } catch (UnrecoverableKeyException e) {
            throw failure(file, "holds a key that server.tls.password does not open");
        } catch (GeneralSecurityException e) {
            throw failure(file, "cannot be used for TLS (" + e.getMessage() + ")");
        }
    }

    private static X509Certificate leaf(KeyStore store, Path file) throws GeneralSecurityException, IOException {
        for (String alias : Collections.list(store.aliases())) {
            Certificate[] chain = store.isKeyEntry(alias) ? store.getCertificateChain(alias) : null;
            if (chain != null && chain.length > 0 && chain[0] instanceof X509Certificate leaf) {
                return leaf;
            }
        }
        throw failure(file, "holds no private key with its certificate chain");
    }

    static IOException failure(Path file, String what) {
        return new IOException(KEY + ": " + file + " " + what);
    }

    /** The leaf for the log: subject and expiry. */
    String describe() {
        return leaf.getSubjectX500Principal().getName() + ", valid until " + leaf.getNotAfter().toInstant();
    }
}
