package org.signet.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import org.signet.concurrent.Lazy;
import org.signet.config.Config;
import org.signet.crypto.Tokens;
import org.signet.evidence.Http;
import org.signet.evidence.Sealer;
import org.signet.evidence.TimestampAuthority;
import org.signet.evidence.ValidationCollector;
import org.signet.files.OwnerOnly;
import org.signet.pdf.seal.CertificateSubject;
import org.signet.pdf.seal.SiteCertificate;

/**
 * The certificate that seals finished PDFs: {@code signing.p12} when configured, otherwise
 * {@code data/keys/site.p12}, generated self-signed on first start with a random password kept
 * beside it (owner-only), so an operator never has to invent one; and the sealer that uses it,
 * with the time-stamp authorities of {@code signing.tsa_urls} when there are any.
 */
public final class SiteSeal {
    private SiteSeal() {}

    /**
     * Seals with {@code certificate} (see {@link #loading}) at B-B without authorities; with them, at
     * B-LTA, never without their timestamps.
     */
    public static Sealer sealer(Config config, Supplier<SiteCertificate> certificate) {
        List<String> urls = config.list("signing.tsa_urls");
        if (urls.isEmpty()) {
            return Sealer.basic(certificate);
        }
        Http http = Http.standard();
        // Tokens and revocation data are dated by the authorities' and responders' clocks: they are
        // checked against the real time, whatever clock the rest of Signet is given.
        return Sealer.longTerm(certificate, new TimestampAuthority(urls.stream().map(URI::create).toList(), http),
                new ValidationCollector(http, Clock.systemUTC()));
    }

    /**
     * The certificate, read (or first made) when the first document is sealed, not at start: the
     * keystore's key derivation and a new RSA key took up to seconds of start-up on two cores, and
     * sealing runs in the background anyway. A configured {@code signing.p12} is read at once, so
     * that a wrong path or password stops the start rather than every seal later.
     */
    public static Supplier<SiteCertificate> loading(Config config) throws IOException {
        if (!config.string("signing.p12").isEmpty()) {
            SiteCertificate configured = load(config);
            return () -> configured;
        }
        return Lazy.of(() -> {
            try {
                return load(config);
            } catch (IOException e) {
                throw new UncheckedIOException("the site's sealing certificate could not be read or made", e);
            }
        });
    }

    public static SiteCertificate load(Config config) throws IOException {
        String configured = config.string("signing.p12");
        if (!configured.isEmpty()) {
            return SiteCertificate.loadOrCreate(Path.of(configured), config.string("signing.password").toCharArray(),
                    subject(config));
        }
        Path keys = config.dataDir().resolve("keys");
        OwnerOnly.folder(keys);
        return SiteCertificate.loadOrCreate(keys.resolve("site.p12"), password(keys.resolve("site.p12.password")),
                subject(config));
    }

    private static char[] password(Path file) throws IOException {
        if (!Files.exists(file)) {
            Path tmp = Files.createTempFile(file.getParent(), "site", ".tmp");
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the keys folder's ACL applies
            }
            Files.writeString(tmp, Tokens.base62(40), StandardCharsets.US_ASCII);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        return Files.readString(file, StandardCharsets.US_ASCII).trim().toCharArray();
    }

    /**
     * Whom a certificate made here names: the site ({@code site.name}) and its address ({@code site.url}),
     * so that a validator tells one site's seal from another's. Without an address, a random instance
     * tag takes the host's place: "localhost" would name every such instance alike.
     */
    static CertificateSubject subject(Config config) {
        String site = config.brand().name();
        String url = config.string("site.url");
        if (url.isEmpty()) {
            return new CertificateSubject(commonName(site, HexFormat.of().formatHex(Tokens.randomBytes(4))), site,
                    null);
        }
        URI address = URI.create(url);
        return new CertificateSubject(commonName(site, address.getHost()), site, address);
    }

    private static String commonName(String site, String where) {
        return site + " document seal (" + where + ")";
    }
}
