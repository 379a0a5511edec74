package org.signet.support;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.stream.Stream;

/** Signet servers that seal with the test CA's certificate (with or without a test authority), and documents taken to completion on them. */
public final class SealedDocuments {
    private SealedDocuments() {
    }

    /** A server whose seal is the test CA's seal certificate and whose authority is at {@code tsaUrl}. */
    public static TestServer serverWithAuthority(Path dir, Clock clock, EvidenceServer world, String tsaUrl)
            throws Exception {
        return start(dir, clock, world, "signing.tsa_urls=" + tsaUrl);
    }

    /** A server whose seal is the test CA's seal certificate, with no authority: it seals at B-B. */
    public static TestServer serverWithoutAuthority(Path dir, Clock clock, EvidenceServer world) throws Exception {
        return start(dir, clock, world);
    }

    private static TestServer start(Path dir, Clock clock, EvidenceServer world, String... more) throws Exception {
        Files.createDirectories(dir);
        Path p12 = world.pki().writeSealP12(dir.resolve("seal.p12"), "seal-pass");
        String[] settings = Stream.concat(Stream.of("signing.p12=" + p12, "signing.password=seal-pass"),
                Arrays.stream(more)).toArray(String[]::new);
        return TestServer.start(dir, clock, settings);
    }

    /** A one-page document signed by its one signer, so completed (and sealed, or being sealed). */
    public static String completed(ApiFlow flow) {
        String doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        TestServer.expect(200, flow.sign(ann.token()));
        return doc;
    }

    /** The sealed PDF as the API hands it out. */
    public static byte[] sealedPdf(ApiFlow flow, String doc) {
        HttpResponse<byte[]> r = flow.server.sendForBytes(flow.server.request("documents/" + doc + "/file",
                flow.key).header("Accept", "application/pdf").build());
        if (r.statusCode() != 200) {
            throw new AssertionError("sealed PDF not served: " + r.statusCode());
        }
        return r.body();
    }

    /** A time as the API writes it (the test servers' timezone is UTC). */
    public static Instant instant(String wire) {
        return LocalDateTime.parse(wire, DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")).toInstant(ZoneOffset.UTC);
    }
}
