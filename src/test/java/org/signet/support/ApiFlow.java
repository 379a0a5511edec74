package org.signet.support;

import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Signer;
import org.signet.json.Json;
import org.signet.store.DocumentStore;
import org.signet.store.SignerStore;
import org.signet.support.TestServer.Credentials;

/**
 * Drives a real Signet the way a sender's integration and a signer's browser do: documents,
 * signers and fields through the REST interface, signing through the signers' links, and the
 * stores behind them for what no endpoint does.
 */
public final class ApiFlow {
    /** Every sender request carries this user agent, so audit events can be checked for it. */
    public static final String USER_AGENT = "SignetFlowTest/1.0";
    /** Every signer request carries this user agent, so audit events can be checked for it. */
    public static final String SIGNER_AGENT = "SignetTestBrowser/1.0 (signing tests)";
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final DateTimeFormatter WIRE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    public final TestServer server;
    public final Credentials key;
    public final SentMail mail;
    private final Clock clock;

    public ApiFlow(TestServer server, Credentials key, Clock clock) {
        this.server = server;
        this.key = key;
        this.clock = clock;
        this.mail = new SentMail(server, clock);
    }

    // ---- the sender's REST calls ----

    public HttpResponse<String> get(String path) {
        return server.send(request(path).GET().build());
    }

    /** {@code body} is a Map or List written as JSON, a String sent as it is, or null for no body. */
    public HttpResponse<String> post(String path, Object body) {
        return call("POST", path, body);
    }

    public HttpResponse<String> put(String path, Object body) {
        return call("PUT", path, body);
    }

    public HttpResponse<String> delete(String path) {
        return call("DELETE", path, null);
    }

    /** Uploads an A4 PDF of {@code pages} pages as contract.pdf titled {@code title}; returns the draft's id. */
    public String upload(String title, int pages) {
        return upload(title, pages, new Multipart());
    }

    /** As {@link #upload(String, int)}, the draft going to team {@code teamId}. */
    public String upload(String title, int pages, String teamId) {
        return upload(title, pages, new Multipart().text("team_id", teamId));
    }

    private String upload(String title, int pages, Multipart parts) {
        HttpResponse<String> r = server.send(parts.text("title", title)
                .file("file", "contract.pdf", "application/pdf", TestFiles.pdf(pages))
                .post(request("documents/upload")).build());
        return (String) expectObject(201, r).get("id");
    }

    public HttpResponse<String> postSigner(String doc, Map<String, Object> body) {
        return post("documents/" + doc + "/signers", body);
    }

    /** Adds a signer from its JSON body, failing unless the answer is 201. */
    public Party addSigner(String doc, Map<String, Object> body) {
        Map<String, Object> made = expectObject(201, postSigner(doc, body));
        return new Party((String) made.get("id"), (String) body.get("name"), (String) body.get("email"),
                (String) made.get("signing_url"));
    }

    public Party addSigner(String doc, String name, String email, String role, int order) {
        return addSigner(doc, signerBody(name, email, role, order));
    }

    public static Map<String, Object> signerBody(String name, String email, String role, int order) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("email", email);
        m.put("role", role);
        m.put("signing_order", order);
        return m;
    }

    /** A field at a point of a page, from the top-left corner in points, at the default size. */
    public static Map<String, Object> field(Object signerId, String type, int page, double x, double y) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("signer_id", signerId);
        m.put("field_type", type);
        m.put("page_number", page);
        m.put("position_x", x);
        m.put("position_y", y);
        return m;
    }

    /** A field box on a page, from the top-left corner, in points. */
    public static Map<String, Object> field(Object signerId, String type, int page, double x, double y, double w,
            double h) {
        Map<String, Object> m = field(signerId, type, page, x, y);
        m.put("width", w);
        m.put("height", h);
        return m;
    }

    public HttpResponse<String> postFields(String doc, List<Map<String, Object>> fields) {
        return post("documents/" + doc + "/fields", Map.of("fields", fields));
    }

    /** Saves the fields, failing unless the answer is 200; returns the saved records in order. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> saveFields(String doc, List<Map<String, Object>> fields) {
        return (List<Map<String, Object>>) (List<?>) TestServer.array(expect(200, postFields(doc, fields)));
    }

    /** Adds Sam Signer at {@code email} with one signature field on page 1, so that the document can be sent. */
    public Party addSignerWithSignatureField(String doc, String email) {
        Party signer = addSigner(doc, Map.of("name", "Sam Signer", "email", email));
        saveFields(doc, List.of(field(Long.parseLong(signer.id()), "signature", 1, 72, 600)));
        return signer;
    }

    /** Replaces the fields with one required signature field for each of {@code signerIds}. */
    public void signatureFields(String doc, String... signerIds) {
        List<Map<String, Object>> fields = new ArrayList<>();
        for (int i = 0; i < signerIds.length; i++) {
            fields.add(field(signerIds[i], "signature", 1, 72, 100 + 70 * i));
        }
        saveFields(doc, fields);
    }

    public HttpResponse<String> postSend(String doc) {
        return post("documents/" + doc + "/send", null);
    }

    /** Sends the document, failing unless the answer is 200. */
    public void send(String doc) {
        expect(200, postSend(doc));
    }

    /** Sets expires_at to {@code ahead} from the clock's now. */
    public void expiresIn(String doc, Duration ahead) {
        expect(200, put("documents/" + doc, Map.of("expires_at", WIRE_TIME.format(clock.instant().plus(ahead)))));
    }

    /** {@code GET /documents/{id}}, failing unless the answer is 200. */
    public Map<String, Object> document(String doc) {
        return expectObject(200, get("documents/" + doc));
    }

    public String status(String doc) {
        return (String) document(doc).get("status");
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> fields(String doc) {
        return (List<Map<String, Object>>) (List<?>) TestServer.array(expect(200, get("documents/" + doc + "/fields")));
    }

    /** The signers of the single-document response, by id. */
    @SuppressWarnings("unchecked")
    public Map<String, Map<String, Object>> signerRecords(String doc) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Object o : (List<Object>) document(doc).get("signers")) {
            Map<String, Object> s = (Map<String, Object>) o;
            out.put((String) s.get("id"), s);
        }
        return out;
    }

    /** The signer's status as the sender sees it. */
    public String signerStatus(String doc, String signerId) {
        Map<String, Object> s = signerRecords(doc).get(signerId);
        if (s == null) {
            throw new AssertionError("no signer " + signerId);
        }
        return (String) s.get("status");
    }

    /** The audit trail of a document, oldest first. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> audit(String doc) {
        return (List<Map<String, Object>>) expectObject(200, get("documents/" + doc + "/audit")).get("events");
    }

    /** The audit events of a document with {@code action}. */
    public List<Map<String, Object>> audit(String doc, String action) {
        return audit(doc).stream().filter(e -> action.equals(e.get("action"))).toList();
    }

    /**
     * The document once its final PDF's hash is recorded. Sealing runs after the request that
     * completed the document, so this polls against a deadline, asking the sealer to run too.
     */
    public Map<String, Object> awaitSealed(String doc) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            server.app.completion().sealPending();
            Map<String, Object> d = document(doc);
            if (d.get("signed_file_hash") != null) {
                return d;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not sealed in time: " + d);
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    private HttpResponse<String> call(String method, String path, Object body) {
        String json = body == null ? null : body instanceof String s ? s : Json.write(body);
        HttpRequest.Builder b = request(path).method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        return server.send(b.build());
    }

    /** A request to the REST {@code path} with this flow's key, for a body the helpers above do not make. */
    public HttpRequest.Builder request(String path) {
        return server.request(path, key).header("User-Agent", USER_AGENT);
    }

    // ---- the signer's calls through the signing link ----

    public HttpResponse<String> session(String token) {
        return session(token, null);
    }

    public HttpResponse<String> session(String token, String cookie) {
        return server.send(link(token, "session", cookie).GET().build());
    }

    /** POSTs a JSON body (or a String as it is) to one of the link's endpoints: submit, decline, pin, login. */
    public HttpResponse<String> postToLink(String token, String action, Object body) {
        return postToLink(token, action, body, null);
    }

    public HttpResponse<String> postToLink(String token, String action, Object body, String cookie) {
        return server.send(link(token, action, cookie).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : Json.write(body))).build());
    }

    /** Signs with consent, the given values and a drawn signature. */
    public HttpResponse<String> sign(String token, Map<String, Object> values) {
        return postToLink(token, "submit", Map.of("consent", true, "values", values,
                "signature", Map.of("method", "draw", "image", TestFiles.pngDataUrl(300, 90))));
    }

    public HttpResponse<String> sign(String token) {
        return sign(token, Map.of());
    }

    /** Sends a file to one of the link's attachment fields as the signing page does: multipart, part {@code file}. */
    public HttpResponse<String> attach(String token, Object fieldId, String filename, String mediaType, byte[] content,
            String cookie) {
        Multipart body = new Multipart().file("file", filename, mediaType, content);
        return server.send(body.post(link(token, "attachments/" + fieldId, cookie)).build());
    }

    public HttpResponse<String> attach(String token, Object fieldId, String filename, String mediaType, byte[] content) {
        return attach(token, fieldId, filename, mediaType, content, null);
    }

    /** The file attached to a field, as the owner downloads it. */
    public HttpResponse<byte[]> attachment(String doc, Object fieldId) {
        return server.sendForBytes(request("documents/" + doc + "/attachments/" + fieldId).GET().build());
    }

    /** Approves as an approver does: consent and nothing else. */
    public HttpResponse<String> approve(String token) {
        return postToLink(token, "submit", Map.of("consent", true));
    }

    /** The name=value part of a Set-Cookie header, ready to send back as Cookie. */
    public static String cookie(HttpResponse<?> r) {
        String set = r.headers().firstValue("Set-Cookie").orElseThrow(() -> new AssertionError("no Set-Cookie"));
        return set.substring(0, set.indexOf(';'));
    }

    private HttpRequest.Builder link(String token, String endpoint, String cookie) {
        HttpRequest.Builder b = server.request("/sign/" + token + "/" + endpoint, null).header("User-Agent", SIGNER_AGENT);
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b;
    }

    // ---- the stores, for what no endpoint does ----

    /** Records a signature behind the interface's back, from whatever status the signer has now. */
    public void markSigned(long signerId, String ip, String userAgent) {
        Signer.Status now = signers().find(signerId).orElseThrow().status();
        if (!signers().markSigned(signerId, now, ip, userAgent)) {
            throw new AssertionError("signer " + signerId + " changed status meanwhile");
        }
    }

    public SignerStore signers() {
        return server.app.signers();
    }

    public DocumentStore documents() {
        return new DocumentStore(server.app.database(), clock);
    }

    /** Forces a status no endpoint reaches (completed, declined), through the store's compare-and-set. */
    public void forceStatus(String doc, DocumentStatus from, DocumentStatus to) {
        if (documents().changeStatus(Long.parseLong(doc), from, to).isEmpty()) {
            throw new AssertionError("document " + doc + " was not " + from.wire());
        }
    }
}
