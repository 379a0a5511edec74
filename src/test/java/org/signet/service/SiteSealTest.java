package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.config.Config;
import org.signet.pdf.seal.SiteCertificate;

/** The certificate a site makes for itself at first start names that site, and no other. */
class SiteSealTest {
    private static final int URI_NAME = 6;

    @TempDir
    Path dir;

    @Test
    void load_siteNameAndUrl_namedInTheCertificate() throws Exception {
        X509Certificate cert = SiteSeal.load(config("one", Map.of("site.name", "Atelier Rosé",
                "site.url", "https://sign.example.org"))).certificate();

        assertEquals("Atelier Rosé document seal (sign.example.org)", part(cert, BCStyle.CN));
        assertEquals("Atelier Rosé", part(cert, BCStyle.O));
        assertEquals(List.of(List.of(URI_NAME, "https://sign.example.org")),
                cert.getSubjectAlternativeNames().stream().map(List::copyOf).toList());
    }

    @Test
    void load_noSiteUrl_aRandomInstanceInsteadOfLocalhost() throws Exception {
        X509Certificate first = SiteSeal.load(config("one", Map.of())).certificate();
        X509Certificate second = SiteSeal.load(config("two", Map.of())).certificate();

        String name = part(first, BCStyle.CN);
        assertTrue(name.matches("Signet document seal \\([0-9a-f]{8}\\)"), name);
        assertNotEquals(name, part(second, BCStyle.CN), "each instance has a name of its own");
        assertEquals("Signet", part(first, BCStyle.O));
        assertNull(first.getSubjectAlternativeNames());
        assertFalse(first.getSubjectX500Principal().getName().contains("localhost"));
        assertNotEquals(first.getSerialNumber(), second.getSerialNumber());
    }

    @Test
    void load_anExistingKeystore_keptAsItIs() throws Exception {
        Config before = config("one", Map.of());
        Path p12 = before.dataDir().resolve("keys/site.p12");
        Files.createDirectories(p12.getParent());
        Files.writeString(before.dataDir().resolve("keys/site.p12.password"), "old password");
        X509Certificate old = SiteCertificate.loadOrCreate(p12, "old password".toCharArray(),
                "Signet document seal (localhost)").certificate();

        X509Certificate now = SiteSeal.load(config("one", Map.of("site.name", "Atelier Rosé",
                "site.url", "https://sign.example.org"))).certificate();

        assertEquals(old, now, "a site's seal stays the one its documents were sealed with");
    }

    private Config config(String data, Map<String, String> flags) throws Exception {
        return Config.load(dir.resolve(data), Optional.empty(), Map.of(), flags);
    }

    private static String part(X509Certificate cert, ASN1ObjectIdentifier kind)
            throws Exception {
        X500Name subject = new JcaX509CertificateHolder(cert).getSubject();
        return subject.getRDNs(kind).length == 0 ? null
                : IETFUtils.valueToString(subject.getRDNs(kind)[0].getFirst().getValue());
    }
}
