package org.signet.support;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.support.ui.FluentWait;
import org.signet.json.Json;
import org.signet.support.TestServer.Credentials;

/**
 * Prepares a document through the REST interface the way an integrating site does: upload,
 * add parties, place fields, send. Every call must succeed; a failure stops the test with the
 * response that explains it.
 */
public final class DocumentSetup {
    private final TestServer server;
    private final Credentials key;
    private final String id;
    private final List<Map<String, Object>> fields = new ArrayList<>();

    private DocumentSetup(TestServer server, Credentials key, String id) {
        this.server = server;
        this.key = key;
        this.id = id;
    }

    /** Uploads an A4 PDF of {@code pages} pages titled {@code title}. */
    public static DocumentSetup upload(TestServer server, Credentials key, String title, int pages) {
        return new DocumentSetup(server, key, server.uploadPdf(key, title + ".pdf", TestFiles.pdf(pages)));
    }

    public String id() {
        return id;
    }

    /**
     * Adds a party; {@code extra} are further key, value pairs of the add-signer body, such as
     * {@code "pin_code", "4827"}.
     */
    public Party party(String name, String role, int order, Object... extra) {
        String email = name.toLowerCase().replace(' ', '.') + "@example.com";
        Map<String, Object> body = new LinkedHashMap<>(Map.of("name", name, "email", email, "role", role,
                "signing_order", order));
        for (int i = 0; i < extra.length; i += 2) {
            body.put((String) extra[i], extra[i + 1]);
        }
        Map<String, Object> made = ok(201, "POST", "/signers", body);
        return new Party((String) made.get("id"), name, email, (String) made.get("signing_url"));
    }

    /**
     * Places a required field of {@code type} for {@code party} at a box in PDF points;
     * {@code extra} are further key, value pairs of the field, such as {@code "options", List.of("A")}.
     */
    public DocumentSetup field(Party party, String type, int page, double x, double y, double w, double h,
            Object... extra) {
        Map<String, Object> f = new LinkedHashMap<>(Map.of("signer_id", party.id(), "field_type", type,
                "page_number", page, "position_x", x, "position_y", y, "width", w, "height", h, "is_required", true));
        for (int i = 0; i < extra.length; i += 2) {
            f.put((String) extra[i], extra[i + 1]);
        }
        fields.add(f);
        return this;
    }

    /** Saves the placed fields and sends the document, which invites the first group. */
    public DocumentSetup send() {
        call(200, "POST", "/fields", Map.of("fields", fields));
        ok(200, "POST", "/send", Map.of());
        return this;
    }

    /** The id of {@code party}'s only field of {@code type}. */
    @SuppressWarnings("unchecked")
    public String fieldId(Party party, String type) {
        for (Object o : (List<Object>) document().get("fields")) {
            Map<String, Object> f = (Map<String, Object>) o;
            if (party.id().equals(f.get("signer_id")) && type.equals(f.get("field_type"))) {
                return (String) f.get("id");
            }
        }
        throw new AssertionError("no " + type + " field for signer " + party.id());
    }

    /** {@code PUT /documents/{id}} with {@code changes}; returns the updated document. */
    public Map<String, Object> update(Map<String, Object> changes) {
        return ok(200, "PUT", "", changes);
    }

    /** {@code GET /documents/{id}}. */
    public Map<String, Object> document() {
        return ok(200, "GET", "", null);
    }

    /** The value stored in {@code party}'s field of {@code type}. */
    @SuppressWarnings("unchecked")
    public String value(Party party, String type) {
        String fieldId = fieldId(party, type);
        for (Object o : (List<Object>) document().get("fields")) {
            Map<String, Object> f = (Map<String, Object>) o;
            if (fieldId.equals(f.get("id"))) {
                return (String) f.get("value");
            }
        }
        throw new AssertionError("field " + fieldId + " vanished");
    }

    /** A party's record in the single-document response. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> signer(Party party) {
        for (Object o : (List<Object>) document().get("signers")) {
            Map<String, Object> s = (Map<String, Object>) o;
            if (party.id().equals(s.get("id"))) {
                return s;
            }
        }
        throw new AssertionError("no signer " + party.id());
    }

    /**
     * The single-document response once the completed document carries its final PDF's hash.
     * Sealing runs after the request that completed the document, so this polls against a
     * deadline, asking the sealer to run as well in case its background pass is far off.
     */
    public Map<String, Object> sealed() {
        return new FluentWait<>(this).withTimeout(Duration.ofSeconds(20)).pollingEvery(Duration.ofMillis(100))
                .withMessage("document " + id + " was not sealed")
                .until(setup -> {
                    server.app.completion().sealPending();
                    Map<String, Object> d = setup.document();
                    return d.get("signed_file_hash") == null ? null : d;
                });
    }

    public String status() {
        return (String) document().get("status");
    }

    /** The actions of the audit trail, with their details, oldest first. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> audit() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : (List<Object>) ok(200, "GET", "/audit", null).get("events")) {
            out.add((Map<String, Object>) o);
        }
        return out;
    }

    /** A party's own JSON endpoint under its token, such as {@code session} or {@code submit}. */
    public HttpResponse<String> signing(Party party, String method, String endpoint, Object body) {
        return server.send(method, "/sign/" + party.token() + "/" + endpoint, null,
                body == null ? null : Json.write(body));
    }

    private Map<String, Object> ok(int status, String method, String path, Object body) {
        return TestServer.object(call(status, method, path, body));
    }

    private HttpResponse<String> call(int status, String method, String path, Object body) {
        HttpResponse<String> r = server.send(method, "documents/" + id + path, key, body == null ? null : Json.write(body));
        if (r.statusCode() != status) {
            throw new AssertionError(method + " documents/" + id + path + ": " + r.statusCode() + " " + r.body());
        }
        return r;
    }
}
