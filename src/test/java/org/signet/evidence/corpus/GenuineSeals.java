package org.signet.evidence.corpus;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.EvidenceServer;
import org.signet.support.Multipart;
import org.signet.support.MutableClock;
import org.signet.support.Party;
import org.signet.support.SealedDocuments;
import org.signet.support.TestServer;

/**
 * Files real Signet servers sealed, the ground every forgery starts from: a long-term seal (B-LTA,
 * with OpenSSL as the timestamp authority) from the server that also answers the verifications, a
 * B-B seal from a second server with the same seal certificate and no authority, and a third
 * server's seal under a certificate of its own, for a seal that is another site's.
 */
final class GenuineSeals implements AutoCloseable {
    private final EvidenceServer world;
    private final TestServer longTerm;
    private final TestServer baseline;
    private final TestServer other;
    private final ApiFlow longTermFlow;
    private final ApiFlow baselineFlow;
    private final ApiFlow otherFlow;

    private GenuineSeals(EvidenceServer world, TestServer longTerm, TestServer baseline, TestServer other,
            MutableClock clock) {
        this.world = world;
        this.longTerm = longTerm;
        this.baseline = baseline;
        this.other = other;
        this.longTermFlow = new ApiFlow(longTerm, longTerm.account("owner@example.org", false).full(), clock);
        this.baselineFlow = new ApiFlow(baseline, baseline.account("owner@example.org", false).full(), clock);
        this.otherFlow = new ApiFlow(other, other.account("owner@example.org", false).full(), clock);
    }

    /** Starts the timestamp authority and the three servers under {@code dir}. */
    static GenuineSeals start(Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir);
        MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
        EvidenceServer world = EvidenceServer.start(dir, Duration.ofDays(365));
        TestServer longTerm = SealedDocuments.serverWithAuthority(dir.resolve("long-term"), clock, world,
                world.tsaUrl());
        TestServer baseline = SealedDocuments.serverWithoutAuthority(dir.resolve("baseline"), clock, world);
        TestServer other = TestServer.start(dir.resolve("other"), clock);
        return new GenuineSeals(world, longTerm, baseline, other, clock);
    }

    /** The server whose seals these are, which answers {@code /verify}. */
    TestServer verifier() {
        return longTerm;
    }

    EvidenceServer world() {
        return world;
    }

    /** A one-page document signed by one signer on the long-term server: B-LTA. */
    Sealed longTerm(String title) {
        return sealed(longTermFlow, title, null);
    }

    /** The long-term seal {@code s} after its renewal: another DSS and document timestamp appended. */
    byte[] renewed(Sealed s) throws java.io.IOException {
        longTerm.app.sealRenewal().renew(Long.parseLong(s.id())).orElseThrow();
        return SealedDocuments.sealedPdf(longTermFlow, s.id());
    }

    /** A one-page document signed by one signer on the server without an authority: B-B. */
    Sealed baseline(String title) {
        return sealed(baselineFlow, title, null);
    }

    /** {@code original} uploaded to the B-B server, signed on its last page, sealed. */
    Sealed baselineOf(String title, byte[] original, int signaturePage) {
        return sealed(baselineFlow, title, new Upload(original, signaturePage));
    }

    /** A B-B seal by another Signet, under its own certificate. */
    Sealed elsewhere(String title) {
        return sealed(otherFlow, title, null);
    }

    /** A sealed document's id and its sealed file as the API serves it. */
    record Sealed(String id, byte[] pdf) {
    }

    private record Upload(byte[] pdf, int signaturePage) {
    }

    private static Sealed sealed(ApiFlow flow, String title, Upload upload) {
        DocumentSetup doc = upload == null ? DocumentSetup.upload(flow, title, 1)
                : DocumentSetup.of(flow, uploaded(flow, title, upload.pdf()));
        Party ann = doc.party("Ann Able", "signer", 1);
        doc.field(ann, "signature", upload == null ? 1 : upload.signaturePage(), 72, 600, 200, 60).send();
        TestServer.expect(200, flow.sign(ann.token()));
        doc.sealed();
        return new Sealed(doc.id(), SealedDocuments.sealedPdf(flow, doc.id()));
    }

    private static String uploaded(ApiFlow flow, String title, byte[] pdf) {
        HttpResponse<String> r = flow.server.send(new Multipart().text("title", title)
                .file("file", "contract.pdf", "application/pdf", pdf)
                .post(flow.server.request("documents/upload", flow.key)).build());
        return (String) TestServer.expectObject(201, r).get("id");
    }

    @Override
    public void close() {
        other.close();
        baseline.close();
        longTerm.close();
        world.close();
    }
}
