package org.signet.pdf.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteCertificateTest {

    private static final char[] PASSWORD = "correct horse".toCharArray();

    @TempDir
    Path dir;

    @Test
    void loadOrCreate_createsSelfSignedSigningCertificate() throws Exception {
        Path p12 = dir.resolve("data/keys/site.p12");
        SiteCertificate site = SiteCertificate.loadOrCreate(p12, PASSWORD, "Signet at example.org");
        X509Certificate cert = site.certificate();
        assertTrue(Files.isRegularFile(p12));
        assertEquals("CN=Signet at example.org", cert.getSubjectX500Principal().getName());
        assertEquals(cert.getSubjectX500Principal(), cert.getIssuerX500Principal());
        cert.verify(cert.getPublicKey());
        assertEquals(3072, ((RSAPublicKey) cert.getPublicKey()).getModulus().bitLength());
        boolean[] usage = cert.getKeyUsage();
        assertTrue(usage[0] && usage[1], "digitalSignature and nonRepudiation");
        assertFalse(usage[5], "not a CA key");
        Duration validity = Duration.between(cert.getNotBefore().toInstant(), cert.getNotAfter().toInstant());
        assertTrue(validity.toDays() >= 3650 && validity.toDays() <= 3654, "days: " + validity.toDays());
        assertTrue(cert.getNotBefore().toInstant().isBefore(Instant.now()));
        assertEquals(java.util.List.of(cert), site.chain());
        assertEquals("RSA", site.privateKey().getAlgorithm());
    }

    @Test
    void loadOrCreate_storesFileReadableByOwnerOnly() throws IOException {
        Path p12 = dir.resolve("keys/site.p12");
        SiteCertificate.loadOrCreate(p12, PASSWORD, "Signet");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p12)));
        try (var files = Files.list(p12.getParent())) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void loadOrCreate_reloadsTheSameKeyAndCertificate() throws IOException {
        Path p12 = dir.resolve("site.p12");
        SiteCertificate first = SiteCertificate.loadOrCreate(p12, PASSWORD, "Signet");
        byte[] stored = Files.readAllBytes(p12);
        SiteCertificate again = SiteCertificate.loadOrCreate(p12, PASSWORD, "Other name");
        assertEquals(first.certificate(), again.certificate());
        assertArrayEquals(first.privateKey().getEncoded(), again.privateKey().getEncoded());
        assertArrayEquals(stored, Files.readAllBytes(p12), "loading does not rewrite the file");
    }

    @Test
    void loadOrCreate_wrongPasswordFailsClearly() throws IOException {
        Path p12 = dir.resolve("site.p12");
        SiteCertificate.loadOrCreate(p12, PASSWORD, "Signet");
        IOException e = assertThrows(IOException.class,
                () -> SiteCertificate.loadOrCreate(p12, "wrong".toCharArray(), "Signet"));
        assertTrue(e.getMessage().contains("wrong password"), e.getMessage());
        assertTrue(e.getMessage().contains(p12.toString()), e.getMessage());
    }

    @Test
    void loadOrCreate_damagedFileFailsClearly() throws IOException {
        Path p12 = dir.resolve("site.p12");
        Files.writeString(p12, "not a keystore");
        IOException e = assertThrows(IOException.class, () -> SiteCertificate.loadOrCreate(p12, PASSWORD, "Signet"));
        assertTrue(e.getMessage().startsWith("Cannot"), e.getMessage());
        assertEquals("not a keystore", Files.readString(p12), "a damaged file is never overwritten");
    }
}
