package org.signet.evidence;

import java.io.IOException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.signet.domain.SealLevel;
import org.signet.pdf.seal.DocumentTimestamp;
import org.signet.pdf.seal.DssDictionary;
import org.signet.pdf.seal.EmbeddedSignatures;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.pdf.seal.Timestamper;

/**
 * Makes the sealed PDF: without a time-stamp authority a certification signature (PAdES B-B);
 * with one, that signature with a signature timestamp, the chains and revocation data of the seal
 * and the authority in a document security store, and a document timestamp over it all (B-LTA).
 * Renewing adds fresh material and a new document timestamp, each an incremental update.
 */
public final class Sealer {
    private final Supplier<SiteCertificate> certificate;
    private final Timestamper authority;
    private final ValidationCollector collector;

    private Sealer(Supplier<SiteCertificate> certificate, Timestamper authority, ValidationCollector collector) {
        this.certificate = Objects.requireNonNull(certificate, "certificate");
        this.authority = authority;
        this.collector = collector;
    }

    /** Seals at B-B: no authority is configured. */
    public static Sealer basic(Supplier<SiteCertificate> certificate) {
        return new Sealer(certificate, null, null);
    }

    /** Seals at B-LTA with {@code authority}'s timestamps and the material {@code collector} gathers. */
    public static Sealer longTerm(Supplier<SiteCertificate> certificate, Timestamper authority,
            ValidationCollector collector) {
        return new Sealer(certificate, Objects.requireNonNull(authority, "authority"),
                Objects.requireNonNull(collector, "collector"));
    }

    /** Whether seals carry timestamps, and so can be renewed. */
    public boolean timestamps() {
        return authority != null;
    }

    /**
     * Seals {@code finished}; with an authority, fails rather than seal without its timestamps.
     *
     * @throws IOException if the PDF cannot be signed, or an authority or responder gives nothing usable
     */
    public Sealed seal(byte[] finished, String reason, String location, Instant signingTime) throws IOException {
        SiteCertificate site = certificate.get();
        PdfSealer sealer = new PdfSealer(site);
        if (authority == null) {
            return new Sealed(sealer.seal(finished, reason, location, signingTime), SealLevel.B_B, signingTime, null);
        }
        byte[] signed = sealer.seal(finished, reason, location, signingTime, authority);
        EmbeddedSignatures found = EmbeddedSignatures.read(signed);
        List<X509Certificate> signers = found.signed().stream().map(EmbeddedSignatures.Signed::signer).toList();
        List<X509Certificate> pool = new ArrayList<>(found.certificates());
        pool.addAll(site.chain());
        return stamped(DssDictionary.append(signed, collector.collect(signers, pool)));
    }

    /**
     * Adds the chain and fresh revocation data of the newest document timestamp's authority, then a
     * new document timestamp over everything, so the evidence outlives that authority's certificate.
     *
     * @throws IOException if no authority is configured, the PDF has no document timestamp, or an
     *     authority or responder gives nothing usable
     */
    public Sealed renew(byte[] sealed) throws IOException {
        if (authority == null) {
            throw new IOException("no time-stamp authority is configured (signing.tsa_urls)");
        }
        EmbeddedSignatures found = EmbeddedSignatures.read(sealed);
        EmbeddedSignatures.Signed newest = found.newestDocumentTimestamp()
                .orElseThrow(() -> new IOException("the seal carries no document timestamp to renew"));
        return stamped(DssDictionary.append(sealed, collector.collect(List.of(newest.signer()), found.certificates())));
    }

    private Sealed stamped(byte[] withMaterial) throws IOException {
        byte[] pdf = DocumentTimestamp.append(withMaterial, authority);
        EmbeddedSignatures found = EmbeddedSignatures.read(pdf);
        EmbeddedSignatures.Signed newest = found.newestDocumentTimestamp().orElseThrow();
        // The seal's time is the signature timestamp's; a seal without one is dated by its first document timestamp.
        Instant sealedAt = found.signed().stream()
                .filter(s -> s.kind() != EmbeddedSignatures.Kind.SIGNATURE)
                .map(EmbeddedSignatures.Signed::time).findFirst().orElse(newest.time());
        return new Sealed(pdf, SealLevel.B_LTA, sealedAt, newest.signer().getNotAfter().toInstant());
    }
}
