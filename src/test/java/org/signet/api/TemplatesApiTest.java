package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.awt.geom.Rectangle2D;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.PDFTextStripperByArea;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/** Templates end to end: made from a document or an upload, edited, and turned into prefilled, sent documents. */
class TemplatesApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private ApiFlow other;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        other = signet.flow("other@example.org", false);
    }

    private static Map<String, Object> named(Map<String, Object> field, String name) {
        field.put("field_name", name);
        return field;
    }

    /** A sent-ready document: Ann (order 1) with a signature, company, notes, agree and plan; Bob (order 2) signs. */
    private String contract() {
        String doc = flow.upload("Service contract", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Baker", "bob@example.org", "signer", 2);
        Map<String, Object> plan = named(ApiFlow.field(ann.id(), "dropdown", 1, 300, 300, 150, 30), "Plan");
        plan.put("options", List.of("Basic", "Premium"));
        flow.saveFields(doc, List.of(
                ApiFlow.field(ann.id(), "signature", 1, 72, 600, 200, 60),
                named(ApiFlow.field(ann.id(), "text", 1, 72, 100, 250, 30), "Company Name"),
                named(ApiFlow.field(ann.id(), "textarea", 1, 72, 150, 400, 80), "Notes"),
                named(ApiFlow.field(ann.id(), "checkbox", 1, 72, 300, 20, 20), "Agree"),
                plan,
                ApiFlow.field(ann.id(), "date", 1, 72, 700, 100, 30),
                ApiFlow.field(bob.id(), "signature", 1, 300, 600, 200, 60),
                ApiFlow.field(bob.id(), "name", 1, 300, 700, 150, 30)));
        return doc;
    }

    private Map<String, Object> templateOf(String doc) {
        return expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc), "name", "Contract",
                "description", "Our standard service contract")));
    }

    private static List<String> keys(Map<String, Object> template) {
        return ((List<?>) template.get("variables")).stream().map(v -> (String) ((Map<?, ?>) v).get("key")).toList();
    }

    private static List<Map<String, Object>> signers(String... emails) {
        return java.util.Arrays.stream(emails).map(e -> Map.<String, Object>of("name", e.substring(0, e.indexOf('@')),
                "email", e)).toList();
    }

    private HttpResponse<String> create(Object id, Map<String, Object> body) {
        return flow.post("templates/" + id + "/documents", body);
    }

    @Test
    void fromDocument_copiesFileFieldsAndSlots_integersAndSuggestedKeys() {
        Map<String, Object> t = templateOf(contract());

        assertTrue(t.get("id") instanceof Number);
        assertEquals(1L, ((Number) t.get("total_pages")).longValue());
        assertEquals("Contract", t.get("name"));
        assertEquals(List.of("company_name", "notes", "agree", "plan"), keys(t));
        Map<?, ?> first = (Map<?, ?>) ((List<?>) t.get("variables")).get(0);
        assertEquals("Company Name", first.get("label"));
        assertEquals("text", first.get("field_type"));
        List<?> slots = (List<?>) t.get("signer_slots");
        assertEquals(2, slots.size());
        assertEquals(2L, ((Number) ((Map<?, ?>) slots.get(1)).get("signing_order")).longValue());
        List<Object> fields = array(flow.get("templates/" + t.get("id") + "/fields"));
        assertEquals(8, fields.size());
        Map<?, ?> bobSignature = (Map<?, ?>) fields.get(6);
        assertEquals(2L, ((Number) bobSignature.get("signer_slot")).longValue());
        assertNull(bobSignature.get("variable_key"), "a signature is never a variable");
        assertEquals(300L, ((Number) bobSignature.get("position_x")).longValue());
    }

    @Test
    void upload_emptyTemplateNamedAfterTheFile_thenFieldsWithKeys() {
        HttpResponse<String> r = signet.server().postMultipart("templates/upload", flow.key, new Multipart()
                .file("file", "lease-2030.pdf", "application/pdf", TestFiles.pdf(2)));
        Map<String, Object> t = expectObject(201, r);
        assertEquals("lease-2030", t.get("name"));
        assertEquals(List.of(), keys(t));

        Map<String, Object> tenant = new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "text", "page_number", 2,
                "position_x", 72, "position_y", 100, "variable_key", "tenant"));
        Map<String, Object> sign = new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "signature",
                "page_number", 2, "position_x", 72, "position_y", 600));
        List<Object> saved = array(flow.post("templates/" + t.get("id") + "/fields", Map.of("fields", List.of(tenant,
                sign))));

        assertEquals(2, saved.size());
        assertEquals(List.of("tenant"), keys(expectObject(200, flow.get("templates/" + t.get("id")))));
    }

    @Test
    void saveFields_everyProblemAtOnce() {
        Map<String, Object> t = templateOf(contract());
        List<Map<String, Object>> bad = List.of(
                new LinkedHashMap<>(Map.of("signer_slot", 0, "field_type", "text", "page_number", 1, "position_x", 1,
                        "position_y", 1)),
                new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "signature", "page_number", 1, "position_x",
                        1, "position_y", 1, "variable_key", "sig")),
                new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "text", "page_number", 1, "position_x", 1,
                        "position_y", 1, "variable_key", "Bad Key")),
                new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "text", "page_number", 1, "position_x", 1,
                        "position_y", 40, "variable_key", "dup")),
                new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "text", "page_number", 1, "position_x", 1,
                        "position_y", 80, "variable_key", "dup")));

        HttpResponse<String> r = flow.post("templates/" + t.get("id") + "/fields", Map.of("fields", bad));

        assertEquals("validation_failed", code(r));
        List<?> errors = (List<?>) data(r).get("errors");
        assertTrue(errors.stream().anyMatch(e -> ((String) e).startsWith("Field 1: signer_slot")), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> ((String) e).startsWith("Field 2: variable_key is only")),
                errors.toString());
        assertTrue(errors.stream().anyMatch(e -> ((String) e).startsWith("Field 3: variable_key must")),
                errors.toString());
        assertTrue(errors.stream().anyMatch(e -> ((String) e).startsWith("Field 5: variable_key 'dup'")),
                errors.toString());
        assertEquals(8, array(flow.get("templates/" + t.get("id") + "/fields")).size(), "nothing was replaced");
    }

    @Test
    void createDocument_prefillsTextTextareaCheckboxDropdown_neverTheServiceOrSignatureFields() {
        Object id = templateOf(contract()).get("id");

        Map<String, Object> d = expectObject(201, create(id, Map.of("title", "Contract for ACME", "variables",
                Map.of("company_name", "ACME GmbH", "notes", "Net 30", "agree", "1", "plan", "Premium"),
                "signers", signers("carla@example.org", "dan@example.org"))));

        assertEquals(false, d.get("sent"));
        assertEquals("draft", d.get("status"));
        assertEquals("Contract for ACME", d.get("title"));
        List<?> fields = (List<?>) d.get("fields");
        Map<String, String> valueByName = new LinkedHashMap<>();
        fields.forEach(f -> valueByName.put(((Map<?, ?>) f).get("field_type") + ":" + ((Map<?, ?>) f).get("field_name"),
                (String) ((Map<?, ?>) f).get("value")));
        assertEquals("ACME GmbH", valueByName.get("text:Company Name"));
        assertEquals("Net 30", valueByName.get("textarea:Notes"));
        assertEquals("1", valueByName.get("checkbox:Agree"));
        assertEquals("Premium", valueByName.get("dropdown:Plan"));
        assertEquals("", valueByName.get("date:"));
        assertEquals("", valueByName.get("name:"));
        assertEquals("", valueByName.get("signature:"));
        List<?> parties = (List<?>) d.get("signers");
        assertEquals("carla@example.org", ((Map<?, ?>) parties.get(0)).get("email"));
        assertEquals("2", ((Map<?, ?>) parties.get(1)).get("signing_order"), "the slot's order");
        String docId = (String) d.get("id");
        assertTrue(((String) flow.audit(docId, "document_created").get(0).get("detail")).contains("from template " + id));
    }

    @Test
    void createDocument_badInput_400NamingItAndNothingLeftBehind() {
        Object id = templateOf(contract()).get("id");
        int files = signet.server().vaultFiles().size();
        long documents = ((Number) expectObject(200, flow.get("stats")).get("total")).longValue();

        HttpResponse<String> unknown = create(id, Map.of("variables", Map.of("colour", "blue", "company_name", "X"),
                "signers", signers("a@example.org", "b@example.org")));
        HttpResponse<String> fewer = create(id, Map.of("signers", signers("a@example.org")));
        HttpResponse<String> dropdown = create(id, Map.of("variables", Map.of("plan", "Gold"),
                "signers", signers("a@example.org", "b@example.org")));
        HttpResponse<String> checkbox = create(id, Map.of("variables", Map.of("agree", "yes"),
                "signers", signers("a@example.org", "b@example.org")));
        HttpResponse<String> badEmail = create(id, Map.of("signers", List.of(Map.of("name", "A", "email", "a@x.org"),
                Map.of("name", "B", "email", "not-an-email"))));

        assertEquals("rest_invalid_param", code(unknown));
        assertEquals(List.of("colour"), data(unknown).get("unknown_variables"));
        assertEquals("rest_invalid_param", code(fewer));
        assertEquals(List.of(2L), ((List<?>) data(fewer).get("missing_slots")).stream()
                .map(n -> ((Number) n).longValue()).toList());
        assertTrue(((Map<?, ?>) data(dropdown).get("params")).containsKey("variables.plan"), dropdown.body());
        assertTrue(((Map<?, ?>) data(checkbox).get("params")).containsKey("variables.agree"), checkbox.body());
        assertTrue(((Map<?, ?>) data(badEmail).get("params")).containsKey("signers[1].email"), badEmail.body());
        assertEquals(files, signet.server().vaultFiles().size(), "no file left behind");
        assertEquals(documents, ((Number) expectObject(200, flow.get("stats")).get("total")).longValue());
    }

    @Test
    void createDocument_sendRefused_nothingLeftBehind() {
        HttpResponse<String> r = signet.server().postMultipart("templates/upload", flow.key, new Multipart()
                .file("file", "blank.pdf", "application/pdf", TestFiles.pdf(1)));
        Object id = expectObject(201, r).get("id");
        Map<String, Object> text = new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", "text", "page_number", 1,
                "position_x", 72, "position_y", 100));
        flow.post("templates/" + id + "/fields", Map.of("fields", List.of(text)));
        int files = signet.server().vaultFiles().size();

        HttpResponse<String> refused = create(id, Map.of("signers", signers("a@example.org"), "send", true));

        assertEquals("missing_signature_fields", code(refused));
        assertEquals(files, signet.server().vaultFiles().size());
        assertEquals(0L, ((Number) expectObject(200, flow.get("stats")).get("total")).longValue()
                - 0L, "the template's upload made no document");
    }

    @Test
    void createDocument_slotWithASignatureFieldGivenToAnApprover_approverFieldAndNothingLeftBehind() {
        Object id = templateOf(contract()).get("id");
        int files = signet.server().vaultFiles().size();
        long documents = ((Number) expectObject(200, flow.get("stats")).get("total")).longValue();
        List<Map<String, Object>> parties = List.of(Map.of("name", "Amy", "email", "a@example.org", "role", "approver"),
                Map.of("name", "Bob", "email", "b@example.org"));

        HttpResponse<String> refused = create(id, Map.of("signers", parties));

        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals("approver_field", code(refused));
        assertEquals(files, signet.server().vaultFiles().size());
        assertEquals(documents, ((Number) expectObject(200, flow.get("stats")).get("total")).longValue());
    }

    @Test
    void ownership_otherUsersTemplate_403LikeADocument() {
        Object id = templateOf(contract()).get("id");

        assertEquals("forbidden", code(other.get("templates/" + id)));
        assertEquals("forbidden", code(other.post("templates/" + id + "/documents", Map.of("signers",
                signers("a@example.org", "b@example.org")))));
        assertEquals("forbidden", code(other.put("templates/" + id, Map.of("name", "Mine"))));
        assertEquals("not_found", code(other.get("templates/999999")));
        assertEquals(0, array(other.get("templates")).size());
        String othersDoc = other.upload("Private", 1);
        assertEquals("forbidden", code(flow.post("templates", Map.of("document_id", Long.parseLong(othersDoc),
                "name", "Stolen"))));
    }

    @Test
    void createDocument_requireWpLoginAsAdministratorWithNonAdministratorsKey_forbiddenAndNothingLeftBehind() {
        signet.server().app.users().add("admin@example.org", "Admin", true, null);
        Object id = templateOf(contract()).get("id");
        int files = signet.server().vaultFiles().size();
        Map<String, Object> admin = new LinkedHashMap<>(Map.of("name", "Admin", "email", "admin@example.org",
                "require_wp_login", true));

        HttpResponse<String> refused = create(id, Map.of("signers", List.of(signers("a@example.org").get(0), admin)));

        assertEquals(403, refused.statusCode(), refused.body());
        assertEquals("forbidden", code(refused));
        assertEquals(files, signet.server().vaultFiles().size(), "no file left behind");
        assertEquals(1L, ((Number) expectObject(200, flow.get("stats")).get("total")).longValue(),
                "only the document the template was made from");
    }

    @Test
    void list_searchPagesAndLimits() {
        String doc = contract();
        templateOf(doc);
        expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc), "name", "Lease",
                "description", "Flat rental")));

        HttpResponse<String> found = flow.get("templates?search=rental&per_page=1");
        assertEquals("1", found.headers().firstValue("X-WP-Total").orElseThrow());
        assertEquals("Lease", ((Map<?, ?>) array(found).get(0)).get("name"));
        assertEquals("2", flow.get("templates").headers().firstValue("X-WP-Total").orElseThrow());
        assertEquals("rest_invalid_param", code(flow.get("templates?per_page=0")));
        assertEquals("rest_invalid_param", code(flow.get("templates?per_page=101")));
        assertEquals("rest_invalid_param", code(flow.get("templates?page=0")));
    }

    @Test
    void updateAndDelete_documentsMadeFromItUntouched() {
        Map<String, Object> t = templateOf(contract());
        Object id = t.get("id");
        Map<String, Object> updated = expectObject(200, flow.put("templates/" + id, Map.of("name", "Contract v2")));
        assertEquals("Contract v2", updated.get("name"));
        assertEquals("Our standard service contract", updated.get("description"));
        String made = (String) expectObject(201, create(id, Map.of("signers",
                signers("a@example.org", "b@example.org")))).get("id");

        assertEquals(Map.of("deleted", true), expectObject(200, flow.delete("templates/" + id)));

        assertEquals(404, flow.get("templates/" + id).statusCode());
        assertEquals(200, flow.get("documents/" + made).statusCode());
        HttpResponse<byte[]> file = signet.server().sendForBytes(signet.server().request("documents/" + made + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build());
        assertEquals(200, file.statusCode(), "the document's own copy of the file is still there");
    }

    @Test
    void createDocument_sendTrue_signedThroughToASealedPdfWithTheValuesInPlace() throws Exception {
        Object id = templateOf(contract()).get("id");
        Map<String, Object> d = expectObject(201, create(id, Map.of("variables", Map.of("company_name", "ACME GmbH",
                "plan", "Premium"), "signers", signers("carla@example.org", "dan@example.org"), "send", true)));
        assertEquals(true, d.get("sent"));
        String doc = (String) d.get("id");
        assertEquals("sent", d.get("status"));
        List<?> parties = (List<?>) d.get("signers");
        List<Object> links = array(flow.get("documents/" + doc + "/signers"));
        String carla = (String) ((Map<?, ?>) links.get(0)).get("signing_url");
        String dan = (String) ((Map<?, ?>) links.get(1)).get("signing_url");
        assertEquals(2, parties.size());

        Map<String, Object> session = TestServer.object(flow.session(token(carla)));
        Map<?, ?> company = ((List<?>) session.get("fields")).stream().map(f -> (Map<?, ?>) f)
                .filter(f -> "Company Name".equals(f.get("field_name"))).findFirst().orElseThrow();
        assertEquals("1", company.get("prefilled"));
        assertEquals("ACME GmbH", company.get("value"));
        String companyId = (String) company.get("id");
        assertEquals("rest_invalid_param", code(flow.sign(token(carla), Map.of(companyId, "Evil Corp"))),
                "a prefilled value cannot be changed by the signer");
        Map<String, Object> own = new LinkedHashMap<>();
        ((List<?>) session.get("fields")).stream().map(f -> (Map<?, ?>) f)
                .filter(f -> !"1".equals(f.get("prefilled")))
                .forEach(f -> {
                    if ("checkbox".equals(f.get("field_type"))) {
                        own.put((String) f.get("id"), "1");
                    } else if ("textarea".equals(f.get("field_type"))) {
                        own.put((String) f.get("id"), "Net 30");
                    }
                });
        TestServer.expect(200, flow.sign(token(carla), own));
        TestServer.expect(200, flow.sign(token(dan), Map.of()));
        flow.awaitSealed(doc);

        byte[] sealed = signet.server().sendForBytes(signet.server().request("documents/" + doc + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build()).body();
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            assertTrue(textIn(pdf, new Rectangle2D.Double(72, 100, 250, 30)).contains("ACME GmbH"));
            assertTrue(textIn(pdf, new Rectangle2D.Double(300, 300, 150, 30)).contains("Premium"));
            PDFTextStripper all = new PDFTextStripper();
            all.setStartPage(2);
            assertTrue(all.getText(pdf).contains("template " + id), "the certificate names the template");
        }
    }

    private static String token(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static String textIn(PDDocument pdf, Rectangle2D box) throws Exception {
        PDFTextStripperByArea stripper = new PDFTextStripperByArea();
        stripper.addRegion("box", box);
        stripper.extractRegions(pdf.getPage(0));
        return stripper.getTextForRegion("box");
    }

    @Test
    void createDocument_signersWithLanguage_keepIt_aBadOneRefusedNamingItsSigner() {
        Object id = templateOf(contract()).get("id");
        List<Map<String, Object>> given = new java.util.ArrayList<>(signers("a@example.org", "b@example.org"));
        Map<String, Object> french = new LinkedHashMap<>(given.get(0));
        french.put("language", "fr");
        given.set(0, french);
        Map<String, Object> bad = new LinkedHashMap<>(given.get(1));
        bad.put("language", "klingon");

        HttpResponse<String> refused = create(id, Map.of("signers", List.of(french, bad)));
        String doc = (String) expectObject(201, create(id, Map.of("signers", given))).get("id");

        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(((Map<?, ?>) data(refused).get("params")).containsKey("signers[1].language"), refused.body());
        List<Object> made = array(flow.get("documents/" + doc + "/signers"));
        assertEquals("fr", ((Map<?, ?>) made.get(0)).get("language"));
        assertNull(((Map<?, ?>) made.get(1)).get("language"));
    }

    @Test
    void createDocument_signerWithEmailCode_keepsIt_anUnknownVerificationRefusedNamingItsSigner() {
        Object id = templateOf(contract()).get("id");
        List<Map<String, Object>> given = new java.util.ArrayList<>(signers("a@example.org", "b@example.org"));
        Map<String, Object> coded = new LinkedHashMap<>(given.get(0));
        coded.put("verification", "email_code");
        given.set(0, coded);
        Map<String, Object> bad = new LinkedHashMap<>(given.get(1));
        bad.put("verification", "carrier_pigeon");

        HttpResponse<String> refused = create(id, Map.of("signers", List.of(coded, bad)));
        String doc = (String) expectObject(201, create(id, Map.of("signers", given))).get("id");

        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(((Map<?, ?>) data(refused).get("params")).containsKey("signers[1].verification"), refused.body());
        List<Object> made = array(flow.get("documents/" + doc + "/signers"));
        assertEquals("email_code", ((Map<?, ?>) made.get(0)).get("verification"));
        assertEquals("none", ((Map<?, ?>) made.get(1)).get("verification"));
    }
}
