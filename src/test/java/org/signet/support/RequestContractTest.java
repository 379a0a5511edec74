package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The request half of the contract check, shown able to fail: what the description forbids is named,
 * a forbidden request answered 2xx fails, and an allowed one refused for its form fails.
 */
class RequestContractTest {
    private static final String BASE = "http://127.0.0.1:1/wp-json/wpsigner/v1/";
    private static final String REFUSED_TYPE = "{\"code\":\"rest_invalid_param\",\"message\":\"m\","
            + "\"data\":{\"status\":400,\"params\":{\"signing_order\":\"signing_order is not of type integer.\"}}}";
    private static final String REFUSED_RULE = "{\"code\":\"rest_invalid_param\",\"message\":\"m\","
            + "\"data\":{\"status\":400,\"params\":{\"expires_at\":\"expires_at must be in the future.\"}}}";

    private static HttpHeaders headers(String... nameValues) {
        Map<String, List<String>> h = new HashMap<>();
        h.put("X-WPS-API-Key", List.of("wps_k"));
        h.put("X-WPS-API-Secret", List.of("s"));
        for (int i = 0; i < nameValues.length; i += 2) {
            h.put(nameValues[i], List.of(nameValues[i + 1]));
        }
        return HttpHeaders.of(h, (a, b) -> true);
    }

    private static List<String> json(String method, String path, String body) {
        return RequestContract.violations(method, path, null, headers("Content-Type", "application/json"),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static HttpRequest post(String path, String contentType, String body) {
        return HttpRequest.newBuilder(URI.create(BASE + path)).header("X-WPS-API-Key", "wps_k")
                .header("X-WPS-API-Secret", "s").header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    @Test
    void violations_integersAsNumbersOrDigitStrings_allowed() {
        assertEquals(List.of(), json("POST", "/templates", "{\"document_id\":7,\"name\":\"T\"}"));
        assertEquals(List.of(), json("POST", "/templates", "{\"document_id\":\"7\",\"name\":\"T\"}"));
        assertEquals(List.of(), json("POST", "/documents/3/fields", "{\"fields\":[{\"signer_id\":\"18\","
                + "\"field_type\":\"signature\",\"page_number\":\"1\",\"position_x\":\"72.5\",\"position_y\":10,"
                + "\"is_required\":\"0\"}]}"));
    }

    @Test
    void violations_wrongTypesAndRanges_named() {
        assertTrue(json("POST", "/templates", "{\"document_id\":\"7a\",\"name\":\"T\"}").toString()
                .contains("document_id"));
        assertTrue(json("POST", "/documents/3/signers", "{\"name\":\"A\",\"email\":\"a@example.org\","
                + "\"signing_order\":\"1001\"}").toString().contains("signing_order"));
        assertTrue(json("POST", "/documents/3/fields", "{\"fields\":[{\"signer_id\":1,\"field_type\":\"text\","
                + "\"page_number\":1,\"position_x\":\"1e3\",\"position_y\":0}]}").toString().contains("position_x"));
        assertEquals(1, json("POST", "/templates", "{\"name\":\"T\"}").size(), "document_id is required");
        assertEquals(1, json("POST", "/templates", "{\"document_id\":7,\"name\":\"T\"} x").size(), "not JSON");
    }

    @Test
    void violations_mediaTypeCredentialsPathAndQuery_named() {
        byte[] body = "{\"document_id\":7,\"name\":\"T\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, RequestContract.violations("POST", "/templates", null,
                headers("Content-Type", "application/x-www-form-urlencoded"), body).size());
        assertEquals(List.of(), RequestContract.violations("POST", "/templates", null,
                headers("Content-Type", "application/json; charset=utf-8"), body));
        assertEquals(List.of(), RequestContract.violations("POST", "/documents/3/send", null, headers(), new byte[0]));
        assertEquals(List.of(), RequestContract.violations("POST", "/documents/3/send", null,
                headers("Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, RequestContract.violations("POST", "/documents/3/send", null,
                headers("Content-Type", "application/json"), "[]".getBytes(StandardCharsets.UTF_8)).size());
        assertEquals(1, RequestContract.violations("DELETE", "/documents/3", null,
                headers("Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8)).size(),
                "a DELETE takes no body");
        HttpHeaders none = HttpHeaders.of(Map.of(), (a, b) -> true);
        assertEquals(1, RequestContract.violations("GET", "/stats", null, none, new byte[0]).size());
        assertEquals(List.of(), RequestContract.violations("GET", "/openapi.json", null, none, new byte[0]));
        assertEquals(1, RequestContract.violations("GET", "/documents/abc", null, headers(), new byte[0]).size());
        assertEquals(List.of(), RequestContract.violations("HEAD", "/documents", "per_page=5&page=2", headers(),
                new byte[0]));
        assertEquals(List.of(), RequestContract.violations("GET", "/documents", "per_page=05", headers(), new byte[0]));
        assertEquals(1, RequestContract.violations("GET", "/documents", "per_page=101", headers(), new byte[0]).size());
        assertEquals(1, RequestContract.violations("GET", "/documents", "page=two", headers(), new byte[0]).size());
        assertEquals(1, RequestContract.violations("GET", "/nowhere", null, headers(), new byte[0]).size());
    }

    @Test
    void violations_multipart_partNamesAndTextChecked() {
        Multipart good = new Multipart().text("title", "Lease").file("file", "a.pdf", "application/pdf", new byte[] {1});
        Multipart noFile = new Multipart().text("title", "Lease");
        Multipart badDays = new Multipart().text("reminder_interval_days", "31")
                .file("document", "a.pdf", "application/pdf", new byte[] {1});
        assertEquals(List.of(), multipart(good.contentType(), good.bytes()));
        assertTrue(multipart(noFile.contentType(), noFile.bytes()).toString().contains("file"));
        assertTrue(multipart(badDays.contentType(), badDays.bytes()).toString().contains("reminder_interval_days"));
        assertTrue(multipart(good.contentType(), good.unterminated()).toString().contains("closing boundary"));
        assertTrue(multipart("multipart/form-data", good.bytes()).toString().contains("without a boundary"));
    }

    private static List<String> multipart(String type, byte[] body) {
        return RequestContract.violations("POST", "/documents/upload", null, headers("Content-Type", type), body);
    }

    @Test
    void hold_forbiddenRequestAnswered2xx_fails() {
        HttpRequest asForm = post("templates", "application/x-www-form-urlencoded", "{\"document_id\":7,\"name\":\"T\"}");
        AssertionError e = assertThrows(AssertionError.class, () -> RequestContract.hold(asForm, "/templates", 201, "{}"));
        assertTrue(e.getMessage().contains("Content-Type"), e.getMessage());
        RequestContract.hold(asForm, "/templates", 415, "{\"code\":\"unsupported_media_type\"}");
    }

    @Test
    void hold_allowedRequestRefusedForItsForm_fails() {
        HttpRequest allowed = post("documents/3/signers", "application/json",
                "{\"name\":\"A\",\"email\":\"a@example.org\",\"signing_order\":\"2\"}");
        assertThrows(AssertionError.class, () -> RequestContract.hold(allowed, "/documents/3/signers", 400,
                REFUSED_TYPE));
        assertThrows(AssertionError.class, () -> RequestContract.hold(allowed, "/documents/3/signers", 415,
                "{\"code\":\"unsupported_media_type\",\"message\":\"m\",\"data\":{\"status\":415}}"));
        // A rule of the request's merits, which no schema states, may refuse what the description allows.
        RequestContract.hold(allowed, "/documents/3/signers", 400, REFUSED_RULE);
        RequestContract.hold(allowed, "/documents/3/signers", 201, "{}");
    }
}
