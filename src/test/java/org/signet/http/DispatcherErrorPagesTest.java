package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.error.Refusal;
import org.signet.support.RoutesOnHttp;

/** A part of the site with error pages of its own: refusals and failures there are pages, elsewhere the envelope. */
class DispatcherErrorPagesTest {
    @TempDir
    Path dir;
    RoutesOnHttp http;
    final HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

    /** Pages that name what they answer and the request id, as a real part of the site does. */
    static final ErrorPages PAGES = new ErrorPages() {
        @Override
        public Response refused(Request request, Refusal refusal) {
            return Response.html(refusal.status(), "<p>refused " + refusal.code() + " " + request.requestId() + "</p>");
        }

        @Override
        public Response failed(Request request) {
            return Response.html(500, "<p>failed " + request.requestId() + "</p>");
        }
    };

    @BeforeEach
    void start() throws Exception {
        Router rest = new Router();
        rest.get("/boom", req -> {
            throw new IllegalStateException("secret detail");
        });
        Router site = new Router();
        site.errorPages("/pages", PAGES);
        site.errorPages("/broken", new ErrorPages() {
            @Override
            public Response refused(Request request, Refusal refusal) {
                throw new IllegalStateException("the page failed too");
            }

            @Override
            public Response failed(Request request) {
                throw new IllegalStateException("the page failed too");
            }
        });
        site.get("/pages/refuse", req -> {
            throw Refusal.conflict("not_now", "Not now.");
        });
        site.get("/pages/too-many", req -> {
            throw Refusal.tooMany("slow_down", "Slow down.", 42);
        });
        site.get("/pages/boom", req -> {
            throw new IllegalStateException("secret detail");
        });
        site.get("/broken/boom", req -> {
            throw new IllegalStateException("secret detail");
        });
        site.get("/pagesque", req -> {
            throw Refusal.conflict("not_now", "Not now.");
        });
        http = RoutesOnHttp.start(dir, rest, site);
    }

    @AfterEach
    void stop() {
        http.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String requestId(HttpResponse<String> r) {
        return r.headers().firstValue("X-Request-Id").orElseThrow();
    }

    private static boolean html(HttpResponse<String> r) {
        return r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html");
    }

    @Test
    void refusal_underThePrefix_answersThePageWithItsStatusAndRequestId() throws Exception {
        HttpResponse<String> r = get("/pages/refuse");

        assertEquals(409, r.statusCode());
        assertTrue(html(r), r.headers().map().toString());
        assertEquals("<p>refused not_now " + requestId(r) + "</p>", r.body());
    }

    @Test
    void refusal_withRetryAfter_keepsTheHeaderOnThePage() throws Exception {
        HttpResponse<String> r = get("/pages/too-many");

        assertEquals(429, r.statusCode());
        assertTrue(html(r));
        assertEquals("42", r.headers().firstValue("Retry-After").orElseThrow());
    }

    @Test
    void unknownAddress_underThePrefix_isThePages404() throws Exception {
        HttpResponse<String> r = get("/pages/no/such/page");

        assertEquals(404, r.statusCode());
        assertEquals("<p>refused rest_no_route " + requestId(r) + "</p>", r.body());
        assertEquals(404, get("/pages").statusCode(), "the prefix itself is under it");
        assertTrue(html(get("/pages")));
    }

    @Test
    void failure_underThePrefix_isThePages500WithTheRequestIdAndNoDetail() throws Exception {
        HttpResponse<String> r = get("/pages/boom");

        assertEquals(500, r.statusCode());
        assertTrue(html(r));
        assertEquals("<p>failed " + requestId(r) + "</p>", r.body());
        assertFalse(r.body().contains("secret"));
    }

    @Test
    void outsideThePrefix_orUnderTheRestBase_theEnvelope() throws Exception {
        HttpResponse<String> sibling = get("/pagesque");
        HttpResponse<String> unknown = get("/elsewhere");
        HttpResponse<String> rest = get("/wp-json/wpsigner/v1/boom");

        assertEquals(409, sibling.statusCode());
        assertTrue(sibling.body().startsWith("{\"code\":\"not_now\""), sibling.body());
        assertEquals(404, unknown.statusCode());
        assertTrue(unknown.body().contains("\"rest_no_route\""), unknown.body());
        assertEquals(401, rest.statusCode(), "the REST base asks for a key first");
        assertTrue(rest.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
    }

    @Test
    void pagesThatFailThemselves_theEnvelope500() throws Exception {
        HttpResponse<String> failed = get("/broken/boom");
        HttpResponse<String> refused = get("/broken/nothing-here");

        for (HttpResponse<String> r : List.of(failed, refused)) {
            assertEquals(500, r.statusCode());
            assertTrue(r.body().contains("\"internal_server_error\"") && r.body().contains(requestId(r)), r.body());
            assertFalse(r.body().contains("secret") || r.body().contains("failed too"), r.body());
        }
    }

    @Test
    void errorPages_samePrefixTwiceFailsAtStart_andTheLongestPrefixAnswers() {
        Router r = new Router();
        r.errorPages("/pages", PAGES);

        assertThrows(IllegalStateException.class, () -> r.errorPages("/pages", PAGES));
        assertTrue(r.errorPagesFor("/pages/x").isPresent());
        assertTrue(r.errorPagesFor("/pagesx").isEmpty());
        ErrorPages inner = new ErrorPages() {
            @Override
            public Response refused(Request request, Refusal refusal) {
                return Response.html(refusal.status(), "");
            }

            @Override
            public Response failed(Request request) {
                return Response.html(500, "");
            }
        };
        r.errorPages("/pages/inner", inner);
        assertEquals(inner, r.errorPagesFor("/pages/inner/x").orElseThrow(), "the longest prefix");
        assertEquals(PAGES, r.errorPagesFor("/pages/innerx").orElseThrow());
    }
}
