package org.signet.pdf.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.evidence.Http;
import org.signet.evidence.TimestampAuthority;
import org.signet.pdf.finish.FinalPdfBuilderTest;
import org.signet.support.EvidenceServer;

/** Reads back what a seal, its signature timestamp and document timestamps were made by. */
class EmbeddedSignaturesTest {
    @TempDir
    static Path dir;
    private static EvidenceServer world;
    private static SiteCertificate site;
    private static Timestamper authority;

    @BeforeAll
    static void start() throws Exception {
        world = EvidenceServer.start(dir, Duration.ofDays(30));
        site = SiteCertificate.loadOrCreate(world.pki().writeSealP12(dir.resolve("seal.p12"), "pw"), "pw".toCharArray(),
                "unused");
        authority = new TimestampAuthority(List.of(URI.create(world.tsaUrl())), Http.standard());
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @Test
    void read_timestampedSealAndTwoDocumentTimestamps_eachWithItsSignerInOrder() throws Exception {
        byte[] sealed = new PdfSealer(site).seal(FinalPdfBuilderTest.original(1, 0), "r", "l", Instant.now(), authority);
        byte[] once = DocumentTimestamp.append(sealed, authority);
        byte[] twice = DocumentTimestamp.append(once, authority);

        EmbeddedSignatures found = EmbeddedSignatures.read(twice);

        assertEquals(List.of(EmbeddedSignatures.Kind.SIGNATURE, EmbeddedSignatures.Kind.SIGNATURE_TIMESTAMP,
                EmbeddedSignatures.Kind.DOCUMENT_TIMESTAMP, EmbeddedSignatures.Kind.DOCUMENT_TIMESTAMP),
                found.signed().stream().map(EmbeddedSignatures.Signed::kind).toList());
        assertEquals(world.pki().seal, found.signed().get(0).signer());
        assertNull(found.signed().get(0).time());
        assertEquals(world.pki().tsa, found.signed().get(3).signer());
        assertEquals(twice.length, found.newestDocumentTimestamp().orElseThrow().coveredTo());
        assertTrue(found.certificates().containsAll(List.of(world.pki().seal, world.pki().root, world.pki().tsa)));
        assertArrayEquals(once, Arrays.copyOf(twice, once.length));
    }

    @Test
    void read_untimestampedSeal_noDocumentTimestamp() throws Exception {
        byte[] sealed = new PdfSealer(site).seal(FinalPdfBuilderTest.original(1, 0), "r", "l", Instant.now());

        EmbeddedSignatures found = EmbeddedSignatures.read(sealed);

        assertEquals(1, found.signed().size());
        assertTrue(found.newestDocumentTimestamp().isEmpty());
    }

    @Test
    void read_notAPdf_fails() {
        assertThrows(IOException.class, () -> EmbeddedSignatures.read("not a pdf".getBytes()));
    }
}
