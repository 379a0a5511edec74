package org.signet.evidence;

import java.io.IOException;
import java.net.URI;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.signet.pdf.seal.ValidationMaterial;

/**
 * Gathers the long-term validation material of some signers: each one's chain and, for every
 * certificate in it that is not self-signed, an OCSP answer or else a CRL from the addresses the
 * certificate names. A certificate that names addresses none of which answers usably, or that is
 * revoked, is an error: the material would not prove what it should.
 */
public final class ValidationCollector {
    private final Chains chains;
    private final OcspClient ocsp;
    private final CrlClient crl;

    /** {@code clock} dates the answers against: the real time, as the responders' own clocks do. */
    public ValidationCollector(Http http, Clock clock) {
        this.chains = new Chains(http);
        this.ocsp = new OcspClient(http, clock);
        this.crl = new CrlClient(http, clock);
    }

    private static final class Gathered {
        final Set<X509Certificate> certificates = new LinkedHashSet<>();
        final List<byte[]> ocsps = new ArrayList<>();
        final List<byte[]> crls = new ArrayList<>();
        final Set<X509Certificate> checked = new HashSet<>();
    }

    /**
     * The material for {@code signers}, whose issuers are looked for among {@code pool} first.
     *
     * @throws IOException when a certificate's revocation data cannot be had, or says it is revoked
     */
    public ValidationMaterial collect(List<X509Certificate> signers, List<X509Certificate> pool) throws IOException {
        Gathered g = new Gathered();
        for (X509Certificate signer : signers) {
            List<X509Certificate> chain = chains.of(signer, pool);
            g.certificates.addAll(chain);
            for (int i = 0; i < chain.size(); i++) {
                X509Certificate c = chain.get(i);
                if (Chains.selfSigned(c) || !g.checked.add(c)) {
                    continue;
                }
                if (i + 1 == chain.size()) {
                    throw new IOException("the issuer of " + name(c) + " is not known, so its revocation cannot be checked");
                }
                revocation(c, chain.get(i + 1), g);
            }
        }
        return new ValidationMaterial(new ArrayList<>(g.certificates), g.ocsps, g.crls);
    }

    private void revocation(X509Certificate c, X509Certificate issuer, Gathered g) throws IOException {
        List<URI> ocspUrls = Addresses.ocsp(c);
        List<URI> crlUrls = Addresses.crlDistributionPoints(c);
        if (ocspUrls.isEmpty() && crlUrls.isEmpty()) {
            return; // nothing to ask: embedded as it is, as a validator will find it
        }
        List<String> failures = new ArrayList<>();
        for (URI url : ocspUrls) {
            try {
                OcspClient.Answer answer = ocsp.fetch(url, c, issuer);
                g.ocsps.add(answer.encoded());
                g.certificates.addAll(answer.certificates());
                return;
            } catch (CertificateRevokedException e) {
                throw e;
            } catch (IOException e) {
                failures.add("OCSP " + Http.redacted(url) + ": " + e.getMessage());
            }
        }
        for (URI url : crlUrls) {
            try {
                g.crls.add(crl.fetch(url, c, issuer));
                return;
            } catch (CertificateRevokedException e) {
                throw e;
            } catch (IOException e) {
                failures.add("CRL " + Http.redacted(url) + ": " + e.getMessage());
            }
        }
        throw new IOException("no revocation data for " + name(c) + " (" + String.join("; ", failures) + ")");
    }

    private static String name(X509Certificate c) {
        return c.getSubjectX500Principal().getName();
    }
}
