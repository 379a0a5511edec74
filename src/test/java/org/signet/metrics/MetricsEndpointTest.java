package org.signet.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.support.SignetJvm;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * {@code GET /metrics} on a real server: the exposition checked by Prometheus's own {@code promtool},
 * requests counted by route pattern, and who may read it: this host, or another with the token.
 */
class MetricsEndpointTest {
    /** Where .ci/run unpacks promtool, or where Debian's prometheus package puts it. */
    private static final List<Path> PROMTOOLS = List.of(Path.of("/usr/local/bin/promtool"), Path.of("/usr/bin/promtool"));
    private static final String TOKEN = "scrape-token-4f8a1c9e2b7d6a3f0e5c8b1a";
    private static final String DOCUMENT_ROUTE = "route=\"/wp-json/wpsigner/v1/documents/{id}\"";

    @TempDir
    Path dir;

    @Test
    void metrics_afterTraffic_promtoolFindsNoProblem() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            TestServer.Credentials key = server.account("olivia@example.org", false).full();
            server.get("stats", key);
            server.get("documents/7", key);
            server.get("/no/such/page", null);
            HttpResponse<String> r = server.get("/metrics", null);

            assertEquals(200, r.statusCode());
            assertEquals("text/plain; version=0.0.4; charset=utf-8", r.headers().firstValue("Content-Type").orElseThrow());
            Path file = dir.resolve("metrics.txt");
            Files.writeString(file, r.body());
            assertEquals("", promtoolCheck(file), "promtool check metrics");
            assertEquals(expectedFamilies(), families(r.body()));
        }
    }

    /** promtool's complaints about the file (nothing when there are none), failing if it exits non-zero. */
    private static String promtoolCheck(Path file) throws Exception {
        Path promtool = PROMTOOLS.stream().filter(Files::isExecutable).findFirst().orElseThrow(() -> new AssertionError(
                "promtool is missing: .ci/run unpacks it from Debian's prometheus package to check the format"));
        Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectInput(file.toFile())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool did not finish");
        assertEquals(0, p.exitValue(), output);
        return output.strip();
    }

    private static Set<String> families(String text) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("^# TYPE (\\S+) ", Pattern.MULTILINE).matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** Every family docs/operations.md lists under Metrics, no more and no fewer. */
    private static Set<String> expectedFamilies() throws Exception {
        String page = Files.readString(Path.of("docs", "operations.md"));
        int at = page.indexOf("\n## Metrics\n");
        if (at < 0) {
            throw new AssertionError("docs/operations.md has no section Metrics");
        }
        String section = page.substring(at + 1);
        section = section.substring(0, section.indexOf("\n## "));
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("^\\| `(signet_[a-z_]+)`", Pattern.MULTILINE).matcher(section);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void metrics_requestsCountedByRoutePatternAndStatusClass_neverByPath() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            TestServer.Credentials key = server.account("olivia@example.org", false).full();
            String notFound = "signet_http_requests_total{method=\"GET\"," + DOCUMENT_ROUTE + ",status=\"4xx\"}";
            String ok = "signet_http_requests_total{method=\"GET\",route=\"/wp-json/wpsigner/v1/stats\",status=\"2xx\"}";
            Scrape before = Scrape.of(server);

            assertEquals(404, server.get("documents/101", key).statusCode());
            assertEquals(404, server.get("documents/202", key).statusCode());
            assertEquals(401, server.get("documents/303", null).statusCode());
            assertEquals(200, server.get("stats", key).statusCode());

            // Counted just after the answer is written: a scrape may come a moment before the last count.
            Waits.awaitUntil(() -> {
                Scrape s = Scrape.of(server);
                return s.value(ok) == before.value(ok) + 1 && s.value(notFound) == before.value(notFound) + 3;
            }, "three refusals and one answer counted under their routes");
            Scrape after = Scrape.of(server);
            String histogramCount = "signet_http_request_duration_seconds_count{method=\"GET\"," + DOCUMENT_ROUTE + "}";
            assertEquals(before.value(histogramCount) + 3, after.value(histogramCount));
            assertFalse(after.text.contains("/documents/101") || after.text.contains("/documents/202"), after.text);
        }
    }

    @Test
    void metrics_clientElsewhere_refusedWithoutTheToken_servedWithIt() throws Exception {
        try (TestServer server = TestServer.start(dir, "trusted_proxies=127.0.0.1", "metrics.token=" + TOKEN)) {
            assertEquals(200, server.get("/metrics", null).statusCode(), "this host needs no token");

            assertRefused(server.send(elsewhere(server).build()));
            for (String wrong : List.of("Bearer " + TOKEN.replace('4', '5'), "Bearer " + TOKEN.substring(1),
                    "Basic " + TOKEN, TOKEN)) {
                assertRefused(server.send(elsewhere(server).header("Authorization", wrong).build()));
            }

            HttpResponse<String> allowed = server.send(elsewhere(server).header("Authorization", "Bearer " + TOKEN)
                    .build());
            assertEquals(200, allowed.statusCode());
            assertTrue(allowed.body().contains("# TYPE signet_queue_depth gauge"));
            assertEquals(200, server.send(elsewhere(server).header("Authorization", "bearer " + TOKEN).build())
                    .statusCode(), "the scheme is case-insensitive");
        }
    }

    @Test
    void metrics_throughAProxyNotTrusted_notTakenAsThisHost_andNoTokenConfigured_noneAccepted() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            // The socket is loopback, but a proxy on this host forwards a client from elsewhere.
            assertRefused(server.send(elsewhere(server).build()));
            assertRefused(server.send(server.request("/metrics", null).header("Forwarded", "for=203.0.113.7").build()));
            assertRefused(server.send(elsewhere(server).header("Authorization", "Bearer ").build()));
            assertRefused(server.send(elsewhere(server).header("Authorization", "Bearer " + TOKEN).build()));
            assertEquals(200, server.get("/metrics", null).statusCode());
        }
    }

    @Test
    void metrics_throughAProxyNotTrustedThatSendsOnlyXRealIp_notTakenAsThisHost() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            assertRefused(server.send(server.request("/metrics", null).header("X-Real-IP", "203.0.113.7").build()));
            assertRefused(server.send(server.request("/metrics", null).header("X-Real-IP", "127.0.0.1").build()));
            assertEquals(200, server.get("/metrics", null).statusCode());
        }
    }

    @Test
    void metrics_throughATrustedProxy_takenAsThisHostOnlyWhenEveryClientItForwardsIs() throws Exception {
        try (TestServer server = TestServer.start(dir, "trusted_proxies=127.0.0.1, ::1")) {
            for (String[] elsewhere : List.of(new String[] {"X-Real-IP", "203.0.113.7"},
                    new String[] {"X-Forwarded-For", "203.0.113.7"}, new String[] {"Forwarded", "for=203.0.113.7"},
                    new String[] {"Forwarded", "for=\"[2001:db8::7]:4711\""}, new String[] {"Forwarded", "for=unknown"},
                    new String[] {"X-Real-IP", ""}, new String[] {"True-Client-IP", "203.0.113.7"})) {
                assertRefused(server.send(server.request("/metrics", null).header(elsewhere[0], elsewhere[1]).build()));
            }
            assertRefused(server.send(server.request("/metrics", null).header("X-Forwarded-For", "127.0.0.1")
                    .header("X-Real-IP", "203.0.113.7").build()));

            for (String[] here : List.of(new String[] {"X-Real-IP", "127.0.0.1"},
                    new String[] {"X-Forwarded-For", "127.0.0.1"}, new String[] {"Forwarded", "for=\"[::1]:4711\""},
                    new String[] {"Forwarded", "for=127.0.0.1;proto=https"})) {
                HttpResponse<String> r = server.send(server.request("/metrics", null).header(here[0], here[1]).build());
                assertEquals(200, r.statusCode(), here[0] + ": " + here[1]);
            }
            assertEquals(200, server.get("/metrics", null).statusCode(), "straight from this host");
        }
    }

    /** A request as a proxy on this host passes on a client from 203.0.113.7. */
    private static HttpRequest.Builder elsewhere(TestServer server) {
        return server.request("/metrics", null).header("X-Forwarded-For", "203.0.113.7");
    }

    private static void assertRefused(HttpResponse<String> r) {
        assertEquals(404, r.statusCode(), r.body());
        assertEquals("rest_no_route", TestServer.code(r));
        assertEquals(404L, ((Number) TestServer.data(r).get("status")).longValue());
        assertFalse(r.body().contains("signet_"), r.body());
    }

    @Test
    void serve_withTokenAndJsonLogs_tokenNeverInTheLog_everyLineOneJsonObject() throws Exception {
        Path data = dir.resolve("data");
        Files.createDirectories(data);
        String rid;
        String refused;
        try (SignetJvm server = SignetJvm.start(data, "256m", Map.of("SIGNET_METRICS_TOKEN", TOKEN,
                "SIGNET_LOG_FORMAT", "json", "SIGNET_TRUSTED_PROXIES", "127.0.0.1"))) {
            HttpResponse<String> ok = server.send(server.request("/metrics", null).header("X-Forwarded-For", "203.0.113.7")
                    .header("Authorization", "Bearer " + TOKEN).build());
            assertEquals(200, ok.statusCode());
            HttpResponse<String> wrong = server.send(server.request("/metrics", null)
                    .header("X-Forwarded-For", "203.0.113.7").header("Authorization", "Bearer " + TOKEN + "x").build());
            assertEquals(404, wrong.statusCode());
            rid = ok.headers().firstValue("X-Request-Id").orElseThrow();
            refused = wrong.headers().firstValue("X-Request-Id").orElseThrow();
            Waits.awaitUntil(() -> server.process().log().contains(refused), "the access line of the refused scrape",
                    Duration.ofSeconds(30));
        }
        String log = Files.readString(dir.resolve("data-server.log"));
        assertFalse(log.contains(TOKEN.substring(8)), log);
        assertTrue(log.contains("metrics.token = ****"), log);
        // Standard output's one line, which says where Signet runs, is no log record; nor is the warning
        // of SLF4J, which GreenMail brings onto the tests' class path (the jar has no SLF4J).
        List<String> lines = log.lines().filter(l -> !l.startsWith("Signet is running at ") && !l.startsWith("SLF4J("))
                .toList();
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"request_id\":\"" + rid + "\"")), log);
        for (String line : lines) {
            assertTrue(line.startsWith("{") && Json.parse(line) instanceof Map, line);
        }
    }
}
