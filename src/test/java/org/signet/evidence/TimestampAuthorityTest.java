package org.signet.evidence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.tsp.TimeStampToken;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.EvidenceServer;

/** Asks OpenSSL's RFC 3161 authority on a loopback port, and authorities that answer wrongly or not at all. */
class TimestampAuthorityTest {
    private static final byte[] CONTENT = "the signature value".getBytes(StandardCharsets.UTF_8);

    @TempDir
    static Path dir;
    private static EvidenceServer world;

    static Http http() {
        return new Http(HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build(), Duration.ofSeconds(10));
    }

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

    private static TimestampAuthority authority(String... urls) {
        return new TimestampAuthority(List.of(urls).stream().map(URI::create).toList(), http());
    }

    @Test
    void timestamp_authorityGrants_tokenOverTheContentSignedByTheAuthority() throws Exception {
        Instant before = Instant.now().minusSeconds(2);

        TimeStampToken token = new TimeStampToken(new CMSSignedData(authority(world.tsaUrl()).timestamp(CONTENT)));

        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(CONTENT),
                token.getTimeStampInfo().getMessageImprintDigest());
        assertTrue(!token.getTimeStampInfo().getGenTime().toInstant().isBefore(before));
        X509CertificateHolder signer = (X509CertificateHolder) token.getCertificates().getMatches(token.getSID())
                .iterator().next();
        assertArrayEquals(world.pki().tsa.getEncoded(), signer.getEncoded());
    }

    @Test
    void timestamp_authorityRejects_failsSayingSo() {
        world.tsa(EvidenceServer.Tsa.REJECT);

        IOException e = assertThrows(IOException.class, () -> authority(world.tsaUrl()).timestamp(CONTENT));

        assertTrue(e.getMessage().contains("refused (status 2"), e.getMessage());
    }

    @Test
    void timestamp_tokenOverAnotherImprint_fails() {
        world.tsa(EvidenceServer.Tsa.WRONG_IMPRINT);

        IOException e = assertThrows(IOException.class, () -> authority(world.tsaUrl()).timestamp(CONTENT));

        assertTrue(e.getMessage().contains("imprint"), e.getMessage());
    }

    @Test
    void timestamp_tokenWithAnotherNonce_fails() {
        world.tsa(EvidenceServer.Tsa.WRONG_NONCE);

        IOException e = assertThrows(IOException.class, () -> authority(world.tsaUrl()).timestamp(CONTENT));

        assertTrue(e.getMessage().contains("nonce"), e.getMessage());
    }

    @Test
    void timestamp_authorityDownOrUnreachable_failsNamingEach() throws Exception {
        world.tsa(EvidenceServer.Tsa.DOWN);
        String dead = EvidenceServer.deadUrl();

        IOException e = assertThrows(IOException.class, () -> authority(world.tsaUrl(), dead).timestamp(CONTENT));

        assertTrue(e.getMessage().contains("answered HTTP 503"), e.getMessage());
        assertTrue(e.getMessage().contains(dead + ": " + dead + " could not be reached"), e.getMessage());
    }

    @Test
    void timestamp_firstAuthorityUnreachable_theNextIsAsked() throws Exception {
        int before = world.tsaQueries();

        byte[] token = authority(EvidenceServer.deadUrl(), world.tsaUrl()).timestamp(CONTENT);

        assertTrue(token.length > 0);
        assertEquals(before + 1, world.tsaQueries());
    }

    @Test
    void timestamp_userAndPasswordInTheAddress_sentAsBasicAndNeverShown() throws Exception {
        String url = world.tsaUrl().replace("http://", "http://alice:s3cr%40t@");
        assertTrue(authority(url).timestamp(CONTENT).length > 0);
        assertEquals("Basic " + Base64.getEncoder().encodeToString("alice:s3cr@t".getBytes(StandardCharsets.UTF_8)),
                world.lastAuthorization());

        world.tsa(EvidenceServer.Tsa.DOWN);
        IOException e = assertThrows(IOException.class, () -> authority(url).timestamp(CONTENT));
        assertFalse(e.getMessage().contains("s3cr"), e.getMessage());
        assertFalse(e.getMessage().contains("alice"), e.getMessage());
    }

    @Test
    void timestamp_authorityCertificateExpired_fails(@TempDir Path other) throws Exception {
        try (EvidenceServer expired = EvidenceServer.start(other, Duration.ofDays(-1))) {
            IOException e = assertThrows(IOException.class, () -> authority(expired.tsaUrl()).timestamp(CONTENT));

            assertTrue(e.getMessage().contains("not valid"), e.getMessage());
        }
    }
}
