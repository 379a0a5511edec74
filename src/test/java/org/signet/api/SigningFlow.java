package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.signet.domain.DocumentStatus;
import org.signet.json.Json;
import org.signet.mail.MailQueue;
import org.signet.mail.MessageTemplates;
import org.signet.mail.OutboxEntry;
import org.signet.store.DocumentStore;
import org.signet.store.SignerStore;
import org.signet.support.Multipart;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/**
 * Drives a real Signet through its REST interface for the workflow tests: documents, signers,
 * fields, and the stores behind them for what no endpoint does yet (a signer signing).
 */
public final class SigningFlow {
    /** Every request of a flow carries this user agent, so audit events can be checked for it. */
    public static final String USER_AGENT = "SignetFlowTest/1.0";
    private static final DateTimeFormatter WIRE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    public final TestServer server;
    public final Credentials key;
    private final Clock clock;

    public SigningFlow(TestServer server, Credentials key, Clock clock) {
        this.server = server;
        this.key = key;
        this.clock = clock;
    }

    /** Uploads a two-page A4 PDF and returns the new draft's id. */
    public String document(String title) {
        HttpResponse<String> r = server.send(new Multipart().text("title", title)
                .file("file", "contract.pdf", "application/pdf", TestFiles.pdf(2))
                .post(request("documents/upload")).build());
        assertEquals(201, r.statusCode(), r.body());
        return (String) TestServer.object(r).get("id");
    }

    public HttpResponse<String> get(String path) {
        return server.send(request(path).GET().build());
    }

    public HttpResponse<String> post(String path, Object body) {
        return send("POST", path, body);
    }

    public HttpResponse<String> put(String path, Object body) {
        return send("PUT", path, body);
    }

    /** {@code body} is a Map or List written as JSON, a String sent as it is, or null for no body. */
    public HttpResponse<String> send(String method, String path, Object body) {
        String json = body == null ? null : body instanceof String s ? s : Json.write(body);
        HttpRequest.Builder b = request(path).method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        return server.send(b.build());
    }

    private HttpRequest.Builder request(String path) {
        return server.request(path, key).header("User-Agent", USER_AGENT);
    }

    public HttpResponse<String> addSignerRaw(String doc, Map<String, Object> body) {
        return post("documents/" + doc + "/signers", body);
    }

    /** Adds a signer and returns its id, failing unless the answer is 201. */
    public String signer(String doc, String name, String email, String role, int order) {
        HttpResponse<String> r = addSignerRaw(doc, signerBody(name, email, role, order));
        assertEquals(201, r.statusCode(), r.body());
        return (String) TestServer.object(r).get("id");
    }

    public static Map<String, Object> signerBody(String name, String email, String role, int order) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("email", email);
        m.put("role", role);
        m.put("signing_order", order);
        return m;
    }

    public static Map<String, Object> field(String signerId, String type, int page, double x, double y) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("signer_id", signerId);
        m.put("field_type", type);
        m.put("page_number", page);
        m.put("position_x", x);
        m.put("position_y", y);
        return m;
    }

    public HttpResponse<String> saveFields(String doc, List<Map<String, Object>> fields) {
        return post("documents/" + doc + "/fields", Map.of("fields", fields));
    }

    /** Replaces the fields with one required signature field for each of {@code signerIds}. */
    public void signatureFields(String doc, String... signerIds) {
        List<Map<String, Object>> fields = new ArrayList<>();
        for (int i = 0; i < signerIds.length; i++) {
            fields.add(field(signerIds[i], "signature", 1, 72, 100 + 70 * i));
        }
        HttpResponse<String> r = saveFields(doc, fields);
        assertEquals(200, r.statusCode(), r.body());
    }

    public HttpResponse<String> sendDocument(String doc) {
        return post("documents/" + doc + "/send", null);
    }

    /** Sets expires_at to {@code ahead} from the clock's now. */
    public void expiresIn(String doc, Duration ahead) {
        HttpResponse<String> r = put("documents/" + doc, Map.of("expires_at", WIRE_TIME.format(clock.instant().plus(ahead))));
        assertEquals(200, r.statusCode(), r.body());
    }

    public SignerStore signers() {
        return new SignerStore(server.app.database(), clock);
    }

    public DocumentStore documents() {
        return new DocumentStore(server.app.database(), clock);
    }

    public MailQueue mail() {
        return new MailQueue(server.app.database(), MessageTemplates.load(), clock);
    }

    /** Messages queued for {@code recipient} with {@code template}, whatever their delivery state. */
    public List<OutboxEntry> mailTo(String recipient, String template) {
        // One query by id, not one list per status: the sender may move a message between lists meanwhile.
        MailQueue queue = mail();
        return server.app.database().query("SELECT id FROM mail_outbox WHERE recipient = ? COLLATE NOCASE "
                        + "AND template = ? ORDER BY id", r -> r.getLong("id"), recipient, template).stream()
                .map(id -> queue.find(id).orElseThrow()).toList();
    }

    /** Forces a status no endpoint reaches yet (completed, declined), through the store's compare-and-set. */
    public void forceStatus(String doc, DocumentStatus from, DocumentStatus to) {
        if (!documents().changeStatus(Long.parseLong(doc), from, to)) {
            throw new AssertionError("document " + doc + " was not " + from.wire());
        }
    }

    public String status(String doc) {
        return (String) TestServer.object(get("documents/" + doc)).get("status");
    }

    /** The signers of the single-document response, by id. */
    @SuppressWarnings("unchecked")
    public Map<String, Map<String, Object>> signerRecords(String doc) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Object o : (List<Object>) TestServer.object(get("documents/" + doc)).get("signers")) {
            Map<String, Object> s = (Map<String, Object>) o;
            out.put((String) s.get("id"), s);
        }
        return out;
    }

    /** The audit events of a document with {@code action}. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> audit(String doc, String action) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : (List<Object>) TestServer.object(get("documents/" + doc + "/audit")).get("events")) {
            Map<String, Object> e = (Map<String, Object>) o;
            if (action.equals(e.get("action"))) {
                out.add(e);
            }
        }
        return out;
    }
}
