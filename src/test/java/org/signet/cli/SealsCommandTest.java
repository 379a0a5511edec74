package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.EvidenceServer;
import org.signet.support.SealedDocuments;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/** {@code signet seals renew} beside a running server whose seals carry an authority's timestamps. */
class SealsCommandTest {
    @TempDir
    static Path dir;
    private static EvidenceServer world;
    private static TestServer server;
    private static ApiFlow flow;
    private static String doc;
    private static Map<String, String> environment;

    private record Result(int code, String out, String err) {}

    @BeforeAll
    static void seal() throws Exception {
        world = EvidenceServer.start(dir, Duration.ofDays(365));
        Path data = dir.resolve("signet");
        server = SealedDocuments.serverWithAuthority(data, Clock.systemUTC(), world, world.tsaUrl());
        flow = new ApiFlow(server, server.account("owner@example.org", false).full(), Clock.systemUTC());
        doc = SealedDocuments.completed(flow);
        flow.awaitSealed(doc);
        environment = Map.of("SIGNET_SIGNING_P12", data.resolve("seal.p12").toString(),
                "SIGNET_SIGNING_PASSWORD", "seal-pass", "SIGNET_SIGNING_TSA_URLS", world.tsaUrl());
    }

    @AfterAll
    static void stop() {
        server.close();
        world.close();
    }

    private static Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), SuiteDatabase.forCommand(env, args),
                new ByteArrayInputStream(new byte[0])).run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String data() {
        return dir.resolve("signet").toString();
    }

    @Test
    void sealsRenew_oneDocument_renewedNowAndTheServerServesTheRenewal() {
        Result r = run(environment, "seals", "renew", "--document", doc, "--data", data());

        assertEquals(0, r.code(), r.err());
        String hash = TestFiles.sha256(SealedDocuments.sealedPdf(flow, doc));
        assertEquals("Renewed the seal of document " + doc + ": " + hash, r.out().strip());
        var renewals = flow.audit(doc, "seal_renewed");
        assertEquals(hash, renewals.get(renewals.size() - 1).get("detail"));
        assertEquals(hash, flow.documents().find(Long.parseLong(doc)).orElseThrow().signedFileHash());
    }

    @Test
    void sealsRenew_noDocumentNamed_onlyThoseDueWhichNoneIsYet() {
        Result r = run(environment, "seals", "renew", "--data", data());

        assertEquals(0, r.code(), r.err());
        assertEquals("Renewed 0 seal(s) due for renewal", r.out().strip());
    }

    @Test
    void sealsRenew_unknownOrUnsealedDocument_failsSayingWhy() {
        Result unknown = run(environment, "seals", "renew", "--document", "999999", "--data", data());
        assertEquals(1, unknown.code());
        assertTrue(unknown.err().contains("Document not found"), unknown.err());

        String draft = flow.upload("Draft", 1);
        Result unsealed = run(environment, "seals", "renew", "--document", draft, "--data", data());
        assertEquals(1, unsealed.code());
        assertTrue(unsealed.err().contains("has no sealed PDF"), unsealed.err());
    }

    @Test
    void sealsRenew_withoutAnAuthority_failsNamingTheSetting() {
        Map<String, String> noAuthority = Map.of("SIGNET_SIGNING_P12", environment.get("SIGNET_SIGNING_P12"),
                "SIGNET_SIGNING_PASSWORD", "seal-pass");
        Result one = run(noAuthority, "seals", "renew", "--document", doc, "--data", data());
        Result due = run(noAuthority, "seals", "renew", "--data", data());

        assertEquals(1, one.code());
        assertTrue(one.err().contains("signing.tsa_urls"), one.err());
        assertEquals(1, due.code(), due.out());
        assertEquals("signet: No time-stamp authority is configured (signing.tsa_urls), so no seal can be renewed.",
                due.err().strip());
    }

    @Test
    void sealsRenew_badArguments_usage() {
        assertEquals(2, run(environment, "seals", "renew", "--document", "seven", "--data", data()).code());
        assertEquals(2, run(environment, "seals", "--data", data()).code());
    }
}
