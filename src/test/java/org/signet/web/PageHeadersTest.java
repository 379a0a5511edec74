package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/** Every HTML page refuses framing and inline script and is not cached; HEAD is answered wherever GET is. */
class PageHeadersTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private Party ann;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        String doc = flow.upload("Lease", 1);
        ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
    }

    private HttpResponse<String> get(String path) {
        return signet.server().send(signet.server().request(path, null).GET().build());
    }

    @Test
    void htmlPages_strictPolicyNoFramingNoCache() {
        for (String path : List.of("/", "/sign/" + ann.token(), "/sign/not-a-real-token", "/verify")) {
            HttpResponse<String> r = get(path);
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"), path);
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(csp.contains("frame-ancestors 'none'"), path + ": " + csp);
            assertTrue(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), path + ": " + csp);
            assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(""), path);
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""), path);
            assertEquals("no-referrer", r.headers().firstValue("Referrer-Policy").orElse(""), path);
            assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""), path);
            assertTrue(!r.body().contains("<script>") && !r.body().contains("style=\""), path + " has inline code");
        }
    }

    @Test
    void head_answeredWhereGetIs_withoutABody() {
        for (String path : List.of("/sign/" + ann.token(), "/healthz", "/", "/verify")) {
            HttpResponse<String> r = signet.server().send(signet.server().request(path, null)
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, r.statusCode(), path);
            assertEquals("", r.body(), path);
        }
        HttpResponse<String> rest = signet.server().send(signet.server().request("documents", flow.key)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, rest.statusCode());
        assertTrue(rest.headers().firstValue("X-WP-Total").isPresent());
    }

    @Test
    void head_pathWithoutGet_stillNoRoute() {
        HttpResponse<String> r = signet.server().send(signet.server().request("/sign/" + ann.token() + "/submit", null)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());

        assertEquals(404, r.statusCode());
    }
}
