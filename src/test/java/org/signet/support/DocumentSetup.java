package org.signet.support;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One document prepared through {@link ApiFlow} the way an integrating site does: upload, add
 * parties, place fields, send. It only remembers the document's id and the fields placed so far;
 * every request goes through the flow, and every call must succeed.
 */
public final class DocumentSetup {
    private final ApiFlow flow;
    private final String id;
    private final List<Map<String, Object>> fields = new ArrayList<>();

    private DocumentSetup(ApiFlow flow, String id) {
        this.flow = flow;
        this.id = id;
    }

    /** Uploads an A4 PDF of {@code pages} pages titled {@code title}. */
    public static DocumentSetup upload(ApiFlow flow, String title, int pages) {
        return new DocumentSetup(flow, flow.upload(title, pages));
    }

    /** A document already uploaded as {@code id}, to be prepared further. */
    public static DocumentSetup of(ApiFlow flow, String id) {
        return new DocumentSetup(flow, id);
    }

    public String id() {
        return id;
    }

    /**
     * Adds a party whose email is made from its name; {@code extra} are further key, value pairs
     * of the add-signer body, such as {@code "pin_code", "4827"}.
     */
    public Party party(String name, String role, int order, Object... extra) {
        String email = name.toLowerCase().replace(' ', '.') + "@example.com";
        Map<String, Object> body = ApiFlow.signerBody(name, email, role, order);
        for (int i = 0; i < extra.length; i += 2) {
            body.put((String) extra[i], extra[i + 1]);
        }
        return flow.addSigner(id, body);
    }

    /**
     * Places a required field of {@code type} for {@code party} at a box in PDF points;
     * {@code extra} are further key, value pairs of the field, such as {@code "options", List.of("A")}.
     */
    public DocumentSetup field(Party party, String type, int page, double x, double y, double w, double h,
            Object... extra) {
        Map<String, Object> f = new LinkedHashMap<>(ApiFlow.field(party.id(), type, page, x, y, w, h));
        f.put("is_required", true);
        for (int i = 0; i < extra.length; i += 2) {
            f.put((String) extra[i], extra[i + 1]);
        }
        fields.add(f);
        return this;
    }

    /** Saves the placed fields and sends the document, which invites the first group. */
    public DocumentSetup send() {
        flow.saveFields(id, fields);
        flow.send(id);
        return this;
    }

    /** The record of {@code party}'s only field of {@code type}. */
    private Map<String, Object> fieldOf(Party party, String type) {
        return flow.fields(id).stream()
                .filter(f -> party.id().equals(f.get("signer_id")) && type.equals(f.get("field_type"))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " field for signer " + party.id()));
    }

    public String fieldId(Party party, String type) {
        return (String) fieldOf(party, type).get("id");
    }

    /** The value stored in {@code party}'s field of {@code type}. */
    public String value(Party party, String type) {
        return (String) fieldOf(party, type).get("value");
    }

    /** {@code PUT /documents/{id}} with {@code changes}; returns the updated document. */
    public Map<String, Object> update(Map<String, Object> changes) {
        return TestServer.expectObject(200, flow.put("documents/" + id, changes));
    }

    public Map<String, Object> document() {
        return flow.document(id);
    }

    /** A party's record in the single-document response. */
    public Map<String, Object> signer(Party party) {
        Map<String, Object> s = flow.signerRecords(id).get(party.id());
        if (s == null) {
            throw new AssertionError("no signer " + party.id());
        }
        return s;
    }

    /** The document once its final PDF is sealed. */
    public Map<String, Object> sealed() {
        return flow.awaitSealed(id);
    }

    public String status() {
        return flow.status(id);
    }

    /** The audit trail, oldest first. */
    public List<Map<String, Object>> audit() {
        return flow.audit(id);
    }

    /** A party's own JSON endpoint under its token: GET {@code session}, or POST {@code submit}, {@code decline}... */
    public HttpResponse<String> signing(Party party, String method, String endpoint, Object body) {
        if (method.equals("GET")) {
            if (!endpoint.equals("session")) {
                throw new IllegalArgumentException("the only GET endpoint of a link is session");
            }
            return flow.session(party.token());
        }
        return flow.postToLink(party.token(), endpoint, body);
    }
}
