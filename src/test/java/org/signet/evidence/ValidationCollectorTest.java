package org.signet.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.bouncycastle.cert.ocsp.BasicOCSPResp;
import org.bouncycastle.cert.ocsp.OCSPResp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.pdf.seal.ValidationMaterial;
import org.signet.support.EvidenceServer;

/** Chains and revocation data fetched from the OCSP responder, CRL and issuer addresses a test CA names. */
class ValidationCollectorTest {
    @TempDir
    static Path dir;
    private static EvidenceServer world;
    private final ValidationCollector collector = new ValidationCollector(TimestampAuthorityTest.http(), Clock.systemUTC());

    @BeforeAll
    static void start() throws Exception {
        world = EvidenceServer.start(dir, Duration.ofDays(365));
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @BeforeEach
    void reset() {
        world.reset();
    }

    @Test
    void collect_caIssuedCertificates_chainsAndAnOcspAnswerForEach() throws Exception {
        ValidationMaterial m = collector.collect(List.of(world.pki().seal, world.pki().tsa), List.of(world.pki().root));

        assertEquals(List.of(world.pki().seal, world.pki().root, world.pki().tsa), m.certificates());
        assertEquals(2, m.ocspResponses().size());
        assertEquals(List.of(), m.crls());
        BasicOCSPResp answer = (BasicOCSPResp) new OCSPResp(m.ocspResponses().get(0)).getResponseObject();
        assertEquals(world.pki().seal.getSerialNumber(), answer.getResponses()[0].getCertID().getSerialNumber());
        assertEquals(0, world.crlQueries());
    }

    @Test
    void collect_responderDown_theCrlInstead() throws Exception {
        world.ocspDown(true);

        ValidationMaterial m = collector.collect(List.of(world.pki().seal), List.of(world.pki().root));

        assertEquals(List.of(), m.ocspResponses());
        assertEquals(1, m.crls().size());
        X509CRL crl = (X509CRL) CertificateFactory.getInstance("X.509")
                .generateCRL(new ByteArrayInputStream(m.crls().get(0)));
        assertEquals(world.pki().root.getSubjectX500Principal(), crl.getIssuerX500Principal());
    }

    @Test
    void collect_nothingAnswers_failsNamingTheCertificateAndEachAddress() {
        world.ocspDown(true);
        world.crlDown(true);

        IOException e = assertThrows(IOException.class,
                () -> collector.collect(List.of(world.pki().seal), List.of(world.pki().root)));

        assertTrue(e.getMessage().contains("no revocation data for CN=Signet Test Seal"), e.getMessage());
        assertTrue(e.getMessage().contains("OCSP http://127.0.0.1:"), e.getMessage());
        assertTrue(e.getMessage().contains("CRL http://127.0.0.1:"), e.getMessage());
    }

    @Test
    void collect_revokedCertificate_failsWithoutTryingTheCrl() {
        world.revoke(world.pki().seal);

        IOException e = assertThrows(IOException.class,
                () -> collector.collect(List.of(world.pki().seal), List.of(world.pki().root)));

        assertTrue(e.getMessage().contains("CN=Signet Test Seal was revoked"), e.getMessage());
        assertEquals(0, world.crlQueries());
    }

    @Test
    void collect_revokedOnTheCrl_fails() {
        world.ocspDown(true);
        world.revoke(world.pki().tsa);

        IOException e = assertThrows(IOException.class,
                () -> collector.collect(List.of(world.pki().tsa), List.of(world.pki().root)));

        assertTrue(e.getMessage().contains("CN=Signet Test TSA was revoked"), e.getMessage());
    }

    @Test
    void collect_issuerNotAtHand_fetchedFromTheAddressTheCertificateNames() throws Exception {
        ValidationMaterial m = collector.collect(List.of(world.pki().seal), List.of());

        assertEquals(List.of(world.pki().seal, world.pki().root), m.certificates());
        assertEquals(1, m.ocspResponses().size());
    }

    @Test
    void collect_selfSignedCertificate_embeddedAsItIsWithoutAsking(@TempDir Path keys) throws Exception {
        SiteCertificate site = SiteCertificate.loadOrCreate(keys.resolve("site.p12"), "pw".toCharArray(), "Self");

        ValidationMaterial m = collector.collect(List.of(site.certificate()), List.of());

        assertEquals(List.of(site.certificate()), m.certificates());
        assertEquals(List.of(), m.ocspResponses());
        assertEquals(0, world.ocspQueries() + world.crlQueries());
    }
}
