package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiContract;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * The form of a request as the server and its description agree on it: integers may come as strings
 * of digits, a JSON body says it is JSON, and HEAD is described wherever it is answered. Every
 * exchange here also passes the contract check, which fails a 2xx to a request the description forbids.
 */
class RequestFormTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private ApiFlow flow;
    private String doc;
    private Party ann;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
    }

    private HttpResponse<String> send(String method, String path, String contentType, String body) {
        HttpRequest.Builder b = signet.server().request(path, flow.key).method(method, HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return signet.server().send(b.build());
    }

    @Test
    void createTemplate_documentIdAsDigitString_createdAsWithAnInteger() {
        Map<String, Object> made = expectObject(201, flow.post("templates", Map.of("document_id", doc, "name", "NDA")));
        HttpResponse<String> notDigits = flow.post("templates", Map.of("document_id", doc + "a", "name", "NDA"));

        assertEquals("NDA", made.get("name"));
        assertEquals(400, notDigits.statusCode());
        assertEquals("rest_invalid_param", code(notDigits));
    }

    @Test
    void saveFields_idsAndNumbersAsStrings_savedAsWithNumbers() {
        Map<String, Object> saved = flow.saveFields(doc, List.of(stringField("72.5"))).get(0);

        assertEquals(ann.id(), saved.get("signer_id"));
        assertEquals("72.5", saved.get("position_x"));
        assertEquals("12", saved.get("font_size"));
        assertEquals("0", saved.get("is_required"));
        assertEquals("validation_failed", code(flow.postFields(doc, List.of(stringField("7e1")))),
                "no exponent in a string");
    }

    /** A signature field whose every number is a string, as a WordPress client may send it. */
    private Map<String, Object> stringField(String x) {
        return new java.util.LinkedHashMap<>(Map.of("signer_id", ann.id(), "field_type", "signature",
                "page_number", "1", "position_x", x, "position_y", "600", "is_required", "0", "font_size", "12"));
    }

    /** Each JSON endpoint with a body it would take. */
    private List<String[]> jsonEndpoints() {
        String template = String.valueOf(expectObject(201, flow.post("templates",
                Map.of("document_id", doc, "name", "NDA"))).get("id"));
        String hook = (String) expectObject(201, flow.post("webhooks", Map.of("url", "http://127.0.0.1:9/hook",
                "events", List.of("*")))).get("id");
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {"PUT", "documents/" + doc, "{\"title\":\"Changed\"}"});
        out.add(new String[] {"POST", "documents", "{\"title\":\"T\",\"file_path\":\"x\"}"});
        out.add(new String[] {"POST", "documents/" + doc + "/signers", "{\"name\":\"Bo\",\"email\":\"bo@example.org\"}"});
        out.add(new String[] {"PUT", "documents/" + doc + "/signers/" + ann.id(), "{\"language\":\"de\"}"});
        out.add(new String[] {"POST", "documents/" + doc + "/fields", "{\"fields\":[]}"});
        out.add(new String[] {"POST", "documents/" + doc + "/remind", "{\"signer_id\":" + ann.id() + "}"});
        out.add(new String[] {"POST", "templates", "{\"document_id\":" + doc + ",\"name\":\"T\"}"});
        out.add(new String[] {"PUT", "templates/" + template, "{\"name\":\"Changed\"}"});
        out.add(new String[] {"POST", "templates/" + template + "/fields", "{\"fields\":[]}"});
        out.add(new String[] {"POST", "templates/" + template + "/documents", "{\"signers\":[]}"});
        out.add(new String[] {"POST", "webhooks", "{\"url\":\"http://127.0.0.1:9/h\",\"events\":[\"*\"]}"});
        out.add(new String[] {"PUT", "webhooks/" + hook, "{\"active\":false}"});
        return out;
    }

    @Test
    void jsonBody_withoutItsMediaType_415OnEveryJsonEndpointAndNothingChanges() {
        List<String[]> endpoints = jsonEndpoints();
        int audited = flow.audit(doc).size();
        for (String[] e : endpoints) {
            for (String type : new String[] {"application/x-www-form-urlencoded", "text/plain", "application/jsonx",
                    "text/json", null}) {
                HttpResponse<String> r = send(e[0], e[1], type, e[2]);
                assertEquals(415, r.statusCode(), e[0] + " " + e[1] + " as " + type + ": " + r.body());
                assertEquals("unsupported_media_type", code(r));
            }
        }
        assertEquals("Lease", flow.document(doc).get("title"));
        assertEquals(1, flow.signerRecords(doc).size());
        assertEquals(audited, flow.audit(doc).size());
        assertEquals(1, TestServer.array(flow.get("templates")).size());
    }

    @Test
    void jsonBody_mediaTypeInAnyCaseWithParameters_accepted() {
        expect(200, send("PUT", "documents/" + doc, "application/json; charset=UTF-8", "{\"title\":\"One\"}"));
        expect(200, send("PUT", "documents/" + doc, "Application/JSON", "{\"title\":\"Two\"}"));
        expect(200, send("PUT", "documents/" + doc, "application/json;charset=iso-8859-1", "{\"title\":\"Three\"}"));

        assertEquals("Three", flow.document(doc).get("title"));
    }

    @Test
    void bodylessRequests_needNoContentType() {
        flow.signatureFields(doc, ann.id());
        expect(200, signet.server().send(signet.server().request("documents/" + doc, flow.key)
                .method("PUT", HttpRequest.BodyPublishers.noBody()).build()));
        expect(200, signet.server().send(signet.server().request("documents/" + doc + "/send", flow.key)
                .POST(HttpRequest.BodyPublishers.noBody()).build()));

        assertEquals("sent", flow.status(doc));
    }

    @Test
    void operationWithoutParameters_takesAnEmptyJsonObject_refusesAnyOtherBody() {
        flow.signatureFields(doc, ann.id());
        HttpResponse<String> asForm = send("POST", "documents/" + doc + "/send", "application/x-www-form-urlencoded",
                "a=1");
        HttpResponse<String> notAnObject = send("POST", "documents/" + doc + "/send", "application/json", "[]");

        assertEquals(415, asForm.statusCode());
        assertEquals("rest_invalid_json", code(notAnObject));
        assertEquals("draft", flow.status(doc));
        expect(200, send("POST", "documents/" + doc + "/send", "application/json", "{}"));
        assertEquals("sent", flow.status(doc));
    }

    @Test
    void head_everyDescribedGet_answeredAndDescribed() {
        List<String> gets = ApiContract.operations().stream().filter(o -> o.startsWith("GET ")).toList();
        List<String> heads = ApiContract.operations().stream().filter(o -> o.startsWith("HEAD ")).toList();
        HttpResponse<String> document = signet.server().send(signet.server().request("documents/" + doc, flow.key)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());

        assertEquals(gets.stream().map(g -> g.substring(4)).toList(), heads.stream().map(h -> h.substring(5)).toList());
        assertEquals(200, document.statusCode());
        assertEquals("", document.body());
        assertTrue(document.headers().firstValue("X-RateLimit-Limit").isPresent());
    }
}
