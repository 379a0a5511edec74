package org.signet.api;

import static org.signet.support.TestServer.expectObject;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentedRefusals;
import org.signet.support.Party;
import org.signet.support.TestServer;

/**
 * Any body sent to each endpoint that reads its body inside its handler (signers, templates,
 * staging, reminders, and the signing page's JSON endpoints), through one real server started once:
 * the answer is a success or a documented 4xx in the error envelope, never a 500, within 10 s. The
 * first byte of an input picks the endpoint; the rest is the body. Webhook bodies are fuzzed where
 * they are decoded ({@link RequestBodyFuzzTest}): a webhook registered here would have the server
 * deliver events to whatever address the fuzzer wrote.
 */
@Tag("jazzer")
class JsonEndpointsFuzzTest {
    private static final BiPredicate<String, Integer> LOOPBACK =
            (host, port) -> host.equals("127.0.0.1") || host.equals("localhost");

    @TempDir
    static Path dir;

    private static TestServer server;
    private static ApiFlow flow;
    private static List<String[]> endpoints;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        flow = new ApiFlow(server, server.account("owner@example.org", false, 100_000_000).full(), Clock.systemUTC());
        String draft = flow.upload("Draft", 2);
        String sent = flow.upload("Sent", 1);
        Party signer = flow.addSignerWithSignatureField(sent, "ann@example.org");
        flow.send(sent);
        Object template = expectObject(201, flow.post("templates", Map.of("document_id", sent, "name", "T"))).get("id");
        String link = "/sign/" + signer.token();
        endpoints = List.of(
                new String[] {"PUT", "documents/" + draft},
                new String[] {"POST", "documents"},
                new String[] {"POST", "documents/" + draft + "/signers"},
                new String[] {"POST", "documents/" + draft + "/fields"},
                new String[] {"POST", "documents/" + sent + "/remind"},
                new String[] {"POST", "templates"},
                new String[] {"PUT", "templates/" + template},
                new String[] {"POST", "templates/" + template + "/fields"},
                new String[] {"POST", "templates/" + template + "/documents"},
                new String[] {"POST", link + "/pin"},
                new String[] {"POST", link + "/login"},
                new String[] {"POST", link + "/submit"},
                new String[] {"POST", link + "/decline"},
                new String[] {"POST", link + "/delegate"},
                new String[] {"POST", link + "/email-code"},
                new String[] {"POST", link + "/email-code/send"});
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @FuzzTest(maxDuration = "5m")
    void anyBody_everyJsonEndpoint_successOrDocumentedRefusal(byte[] input) {
        // The server talks to the test's client on loopback and to nothing else; a connection elsewhere
        // is a finding. Set here, not before all: Jazzer's detectors are loaded when fuzzing starts.
        BugDetectors.allowNetworkConnections(LOOPBACK);
        if (input.length == 0) {
            return;
        }
        String[] endpoint = endpoints.get((input[0] & 0xff) % endpoints.size());
        byte[] body = Arrays.copyOfRange(input, 1, input.length);
        HttpRequest.Builder b = server.request(endpoint[1], endpoint[1].startsWith("/") ? null : flow.key)
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .method(endpoint[0], HttpRequest.BodyPublishers.ofByteArray(body));
        HttpResponse<String> r = server.send(b.build());
        DocumentedRefusals.assertNoServerError(r, String.join(" ", endpoint));
    }
}
