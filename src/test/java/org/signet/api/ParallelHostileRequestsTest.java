package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentedRefusals;
import org.signet.support.HostileFiles;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetJvm;
import org.signet.support.TestServer;

/**
 * Requests built to exhaust the heap, sent several at once to Signet run as operators run it on a
 * small server ({@code -Xmx256m}, exiting at its first OutOfMemoryError): one at a time each fits,
 * so only sending them side by side shows whether the work they cause is bounded in total. Every
 * request is answered (a documented 4xx, or 503 {@code busy} when the work has to wait its turn),
 * and the server lives on (see docs/api/limits.md, Work bounds).
 */
class ParallelHostileRequestsTest {
    private static final String HEAP = "256m";
    private static final String BASE = "/wp-json/wpsigner/v1/";
    /** As many at once as the report that found the attack sent. */
    private static final int AT_ONCE = 3;

    @TempDir
    static Path dir;

    private static Path data;
    private static TestServer.Credentials key;
    private static long template;
    private SignetJvm server;

    @BeforeAll
    static void setUp() throws Exception {
        data = dir.resolve("data");
        try (TestServer setup = TestServer.start(data)) {
            key = setup.account("owner@example.org", false, 100_000).full();
            template = template(new ApiFlow(setup, key, Clock.systemUTC()));
        }
    }

    /** A server of its own for each attack, so that one that kills it cannot be blamed on the next. */
    @BeforeEach
    void start() throws Exception {
        server = SignetJvm.start(data, HEAP, Map.of("SIGNET_RATELIMIT_IP_PER_MINUTE", "100000"));
    }

    private static long template(ApiFlow flow) {
        String doc = flow.upload("Contract", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        flow.saveFields(doc, List.of(ApiFlow.field(ann.id(), "signature", 1, 72, 600, 200, 60)));
        Map<String, Object> t = TestServer.expectObject(201, flow.post("templates",
                Map.of("document_id", Long.parseLong(doc), "name", "Contract")));
        return ((Number) t.get("id")).longValue();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A valid one-page PDF of 25 MB whose cross-reference table has 1,250,000 entries. */
    private static final Supplier<byte[]> LONG_XREF = () -> HostileFiles.pdfLongXrefTable(1_250_000);

    @Test
    void verify_longXrefTableThreeAtOnce_answeredAndServerAlive() throws Exception {
        byte[] pdf = LONG_XREF.get();

        List<HttpResponse<String>> answers = atOnce(Collections.nCopies(AT_ONCE, () -> upload("verify", pdf, null)));

        assertAnsweredAndAlive("verify of a " + pdf.length + "-byte PDF", answers);
        HttpResponse<String> page = server.send(new Multipart().file("file", "upload.pdf", "application/pdf", pdf)
                .post(server.request("/verify", null).timeout(Duration.ofMinutes(3))).build());
        assertEquals(400, page.statusCode(), "the verify page runs the same check");
        assertTrue(server.healthy(), "the server after the verify page");
    }

    @Test
    void upload_longXrefTableThreeAtOnce_answeredAndServerAlive() throws Exception {
        byte[] pdf = LONG_XREF.get();

        List<HttpResponse<String>> answers = atOnce(Collections.nCopies(AT_ONCE, () -> upload("files", pdf, key)));

        assertAnsweredAndAlive("staged upload of a " + pdf.length + "-byte PDF", answers);
    }

    /**
     * A header of 1.5 million unknown columns (10.9 MB) twice, and one of 300,000 (2 MB): each answered
     * with one short refusal, never a problem per column.
     */
    @Test
    void bulkSend_csvHeadersOfHundredsOfThousandsOfUnknownColumns_answeredShortAndServerAlive() throws Exception {
        byte[] huge = csvHeader(1_500_000);
        byte[] wide = csvHeader(300_000);
        String path = "templates/" + template + "/bulk-sends";

        List<HttpResponse<String>> answers = atOnce(List.of(() -> upload(path, huge, key),
                () -> upload(path, huge, key), () -> upload(path, wide, key)));

        assertAnsweredAndAlive("bulk send of CSV headers of " + huge.length + " and " + wide.length + " bytes", answers);
        for (HttpResponse<String> r : answers) {
            assertTrue(r.body().length() < 64 * 1024, "an answer of " + r.body().length() + " characters");
        }
    }

    /** A CSV file whose header names {@code columns} columns no template has, and no rows. */
    private static byte[] csvHeader(int columns) {
        StringBuilder header = new StringBuilder(columns * 8);
        for (int i = 0; i < columns; i++) {
            header.append(i == 0 ? "" : ",").append('u').append(i);
        }
        return header.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Sends every request at the same time, each from a client of its own, and answers their answers in order. */
    private static List<HttpResponse<String>> atOnce(List<Supplier<HttpResponse<String>>> requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(requests.size());
        try {
            List<Future<HttpResponse<String>>> sent = new ArrayList<>();
            for (Supplier<HttpResponse<String>> request : requests) {
                sent.add(pool.submit(request::get));
            }
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (Future<HttpResponse<String>> f : sent) {
                answers.add(f.get());
            }
            return answers;
        } finally {
            pool.shutdown();
        }
    }

    private void assertAnsweredAndAlive(String what, List<HttpResponse<String>> answers) {
        for (HttpResponse<String> r : answers) {
            String body = r.body().length() > 300 ? r.body().substring(0, 300) + "... (" + r.body().length()
                    + " characters)" : r.body();
            System.out.println(what + ": " + r.statusCode() + " " + body);
            if (r.statusCode() == 503) {
                assertTrue(r.headers().firstValue("Retry-After").isPresent(), what + ": 503 without Retry-After");
                assertTrue(r.body().contains("\"busy\""), what + ": " + body);
            } else {
                DocumentedRefusals.assertNoServerError(r, what);
            }
        }
        assertTrue(server.healthy(), what + ": the server after the requests; its log ends:\n" + server.process().tail());
    }

    private HttpResponse<String> upload(String endpoint, byte[] file, TestServer.Credentials c) {
        boolean csv = endpoint.endsWith("bulk-sends");
        Multipart body = new Multipart().file("file", csv ? "rows.csv" : "upload.pdf",
                csv ? "text/csv" : "application/pdf", file);
        // Longer than the client's usual 30 s: a server slowed by its collector is not the failure looked for.
        HttpRequest.Builder request = server.request(BASE + endpoint, c).timeout(Duration.ofMinutes(3));
        return server.send(body.post(request).build());
    }
}
