package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.support.ApiContract;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/**
 * A whole signing driven as a program without a browser drives it, with nothing but
 * {@code java.net.http} and the calls the description names: open the session, pass the PIN gate,
 * submit, fetch the copy. Every exchange is held to the description by the test server.
 */
class SigningWithoutBrowserTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    ApiFlow flow;
    String doc;
    Party ann;
    Party bob;

    @BeforeEach
    void start() throws Exception {
        flow = new ApiFlow(signet.server(), signet.server().account("owner@example.com", false).full(), null);
        doc = flow.upload("Service agreement", 1);
        ann = flow.addSigner(doc, Map.of("name", "Ann Able", "email", "ann@example.com", "signing_order", 1,
                "pin_code", "4821"));
        bob = flow.addSigner(doc, Map.of("name", "Bob Baker", "email", "bob@example.com", "signing_order", 2));
        Map<String, Object> text = field(ann.id(), "text", 1, 72, 200, 200, 30);
        text.put("is_required", true);
        flow.saveFields(doc, List.of(field(ann.id(), "signature", 1, 72, 600, 200, 60), text,
                field(ann.id(), "checkbox", 1, 72, 300, 20, 20), field(ann.id(), "date", 1, 300, 300, 120, 20),
                field(bob.id(), "signature", 1, 300, 600, 200, 60)));
        flow.send(doc);
    }

    @Test
    void wholeSigning_throughTheDescribedCalls_withAPinGate_documentCompletesAndSealed() throws Exception {
        String cookie = passPin(ann.token());

        Map<String, Object> session = expectObject(200, call("GET", ann.token(), "session", null, cookie));
        assertNull(session.get("requires"));
        assertEquals(true, session.get("can_act"));
        Map<String, String> ids = fieldIdsByType(session);
        byte[] png = expect200Bytes(bytes(request("GET", ann.token(), "pages/1.png", null, cookie)), "image/png");
        assertEquals(1, session.get("pages") instanceof List<?> l ? l.size() : -1);
        assertTrue(ImageIO.read(new ByteArrayInputStream(png)).getWidth() > 0, "page 1 is a PNG");

        Map<String, Object> signed = expectObject(200, call("POST", ann.token(), "submit", Map.of("consent", true,
                "values", Map.of(ids.get("text"), "Ann's answer", ids.get("checkbox"), true),
                "signature", Map.of("method", "draw", "image", TestFiles.pngDataUrl(300, 90))), cookie));
        assertEquals("signed", signed.get("status"));
        assertEquals("viewed", signed.get("document_status"));

        Map<String, Object> bobs = expectObject(200, call("GET", bob.token(), "session", null, null));
        assertEquals(true, bobs.get("can_act"), "Bob's turn comes once Ann has signed");
        Map<String, Object> last = expectObject(200, call("POST", bob.token(), "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Bob Baker")), null));
        assertEquals("completed", last.get("document_status"));

        flow.awaitSealed(doc);
        Map<String, Object> after = expectObject(200, call("GET", bob.token(), "session", null, null));
        assertEquals(true, after.get("sealed"));
        assertEquals("/sign/" + bob.token() + "/document.pdf", after.get("download_url"));
        HttpResponse<byte[]> copy = bytes(request("GET", bob.token(), "document.pdf", null, null));
        byte[] pdf = expect200Bytes(copy, "application/pdf");
        assertTrue(copy.headers().firstValue("Content-Disposition").orElse("").startsWith("attachment"));
        try (PDDocument sealed = Loader.loadPDF(pdf)) {
            assertFalse(sealed.getSignatureDictionaries().isEmpty(), "Bob's copy is the sealed PDF");
        }
        assertEquals("completed", flow.status(doc));
        assertEquals("Ann's answer", flow.fields(doc).stream().filter(f -> f.get("id").equals(ids.get("text")))
                .findFirst().orElseThrow().get("value"));
    }

    @Test
    void lockedLink_showsNothingAndRefusesEveryCall_untilThePinIsPassed() {
        Map<String, Object> locked = expectObject(200, call("GET", ann.token(), "session", null, null));
        assertEquals("pin", locked.get("requires"));
        assertEquals(false, locked.get("can_act"));
        assertEquals(List.of(), locked.get("fields"));
        assertEquals(List.of(), locked.get("pages"));

        for (HttpResponse<String> refused : List.of(call("GET", ann.token(), "pages/1.png", null, null),
                call("GET", ann.token(), "document.pdf", null, null),
                call("POST", ann.token(), "submit", Map.of("consent", true), null),
                call("POST", ann.token(), "decline", Map.of("reason", "no"), null))) {
            HttpResponse<String> r = expect(403, refused);
            assertEquals("forbidden", code(r));
            assertEquals("pin", data(r).get("requires"));
        }
        HttpResponse<String> wrong = expect(400, call("POST", ann.token(), "pin", Map.of("pin", "1111"), null));
        assertEquals("invalid_pin", code(wrong));
        assertEquals(4L, ((Number) data(wrong).get("attempts_left")).longValue());
        assertEquals("pending", flow.signerStatus(doc, ann.id()));
    }

    @Test
    void head_ofThePageAndTheSession_isNoView_aGetIs() {
        String cookie = passPin(ann.token());
        assertEquals(200, call("HEAD", ann.token(), "session", null, cookie).statusCode());
        HttpResponse<String> page = signet.server().send(signet.server().request("/sign/" + ann.token(), null).header("Cookie", cookie)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, page.statusCode());
        assertEquals("pending", flow.signerStatus(doc, ann.id()), "a link checker's HEAD is no view");

        expectObject(200, call("GET", ann.token(), "session", null, cookie));
        assertEquals("viewed", flow.signerStatus(doc, ann.id()));
    }

    @Test
    void unknownToken_notFound_onEveryCall() {
        for (HttpResponse<String> r : List.of(call("GET", "no-such-token", "session", null, null),
                call("GET", "no-such-token", "pages/1.png", null, null),
                call("GET", "no-such-token", "document.pdf", null, null),
                call("POST", "no-such-token", "pin", Map.of("pin", "4821"), null),
                call("POST", "no-such-token", "submit", Map.of("consent", true), null))) {
            expect(404, r);
            assertEquals("not_found", code(r));
        }
    }

    @Test
    void description_namesEverySigningEndpoint_atTheSiteRoot_andNoOther() {
        Router site = new Router();
        new SigningRoutes(null, null, null, null, null, new SigningRoutes.Settings(false, null, List.of(), null))
                .routes(site);
        // A public link's steps are at the site root too, for anyone, as a signing link's are.
        new PublicLinkRoutes(null, false, null, null).routes(site);
        TreeSet<String> routes = new TreeSet<>();
        for (String route : site.routes()) {
            // The page itself, its form for a browser without script, and the site's home are HTML for browsers,
            // not part of the interface.
            if (!route.equals("GET /") && !route.equals("GET /sign/{token}") && !route.endsWith(" /sign/{token}/form")) {
                routes.add(route);
                if (route.startsWith("GET ")) {
                    routes.add("HEAD" + route.substring(3));
                }
            }
        }

        assertEquals(routes, new TreeSet<>(ApiContract.operations(ApiContract.Server.SITE)));
        assertTrue(ApiContract.operation("GET", "/sign/x/session").isEmpty(), "not under the REST base");
    }

    @Test
    void contract_refusesASigningAnswerOffTheDescription() {
        HttpResponse<String> r = call("GET", ann.token(), "session", null, null);
        String body = r.body();
        ApiContract.check(ApiContract.Server.SITE, "GET", "/sign/t/session", 200, r.headers(), body);
        // A key the description does not name, such as the link's token, fails the exchange.
        assertThrows(AssertionError.class, () -> ApiContract.check(ApiContract.Server.SITE, "GET", "/sign/t/session",
                200, r.headers(), body.replace("{", "{\"access_token\":\"x\",")));
        assertThrows(AssertionError.class, () -> ApiContract.check(ApiContract.Server.SITE, "GET", "/sign/t/session",
                200, r.headers(), body.replace("\"requires\":\"pin\"", "\"requires\":\"sms_code\"")));
        assertThrows(AssertionError.class, () -> ApiContract.check(ApiContract.Server.SITE, "GET", "/sign/t/session",
                409, r.headers(), body));
    }

    /** Passes the PIN gate as a program does: JSON in, and the cookie of the answer kept for later calls. */
    private String passPin(String token) {
        HttpResponse<String> r = call("POST", token, "pin", Map.of("pin", "4821"), null);
        assertEquals(Map.of("unlocked", true), expectObject(200, r));
        String cookie = ApiFlow.cookie(r);
        assertTrue(cookie.startsWith("signet_unlock="), cookie);
        return cookie;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> fieldIdsByType(Map<String, Object> session) {
        Map<String, String> ids = new java.util.HashMap<>();
        for (Object o : (List<Object>) session.get("fields")) {
            Map<String, Object> f = (Map<String, Object>) o;
            ids.put((String) f.get("field_type"), (String) f.get("id"));
        }
        return ids;
    }

    /** A call of one of the link's endpoints, answered as text. */
    private HttpResponse<String> call(String method, String token, String endpoint, Object body, String cookie) {
        return signet.server().send(request(method, token, endpoint, body, cookie).build());
    }

    /** A request to one of the link's endpoints; a body goes as JSON, the unlock cookie when given. */
    private HttpRequest.Builder request(String method, String token, String endpoint, Object body, String cookie) {
        HttpRequest.Builder b = signet.server().request("/sign/" + token + "/" + endpoint, null);
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(Json.write(body)));
    }

    private HttpResponse<byte[]> bytes(HttpRequest.Builder b) {
        return signet.server().sendForBytes(b.build());
    }

    private static byte[] expect200Bytes(HttpResponse<byte[]> r, String type) {
        if (r.statusCode() != 200) {
            throw new AssertionError("expected 200 but got " + r.statusCode() + ": "
                    + new String(r.body(), StandardCharsets.UTF_8));
        }
        assertEquals(type, r.headers().firstValue("Content-Type").orElse(""));
        return r.body();
    }
}
