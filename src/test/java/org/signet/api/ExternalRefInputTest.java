package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/** A client's external_id and metadata: taken by every way of making a document, returned, changed and looked up. */
class ExternalRefInputTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private static final Map<String, Object> METADATA = orderedMetadata();

    private ApiFlow flow;
    private ApiFlow admin;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        admin = signet.flow("admin@example.org", true);
    }

    private static Map<String, Object> orderedMetadata() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("crm", "42");
        m.put("région", "Île-de-France");
        m.put("empty", "");
        return m;
    }

    private HttpResponse<String> upload(ApiFlow as, Multipart extra) {
        return signet.server().send(extra.file("file", "contract.pdf", "application/pdf", TestFiles.pdf(1))
                .post(as.server.request("documents/upload", as.key)).build());
    }

    private String uploadWith(ApiFlow as, String externalId) {
        return (String) expectObject(201, upload(as, new Multipart().text("title", "Offer")
                .text("external_id", externalId).text("metadata", Json.write(METADATA)))).get("id");
    }

    private long documentCount() {
        return signet.server().app.database().queryLong("SELECT count(*) FROM documents");
    }

    @Test
    void upload_multipart_keptAndReturnedInListAndSingleForms() {
        Map<String, Object> made = expectObject(201, upload(flow, new Multipart().text("title", "Offer")
                .text("external_id", "  crm-42  ").text("metadata", Json.write(METADATA))));

        assertEquals("crm-42", made.get("external_id"), "one line, stripped like a title");
        assertEquals(METADATA, made.get("metadata"));
        Map<String, Object> single = flow.document((String) made.get("id"));
        assertEquals("crm-42", single.get("external_id"));
        assertEquals(List.copyOf(METADATA.keySet()), List.copyOf(((Map<?, ?>) single.get("metadata")).keySet()),
                "the client's order");
        Map<?, ?> listed = (Map<?, ?>) array(flow.get("documents")).get(0);
        assertEquals(METADATA, listed.get("metadata"));
    }

    @Test
    void upload_without_nullIdAndEmptyMetadata() {
        Map<String, Object> made = expectObject(201, upload(flow, new Multipart().text("external_id", "")));

        assertNull(made.get("external_id"));
        assertEquals(Map.of(), made.get("metadata"));
        assertTrue(flow.document((String) made.get("id")).containsKey("external_id"));
    }

    @Test
    void createFromStagedFile_json_kept() {
        Map<String, Object> staged = expectObject(201, signet.server().postMultipart("files", flow.key,
                new Multipart().file("file", "offer.pdf", "application/pdf", TestFiles.pdf(1))));

        Map<String, Object> made = expectObject(201, flow.post("documents", Map.of("title", "Offer", "file_path",
                staged.get("file_path"), "external_id", "deal-7", "metadata", METADATA)));

        assertEquals("deal-7", flow.document((String) made.get("id")).get("external_id"));
        assertEquals(METADATA, flow.document((String) made.get("id")).get("metadata"));
    }

    @Test
    void templateDocument_keptAndReturned() {
        String doc = flow.upload("Contract", 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        Object template = expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc),
                "name", "Contract"))).get("id");

        Map<String, Object> made = expectObject(201, flow.post("templates/" + template + "/documents", Map.of(
                "signers", List.of(Map.of("name", "Bea", "email", "bea@example.org")),
                "external_id", "tpl-1", "metadata", Map.of("batch", "march"))));

        assertEquals("tpl-1", made.get("external_id"));
        assertEquals(Map.of("batch", "march"), flow.document((String) made.get("id")).get("metadata"));
    }

    @Test
    void update_setsReplacesAndClears_inAnyState() {
        String doc = uploadWith(flow, "first");
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);

        Map<String, Object> changed = expectObject(200, flow.put("documents/" + doc,
                Map.of("external_id", "second", "metadata", Map.of("stage", "sent"))));
        assertEquals("second", changed.get("external_id"));
        assertEquals(Map.of("stage", "sent"), changed.get("metadata"), "replaced whole");
        assertEquals(Map.of("stage", "sent"), flow.document(doc).get("metadata"), "cached detail renewed");

        Map<String, Object> cleared = new LinkedHashMap<>();
        cleared.put("external_id", null);
        cleared.put("metadata", null);
        Map<String, Object> after = expectObject(200, flow.put("documents/" + doc, cleared));
        assertNull(after.get("external_id"));
        assertEquals(Map.of(), after.get("metadata"));
        assertEquals("sent", after.get("status"));
        List<?> events = (List<?>) expectObject(200, flow.get("documents/" + doc + "/audit")).get("events");
        assertEquals(2, events.stream().filter(e -> "document_updated".equals(((Map<?, ?>) e).get("action"))).count(),
                "each change is in the trail");
    }

    @Test
    void list_byExternalId_exactAndOwnDocumentsOnly() {
        String mine = uploadWith(flow, "crm-42");
        uploadWith(flow, "crm-420");
        uploadWith(admin, "crm-42");

        List<Object> found = array(flow.get("documents?external_id=crm-42"));
        assertEquals(List.of(mine), found.stream().map(d -> ((Map<?, ?>) d).get("id")).toList());
        HttpResponse<String> asAdmin = admin.get("documents?external_id=crm-42");
        assertEquals(1, array(asAdmin).size(), "an administrator's own ids are its own too");
        assertEquals("1", asAdmin.headers().firstValue("X-WP-Total").orElseThrow());
        assertEquals(3, array(admin.get("documents")).size(), "without the filter the administrator sees all");
        assertEquals(0, array(flow.get("documents?external_id=none")).size());
    }

    @Test
    void list_externalIdTooLong_refused() {
        HttpResponse<String> r = flow.get("documents?external_id=" + "x".repeat(256));

        assertEquals(400, r.statusCode());
        assertTrue(data(r).get("params").toString().contains("external_id"), r.body());
    }

    @Test
    void create_badInput_refusedNamingTheParameter_nothingMade() {
        Map<String, Object> bigValues = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            bigValues.put("k" + i, "v".repeat(900));
        }
        Map<String, Object> tooMany = new LinkedHashMap<>();
        for (int i = 0; i < 51; i++) {
            tooMany.put("k" + i, "v");
        }
        long before = documentCount();

        assertRefused("external_id", Map.of("external_id", "x".repeat(256)));
        assertRefused("external_id", Map.of("external_id", "two\nlines"));
        assertRefused("external_id", Map.of("external_id", 42));
        assertRefused("metadata", Map.of("metadata", List.of("a")));
        assertRefused("metadata", Map.of("metadata", tooMany));
        assertRefused("metadata", Map.of("metadata", Map.of("", "v")));
        assertRefused("metadata", Map.of("metadata", Map.of("n", 1)));
        assertRefused("metadata", Map.of("metadata", bigValues));
        HttpResponse<String> notJson = upload(flow, new Multipart().text("metadata", "crm=42"));
        assertEquals("rest_invalid_param", code(notJson), notJson.body());
        assertTrue(((Map<?, ?>) data(notJson).get("params")).containsKey("metadata"), notJson.body());

        assertEquals(before, documentCount());
    }

    private void assertRefused(String param, Map<String, Object> body) {
        Map<String, Object> staged = expectObject(201, signet.server().postMultipart("files", flow.key,
                new Multipart().file("file", "offer.pdf", "application/pdf", TestFiles.pdf(1))));
        Map<String, Object> full = new LinkedHashMap<>(body);
        full.put("title", "Offer");
        full.put("file_path", staged.get("file_path"));
        HttpResponse<String> r = flow.post("documents", full);
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), r.body());
    }

    @Test
    void update_badMetadata_refusedAndUnchanged() {
        String doc = uploadWith(flow, "keep");

        HttpResponse<String> r = flow.put("documents/" + doc, Map.of("external_id", "new", "metadata", "x"));

        assertEquals("rest_invalid_param", code(r), r.body());
        assertEquals("keep", flow.document(doc).get("external_id"), "all or nothing");
        assertEquals(METADATA, flow.document(doc).get("metadata"));
    }
}
