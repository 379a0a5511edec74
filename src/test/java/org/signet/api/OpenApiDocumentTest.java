package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiContract;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * {@code GET {base}/openapi.json}: served without credentials, true to the router route by route,
 * and strict enough that a response off the wire format fails the test that received it.
 */
class OpenApiDocumentTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("ratelimit.ip_per_minute=5").onSystemClock();


    @Test
    void served_withoutCredentials_withTheSitesOwnBase() {
        Map<String, Object> doc = expectObject(200, signet.server().get("openapi.json", null));
        assertEquals("3.1.0", doc.get("openapi"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> servers = (List<Map<String, Object>>) doc.get("servers");
        assertEquals(URI.create(signet.server().base()).getPath(), servers.get(0).get("url"));
        assertTrue(((Map<?, ?>) doc.get("paths")).containsKey("/documents/{id}"));
        // A signing link's endpoints keep the site root as their server, wherever the REST base is.
        Map<?, ?> session = (Map<?, ?>) ((Map<?, ?>) doc.get("paths")).get("/sign/{token}/session");
        assertEquals("/", ((List<Map<?, ?>>) cast(session.get("servers"))).get(0).get("url"));
    }

    @Test
    void served_underTheConfiguredNamespace() throws Exception {
        try (TestServer other = TestServer.start(signet.dir().resolve("other"), "rest.namespace=esign")) {
            Map<String, Object> doc = expectObject(200, other.get("openapi.json", null));
            assertEquals("/wp-json/esign/v1", ((List<Map<?, ?>>) cast(doc.get("servers"))).get(0).get("url"));
        }
    }

    @Test
    void countsAgainstThePerIpLimit_butNeedsNoKey() {
        for (int i = 0; i < 5; i++) {
            assertEquals(200, signet.server().get("openapi.json", null).statusCode());
        }
        var refused = signet.server().get("openapi.json", null);
        assertEquals(429, refused.statusCode());
        assertEquals("rate_limit_exceeded", TestServer.code(refused));
        assertTrue(refused.headers().firstValue("Retry-After").isPresent());
    }

    @Test
    void everyRoute_isDescribed_andEveryDescribedOperation_isARoute() {
        TreeSet<String> routes = new TreeSet<>(signet.server().app.restRoutes());
        routes.add("GET /openapi.json");
        // HEAD is answered wherever GET is, and described wherever it is answered.
        new ArrayList<>(routes).stream().filter(r -> r.startsWith("GET ")).forEach(r -> routes.add("HEAD" + r.substring(3)));
        TreeSet<String> described = new TreeSet<>(ApiContract.operations());
        TreeSet<String> undescribed = new TreeSet<>(routes);
        undescribed.removeAll(described);
        TreeSet<String> unrouted = new TreeSet<>(described);
        unrouted.removeAll(routes);
        assertTrue(undescribed.isEmpty() && unrouted.isEmpty(),
                "routes without a description: " + undescribed + "; described but not routed: " + unrouted);
        assertFalse(routes.isEmpty(), "the router lists its routes");
    }

    @Test
    void everyOperation_namesItsPathParameters_andTheErrorsEveryRequestCanMeet() {
        List<String> problems = new ArrayList<>();
        Pattern param = Pattern.compile("\\{([a-z_]+)}");
        ApiContract.description().get("paths").fields().forEachRemaining(p -> {
            JsonNode item = p.getValue();
            TreeSet<String> declared = new TreeSet<>();
            item.path("parameters").forEach(x -> declared.add(resolve(x).path("name").asText()));
            item.fields().forEachRemaining(m -> {
                if (m.getKey().equals("parameters") || m.getKey().equals("servers")) {
                    return;
                }
                TreeSet<String> names = new TreeSet<>(declared);
                m.getValue().path("parameters").forEach(x -> names.add(resolve(x).path("name").asText()));
                Matcher pm = param.matcher(p.getKey());
                while (pm.find()) {
                    if (!names.contains(pm.group(1))) {
                        problems.add(m.getKey() + " " + p.getKey() + " lacks path parameter " + pm.group(1));
                    }
                }
                JsonNode responses = m.getValue().path("responses");
                boolean open = m.getValue().has("security") && m.getValue().get("security").isEmpty();
                for (String status : open ? List.of("200", "429") : List.of("401", "404", "429", "500")) {
                    if (!responses.has(status)) {
                        problems.add(m.getKey() + " " + p.getKey() + " lacks response " + status);
                    }
                }
                if (!m.getValue().has("operationId")) {
                    problems.add(m.getKey() + " " + p.getKey() + " has no operationId");
                }
            });
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyHead_answersAsItsGet_withoutABody() {
        List<String> problems = new ArrayList<>();
        ApiContract.description().get("paths").fields().forEachRemaining(p -> {
            JsonNode get = p.getValue().get("get");
            JsonNode head = p.getValue().get("head");
            if (get == null || head == null) {
                if (get != null || head != null) {
                    problems.add(p.getKey() + " has " + (get == null ? "HEAD without GET" : "GET without HEAD"));
                }
                return;
            }
            if (!get.path("parameters").equals(head.path("parameters"))
                    || !get.path("security").equals(head.path("security"))) {
                problems.add("HEAD " + p.getKey() + " takes other parameters or credentials than GET");
            }
            TreeSet<String> getStatuses = new TreeSet<>();
            get.get("responses").fieldNames().forEachRemaining(getStatuses::add);
            TreeSet<String> headStatuses = new TreeSet<>();
            head.get("responses").fields().forEachRemaining(r -> {
                headStatuses.add(r.getKey());
                JsonNode answer = resolve(r.getValue());
                if (answer.has("content")) {
                    problems.add("HEAD " + p.getKey() + " " + r.getKey() + " describes a body");
                }
                if (!answer.path("headers").equals(resolve(get.get("responses").get(r.getKey())).path("headers"))) {
                    problems.add("HEAD " + p.getKey() + " " + r.getKey() + " has other headers than GET");
                }
            });
            if (!getStatuses.equals(headStatuses)) {
                problems.add("HEAD " + p.getKey() + " answers " + headStatuses + ", GET " + getStatuses);
            }
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void head_answeredWithGetsStatusAndHeaders_andHeldToItsDescription() {
        TestServer.Account owner = signet.server().account("owner@example.org", false);
        HttpResponse<String> get = signet.server().get("stats", owner.full());
        HttpResponse<String> head = signet.server().send(signet.server().request("stats", owner.full())
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        HttpResponse<String> unknown = signet.server().send(signet.server().request("documents/999", owner.full())
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());

        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals(get.headers().firstValue("Content-Type"), head.headers().firstValue("Content-Type"));
        assertTrue(head.headers().firstValue("X-RateLimit-Remaining").isPresent());
        assertEquals(404, unknown.statusCode());
        assertTrue(ApiContract.operation("HEAD", "/documents/7").isPresent(), "HEAD is described");
    }

    @Test
    void contract_refusesAResponseOffTheWireFormat() {
        String good = "{\"id\":\"7\",\"title\":\"T\",\"status\":\"draft\",\"original_filename\":\"t.pdf\","
                + "\"total_pages\":\"1\",\"expires_at\":null,\"completed_at\":null,"
                + "\"created_at\":\"2030-01-01 10:00:00\",\"updated_at\":\"2030-01-01 10:00:00\","
                + "\"external_id\":null,\"metadata\":{},\"team_id\":null}";
        HttpHeaders json = headers("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
        ApiContract.check("POST", "/documents/upload", 201, json, good);
        // The key's limits travel with every authenticated answer.
        assertThrows(AssertionError.class, () -> ApiContract.check("POST", "/documents/upload", 201,
                headers("X-RateLimit-Limit", "X-RateLimit-Reset"), good));
        // So is every other header the answer carries: one its description does not list is refused.
        assertThrows(AssertionError.class, () -> ApiContract.check("POST", "/documents/upload", 201,
                headers("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Powered-By"), good));
        // An id as a JSON number, as templates have it, is wrong for a document.
        assertThrows(AssertionError.class, () -> ApiContract.check("POST", "/documents/upload", 201, json,
                good.replace("\"id\":\"7\"", "\"id\":7")));
        // A key the description does not name, such as a storage location, is refused.
        assertThrows(AssertionError.class, () -> ApiContract.check("POST", "/documents/upload", 201, json,
                good.replace("{", "{\"file_url\":\"/data/files/x\",")));
        assertThrows(AssertionError.class, () -> ApiContract.check("POST", "/documents/upload", 201, json,
                good.replace("2030-01-01 10:00:00\",\"updated", "2030-01-01T10:00:00Z\",\"updated")));
        // A status the operation does not list, and an error code it does not list, are both refused.
        String error = "{\"code\":\"no_signers\",\"message\":\"m\",\"data\":{\"status\":400}}";
        ApiContract.check("POST", "/documents/3/send", 400, json, error);
        assertThrows(AssertionError.class, () -> ApiContract.check("GET", "/documents", 400, json, error));
        assertThrows(AssertionError.class, () -> ApiContract.check("GET", "/stats", 409, json, error));
        // An undescribed path may only ever answer with the error envelope.
        ApiContract.check("GET", "/nowhere", 404, json,
                "{\"code\":\"rest_no_route\",\"message\":\"m\",\"data\":{\"status\":404}}");
        assertThrows(AssertionError.class, () -> ApiContract.check("GET", "/nowhere", 200, json, "{}"));
    }

    @Test
    void contract_findsTheOperationAsTheRouterDoes() {
        HttpHeaders json = headers();
        // /documents/upload is its own operation, not /documents/{id} with id "upload".
        String error = "{\"code\":\"file_too_large\",\"message\":\"m\",\"data\":{\"status\":413}}";
        ApiContract.check("POST", "/documents/upload", 413, json, error);
        assertThrows(AssertionError.class, () -> ApiContract.check("POST", "/documents/5/seal", 413, json, error));
        assertFalse(ApiContract.operations().isEmpty());
    }

    /** JSON response headers with an X-Request-Id and the named ones. */
    private static HttpHeaders headers(String... names) {
        Map<String, List<String>> h = new java.util.HashMap<>();
        h.put("Content-Type", List.of("application/json; charset=UTF-8"));
        h.put("X-Request-Id", List.of("r1"));
        h.put("X-Content-Type-Options", List.of("nosniff"));
        for (String n : names) {
            h.put(n, List.of("1"));
        }
        return HttpHeaders.of(h, (a, b) -> true);
    }

    private static JsonNode resolve(JsonNode maybeRef) {
        JsonNode ref = maybeRef.get("$ref");
        return ref == null ? maybeRef : ApiContract.description().at(ref.asText().substring(1));
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }
}
