package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * The text rule at every REST parameter a person types, through the real server: control characters,
 * line breaks where one line belongs and bidirectional controls are a 400 {@code rest_invalid_param}
 * naming the parameter with the rule's code in {@code data.details}; nothing changes; what is accepted
 * is kept in NFC, with CRLF as LF where lines are allowed.
 */
class TypedTextApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String doc;
    private String template;

    /** A parameter, the request that carries a value there, and whether it may run over lines. */
    private record Typed(String method, String path, String param, boolean lines, Function<String, Object> body) {}

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        flow.saveFields(doc, List.of(field(ann.id(), "signature", 1, 72, 600), field(ann.id(), "text", 1, 72, 100),
                field(ann.id(), "textarea", 1, 72, 200)));
        template = String.valueOf(expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc),
                "name", "Lease form", "description", "Two lines"))).get("id"));
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(base);
        m.put(key, value);
        return m;
    }

    private List<Typed> typed() {
        Map<String, Object> signer = Map.of("name", "Bo Baker", "email", "bo@example.org");
        Map<String, Object> made = Map.of("signers", List.of(signer));
        return List.of(
                new Typed("PUT", "documents/" + doc, "title", false, v -> Map.of("title", v)),
                new Typed("POST", "documents/" + doc + "/signers", "name", false,
                        v -> Map.of("name", v, "email", "cy@example.org")),
                new Typed("POST", "templates", "name", false, v -> Map.of("document_id", Long.parseLong(doc), "name", v)),
                new Typed("POST", "templates", "description", true,
                        v -> Map.of("document_id", Long.parseLong(doc), "name", "T", "description", v)),
                new Typed("PUT", "templates/" + template, "name", false, v -> Map.of("name", v)),
                new Typed("PUT", "templates/" + template, "description", true, v -> Map.of("description", v)),
                new Typed("POST", "templates/" + template + "/documents", "title", false, v -> with(made, "title", v)),
                new Typed("POST", "templates/" + template + "/documents", "signers[0].name", false,
                        v -> Map.of("signers", List.of(with(signer, "name", v)))),
                new Typed("POST", "templates/" + template + "/documents", "variables.text_1", false,
                        v -> with(made, "variables", Map.of("text_1", v))),
                new Typed("POST", "templates/" + template + "/documents", "variables.textarea_1", true,
                        v -> with(made, "variables", Map.of("textarea_1", v))));
    }

    private HttpResponse<String> send(Typed t, String value) {
        return signet.server().send(t.method(), t.path(), flow.key, Json.write(t.body().apply(value)));
    }

    @Test
    void everyTypedParameter_refusedCharacters_400NamingItWithTheRulesCode() {
        for (Typed t : typed()) {
            Map<String, String> cases = new LinkedHashMap<>();
            cases.put("a\u0000b", "text_control_character");
            cases.put("esc\u001b[31m", "text_control_character");
            cases.put("tab\there", "text_control_character");
            cases.put("fdp\u202e.exe", "text_direction_control");
            cases.put("a\u2067b\u2069", "text_direction_control");
            cases.put("a\u2028b", "text_line_break");
            if (!t.lines()) {
                cases.put("a\r\nb", "text_line_break");
            }
            cases.forEach((value, expected) -> {
                String context = t.method() + " " + t.path() + " " + t.param() + " " + expected;
                HttpResponse<String> r = send(t, value);

                assertEquals(400, r.statusCode(), context + ": " + r.body());
                assertEquals("rest_invalid_param", code(r), context);
                assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(t.param()), context + ": " + r.body());
                Map<?, ?> detail = (Map<?, ?>) ((Map<?, ?>) data(r).get("details")).get(t.param());
                assertEquals(expected, detail.get("code"), context);
            });
        }
        assertEquals("Lease", flow.document(doc).get("title"));
        assertEquals(1, flow.signerRecords(doc).size());
        Map<String, Object> tpl = expectObject(200, flow.get("templates/" + template));
        assertEquals("Lease form", tpl.get("name"));
        assertEquals("Two lines", tpl.get("description"));
        assertEquals(1, ((List<?>) TestServer.array(flow.get("templates"))).size(), "no template made");
        assertEquals(1, ((List<?>) TestServer.array(flow.get("documents"))).size(), "no document made");
    }

    @Test
    void everyTypedParameter_decomposedText_keptInNfc() {
        HttpResponse<String> title = flow.put("documents/" + doc, Map.of("title", "Cafe\u0301 lease"));
        HttpResponse<String> signer = flow.postSigner(doc, Map.of("name", "Zoe\u0308 Ma\u0301rquez", "email",
                "zoe@example.org"));

        assertEquals("Caf\u00e9 lease", expectObject(200, title).get("title"));
        assertEquals("Zo\u00eb M\u00e1rquez", expectObject(201, signer).get("name"));
        assertEquals(1, TestServer.array(flow.get("documents?search=Cafe%CC%81")).size(),
                "a decomposed search finds the composed title");
    }

    @Test
    void paragraphs_crlfKeptAsLf_oneLineTextRefusesIt() {
        Map<String, Object> updated = expectObject(200, flow.put("templates/" + template,
                Map.of("description", "First line\r\nsecond line\r\n")));
        Map<String, Object> made = expectObject(201, flow.post("templates/" + template + "/documents", Map.of(
                "signers", List.of(Map.of("name", "Bo Baker", "email", "bo@example.org")),
                "variables", Map.of("textarea_1", "Line one\r\nLine two", "text_1", "One line"))));

        assertEquals("First line\nsecond line", updated.get("description"));
        List<Map<String, Object>> fields = flow.fields(String.valueOf(made.get("id")));
        assertTrue(fields.stream().anyMatch(f -> "Line one\nLine two".equals(f.get("value"))), fields.toString());
        assertTrue(fields.stream().anyMatch(f -> "One line".equals(f.get("value"))), fields.toString());
    }
}
