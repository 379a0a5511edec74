package org.signet.evidence;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Certificate chains from a signer up to a self-signed root, from the certificates at hand and, for
 * an issuer that is missing, from the address its child names (caIssuers: a DER certificate or a
 * certs-only PKCS#7 bundle, RFC 5280 §4.2.2.1).
 */
final class Chains {
    static final int MAX_ISSUER_BYTES = 256 * 1024;
    private static final int MAX_LENGTH = 10;

    private final Http http;

    Chains(Http http) {
        this.http = http;
    }

    /** {@code leaf} and its issuers, as far as they can be found, leaf first. */
    List<X509Certificate> of(X509Certificate leaf, Collection<X509Certificate> pool) {
        List<X509Certificate> chain = new ArrayList<>();
        chain.add(leaf);
        X509Certificate current = leaf;
        while (!selfSigned(current) && chain.size() < MAX_LENGTH) {
            X509Certificate issuer = issuerIn(current, pool);
            if (issuer == null) {
                issuer = issuerIn(current, fetchIssuers(current));
            }
            if (issuer == null || chain.contains(issuer)) {
                break;
            }
            chain.add(issuer);
            current = issuer;
        }
        return chain;
    }

    static boolean selfSigned(X509Certificate c) {
        return c.getSubjectX500Principal().equals(c.getIssuerX500Principal()) && signedBy(c, c);
    }

    private static X509Certificate issuerIn(X509Certificate child, Collection<X509Certificate> candidates) {
        for (X509Certificate candidate : candidates) {
            if (candidate.getSubjectX500Principal().equals(child.getIssuerX500Principal()) && signedBy(child, candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static boolean signedBy(X509Certificate child, X509Certificate issuer) {
        try {
            child.verify(issuer.getPublicKey());
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** What the child's caIssuers addresses hold; nothing when they answer nothing usable. */
    private List<X509Certificate> fetchIssuers(X509Certificate child) {
        List<X509Certificate> found = new ArrayList<>();
        for (URI url : Addresses.caIssuers(child)) {
            try {
                byte[] bytes = http.get(url, MAX_ISSUER_BYTES);
                for (Certificate c : CertificateFactory.getInstance("X.509")
                        .generateCertificates(new ByteArrayInputStream(bytes))) {
                    found.add((X509Certificate) c);
                }
            } catch (IOException | GeneralSecurityException | ClassCastException e) {
                // Another address may serve it; without any, the chain ends here and the caller says so.
            }
        }
        return found;
    }
}
