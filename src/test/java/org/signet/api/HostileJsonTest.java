package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Bodies a hostile client sends to every JSON endpoint: numbers with huge exponents where a
 * string or a number belongs, exponents no decimal can hold, control characters in a search, keys
 * given twice and halves of surrogate pairs. Each is a 400 at once, nothing changes, and the server
 * goes on answering.
 */
class HostileJsonTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private static final String HUGE = "1e999999999";
    private static final String UNHOLDABLE = "1e2147483648";

    private ApiFlow flow;
    private String doc;
    private Party ann;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
    }

    /** Every JSON endpoint with one parameter of each, and the parameter's name. */
    private List<String[]> targets() {
        String t = ann.token();
        return List.of(
                new String[] {"PUT", "documents/" + doc, "title"},
                new String[] {"PUT", "documents/" + doc, "expires_at"},
                new String[] {"PUT", "documents/" + doc, "reminder_interval_days"},
                new String[] {"POST", "documents", "title"},
                new String[] {"POST", "documents", "file_path"},
                new String[] {"POST", "documents/" + doc + "/signers", "name"},
                new String[] {"POST", "documents/" + doc + "/signers", "email"},
                new String[] {"POST", "documents/" + doc + "/signers", "pin_code"},
                new String[] {"POST", "documents/" + doc + "/signers", "signing_order"},
                new String[] {"POST", "documents/" + doc + "/remind", "signer_id"},
                new String[] {"PUT", "documents/" + doc + "/signers/" + ann.id(), "name"},
                new String[] {"PUT", "documents/" + doc + "/signers/" + ann.id(), "email"},
                new String[] {"POST", "webhooks", "url"},
                new String[] {"POST", "/sign/" + t + "/pin", "pin"},
                new String[] {"POST", "/sign/" + t + "/email-code", "code"},
                new String[] {"POST", "/sign/" + t + "/email-code/send", "code"},
                new String[] {"POST", "/sign/" + t + "/decline", "reason"},
                new String[] {"POST", "/sign/" + t + "/delegate", "name"},
                new String[] {"POST", "/sign/" + t + "/delegate", "reason"});
    }

    private HttpResponse<String> send(String method, String path, String json) {
        var b = signet.server().request(path, path.startsWith("/") ? null : flow.key).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json");
        return signet.server().send(b.method(method, java.net.http.HttpRequest.BodyPublishers.ofString(json)).build());
    }

    @Test
    void hugeExponent_everyParameter_400WithoutExpanding() {
        for (String[] target : targets()) {
            long started = System.nanoTime();
            HttpResponse<String> r = send(target[0], target[1], "{\"" + target[2] + "\": " + HUGE + "}");
            long millis = (System.nanoTime() - started) / 1_000_000;

            assertEquals(400, r.statusCode(), String.join(" ", target) + ": " + r.body());
            assertTrue(millis < 2000, String.join(" ", target) + " took " + millis + " ms");
        }
        assertEquals("Lease", flow.document(doc).get("title"), "nothing changed");
        assertEquals(200, signet.server().get("/healthz", null).statusCode());
    }

    @Test
    void exponentNoDecimalHolds_everyEndpoint_400InvalidJson() {
        for (String[] target : targets()) {
            HttpResponse<String> r = send(target[0], target[1], "{\"" + target[2] + "\": " + UNHOLDABLE + "}");

            assertEquals(400, r.statusCode(), String.join(" ", target) + ": " + r.body());
            assertEquals("rest_invalid_json", code(r), String.join(" ", target));
        }
    }

    @Test
    void numberWhereAStringBelongs_400NamingTheParameter() {
        HttpResponse<String> r = flow.put("documents/" + doc, Map.of("title", 1.5));

        assertEquals("rest_invalid_param", code(r));
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("title"));
        assertEquals("Lease", flow.document(doc).get("title"));
    }

    @Test
    void search_controlCharacters_400() {
        for (String q : List.of("%00", "a%00b", "%0Aabc", "x%1F", "a%E2%80%AEb")) {
            for (String list : List.of("documents", "templates")) {
                HttpResponse<String> r = flow.get(list + "?search=" + q);
                assertEquals(400, r.statusCode(), list + " " + q);
                assertEquals("rest_invalid_param", code(r), q);
            }
        }
    }

    @Test
    void duplicateKey_addSigner_400InvalidJsonNamingItAndNoSigner() {
        int before = flow.signerRecords(doc).size();

        HttpResponse<String> r = send("POST", "documents/" + doc + "/signers",
                "{\"name\": \"Eve\", \"email\": \"a@example.org\", \"email\": \"b@example.org\"}");

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_json", code(r));
        assertTrue(TestServer.object(r).get("message").toString().contains("\"email\""), r.body());
        assertEquals(before, flow.signerRecords(doc).size());
    }

    @Test
    void duplicateKey_everyEndpoint_400InvalidJson() {
        for (String[] target : targets()) {
            HttpResponse<String> r = send(target[0], target[1], "{\"" + target[2] + "\": \"1\", \"" + target[2]
                    + "\": \"2\"}");

            assertEquals(400, r.statusCode(), String.join(" ", target) + ": " + r.body());
            assertEquals("rest_invalid_json", code(r), String.join(" ", target));
        }
    }

    @Test
    void duplicateKeyNested_fields_400InvalidJsonAndFieldsKept() {
        String signer = ann.id();
        String field = "{\"signer_id\": \"" + signer + "\", \"field_type\": \"signature\", \"page_number\": 1, "
                + "\"position_x\": 72, \"position_y\": 72, \"position_x\": 300}";

        HttpResponse<String> r = send("POST", "documents/" + doc + "/fields", "{\"fields\": [" + field + "]}");

        assertEquals("rest_invalid_json", code(r), r.body());
        assertTrue(r.body().contains("position_x"), r.body());
    }

    @Test
    void loneSurrogate_title_400InvalidJsonAndTitleKept() {
        for (String title : List.of("A\\ud800", "\\udfffB", "\\ude00\\ud83d")) {
            HttpResponse<String> r = send("PUT", "documents/" + doc, "{\"title\": \"" + title + "\"}");

            assertEquals(400, r.statusCode(), title + ": " + r.body());
            assertEquals("rest_invalid_json", code(r), title);
        }
        assertEquals("Lease", flow.document(doc).get("title"), "never stored as A?");
        HttpResponse<String> pair = send("PUT", "documents/" + doc, "{\"title\": \"Lease \\ud83d\\udd8a\"}");
        assertEquals(200, pair.statusCode(), pair.body());
        assertEquals("Lease \ud83d\udd8a", flow.document(doc).get("title"));
    }

    @Test
    void surrogateAsUtf8Bytes_400InvalidJson() {
        byte[] body = {'{', '"', 't', 'i', 't', 'l', 'e', '"', ':', '"', 'A', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"',
            '}'};

        HttpResponse<String> r = signet.server().send(signet.server().request("documents/" + doc, flow.key)
                .header("Content-Type", "application/json")
                .method("PUT", java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build());

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_json", code(r));
        assertEquals("Lease", flow.document(doc).get("title"));
    }
}
