package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.Waits;

/**
 * {@code POST /templates/{id}/files} and {@code DELETE /templates/{id}/files/{file_id}}: a template of
 * several files, and the documents made from it, which carry them all in order.
 */
class TemplateFilesApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String template;
    private final byte[] contract = TestFiles.pdf(2);
    private final byte[] annex = TestFiles.pdf(3, "Annex page ");

    @BeforeEach
    void templateOfOneFile() {
        flow = signet.flow();
        Map<String, Object> t = expectObject(201, signet.server().postMultipart("templates/upload", flow.key,
                new Multipart().file("file", "contract.pdf", "application/pdf", contract)));
        template = String.valueOf(t.get("id"));
    }

    private HttpResponse<String> add(String filename, String type, byte[] content) {
        return signet.server().send(new Multipart().file("file", filename, type, content)
                .post(flow.server.request("templates/" + template + "/files", flow.key)).build());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> files(Map<String, Object> owner) {
        return (List<Map<String, Object>>) owner.get("files");
    }

    private Object fileId(int order) {
        return files(expectObject(200, flow.get("templates/" + template))).get(order - 1).get("id");
    }

    private static Map<String, Object> field(String type, int page, Object fileId, String key) {
        Map<String, Object> f = new LinkedHashMap<>(Map.of("signer_slot", 1, "field_type", type, "page_number", page,
                "position_x", 72, "position_y", 300));
        if (fileId != null) {
            f.put("file_id", fileId);
        }
        if (key != null) {
            f.put("variable_key", key);
        }
        return f;
    }

    private HttpResponse<String> saveFields(List<Map<String, Object>> fields) {
        return flow.post("templates/" + template + "/fields", Map.of("fields", fields));
    }

    @Test
    void documentFromATemplateOfTwoFiles_carriesBothInOrder_signedAndSealedWithBothHashes() throws IOException {
        Map<String, Object> t = expectObject(201, add("annex.pdf", "application/pdf", annex));
        assertEquals(List.of("contract.pdf", "annex.pdf"), files(t).stream().map(f -> f.get("name")).toList());
        assertEquals(List.of(2L, 3L), files(t).stream().map(f -> ((Number) f.get("pages")).longValue()).toList());
        assertEquals(List.of(1L, 2L), files(t).stream().map(f -> ((Number) f.get("order")).longValue()).toList());
        assertEquals(5L, ((Number) t.get("total_pages")).longValue());
        List<Object> saved = array(saveFields(List.of(field("text", 2, null, "company"),
                field("signature", 3, fileId(2), null))));
        assertEquals(fileId(2), ((Map<?, ?>) saved.get(1)).get("file_id"));
        assertEquals(3L, ((Number) ((Map<?, ?>) saved.get(1)).get("page_number")).longValue());

        Map<String, Object> d = expectObject(201, flow.post("templates/" + template + "/documents", Map.of(
                "signers", List.of(Map.of("name", "Ann", "email", "ann@example.org")),
                "variables", Map.of("company", "ACME GmbH"), "send", true)));

        String doc = (String) d.get("id");
        List<Map<String, Object>> docFiles = files(d);
        assertEquals(List.of("contract.pdf", "annex.pdf"), docFiles.stream().map(f -> f.get("name")).toList());
        assertEquals(List.of(TestFiles.sha256(contract), TestFiles.sha256(annex)),
                docFiles.stream().map(f -> f.get("file_hash")).toList());
        assertEquals("5", d.get("total_pages"));
        List<Map<String, Object>> fields = flow.fields(doc);
        assertEquals(List.of(docFiles.get(0).get("id"), docFiles.get(1).get("id")),
                fields.stream().map(f -> f.get("file_id")).toList());
        assertEquals(List.of("2", "3"), fields.stream().map(f -> f.get("page_number")).toList());

        expect(200, flow.delete("templates/" + template));
        HttpResponse<byte[]> own = signet.server().sendForBytes(flow.server.request("documents/" + doc + "/file?file_id="
                + docFiles.get(1).get("id"), flow.key).header("Accept", "application/pdf").build());
        assertArrayEquals(annex, own.body(), "the document keeps its own copy once the template is gone");

        String url = (String) ((Map<?, ?>) array(flow.get("documents/" + doc + "/signers")).get(0)).get("signing_url");
        expect(200, flow.sign(url.substring(url.lastIndexOf('/') + 1)));
        Map<String, Object> sealed = flow.awaitSealed(doc);

        byte[] pdf = signet.server().sendForBytes(signet.server().request("documents/" + doc + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build()).body();
        assertEquals(sealed.get("signed_file_hash"), TestFiles.sha256(pdf));
        List<String> texts = pageTexts(pdf);
        assertTrue(texts.get(0).contains("Test page 1") && texts.get(1).contains("Test page 2"), texts.get(1));
        assertTrue(texts.get(1).contains("ACME GmbH"), "the variable on the first file's second page: " + texts.get(1));
        for (int i = 1; i <= 3; i++) {
            assertTrue(texts.get(1 + i).contains("Annex page " + i), texts.get(1 + i));
        }
        assertTrue(texts.get(5).contains("Certificate of completion"), texts.get(5));
        String certificate = String.join("\n", texts.subList(5, texts.size()));
        assertTrue(certificate.contains(TestFiles.sha256(contract)), certificate);
        assertTrue(certificate.contains(TestFiles.sha256(annex)), certificate);
        assertTrue(certificate.contains("3 to 5"), "the annex's pages in:\n" + certificate);
    }

    @Test
    void fields_pageBeyondItsFile_refused() {
        expect(201, add("annex.pdf", "application/pdf", annex));

        HttpResponse<String> r = saveFields(List.of(field("signature", 4, fileId(2), null)));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("validation_failed", code(r));
        assertTrue(r.body().contains("page_number 4 is beyond the file's 3 page(s)"), r.body());
        assertEquals(List.of(), array(flow.get("templates/" + template + "/fields")));
    }

    @Test
    void fields_unknownFileId_refused() {
        HttpResponse<String> r = saveFields(List.of(field("signature", 1, 999999, null)));

        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("file_id 999999 is not a file of this template"), r.body());
    }

    @Test
    void remove_theLastFile_refused() {
        HttpResponse<String> r = flow.delete("templates/" + template + "/files/" + fileId(1));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("last_file", code(r));
    }

    @Test
    void remove_aFileWithFieldsOnIt_refusedUntilTheFieldsGo_thenLaterFieldsKeepTheirPlace() {
        expect(201, add("annex.pdf", "application/pdf", annex));
        expect(201, add("plan.png", "image/png", TestFiles.png(400, 300)));
        Object planId = fileId(3);
        Map<String, Object> onPlan = field("signature", 1, planId, null);
        onPlan.put("position_y", 100);
        expect(200, saveFields(List.of(field("text", 1, fileId(2), null), onPlan)));

        HttpResponse<String> r = flow.delete("templates/" + template + "/files/" + fileId(2));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("file_has_fields", code(r));
        assertEquals(3, files(expectObject(200, flow.get("templates/" + template))).size());
        expect(200, saveFields(List.of(onPlan)));
        Map<String, Object> t = expectObject(200, flow.delete("templates/" + template + "/files/" + fileId(2)));
        assertEquals(List.of("contract.pdf", "plan.png"), files(t).stream().map(f -> f.get("name")).toList());
        assertEquals(3L, ((Number) t.get("total_pages")).longValue());
        Map<?, ?> field = (Map<?, ?>) array(flow.get("templates/" + template + "/fields")).get(0);
        assertEquals(planId, field.get("file_id"));
        assertEquals(1L, ((Number) field.get("page_number")).longValue());
    }

    @Test
    void add_aFileThatIsNoPdfOrImage_refusedAsAnUploadIs() {
        HttpResponse<String> r = add("notes.txt", "text/plain", "just words".getBytes());

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_file_type", code(r));
        assertEquals(1, files(expectObject(200, flow.get("templates/" + template))).size());
    }

    @Test
    void fromADocumentOfSeveralFiles_takesThemAll() {
        String doc = flow.upload("Agreement", 2);
        expect(201, signet.server().send(new Multipart().file("file", "annex.pdf", "application/pdf", annex)
                .post(flow.server.request("documents/" + doc + "/files", flow.key)).build()));

        Map<String, Object> t = expectObject(201, flow.post("templates", Map.of("document_id", doc, "name", "Agreement")));

        assertEquals(List.of("contract.pdf", "annex.pdf"), files(t).stream().map(f -> f.get("name")).toList());
        assertEquals(5L, ((Number) t.get("total_pages")).longValue());
        expect(200, flow.delete("templates/" + t.get("id")));
    }

    @Test
    void bulkSend_eachDocumentCarriesEveryFileWithTheFieldsOnTheirFile() {
        expect(201, add("annex.pdf", "application/pdf", annex));
        expect(200, saveFields(List.of(field("signature", 3, fileId(2), null))));
        Map<String, Object> row = Map.of("signer1_name", "Bea Baker", "signer1_email", "bea@example.org");

        Object id = expectObject(200, flow.post("templates/" + template + "/bulk-sends", Map.of("rows", List.of(row))))
                .get("id");
        Waits.awaitUntil(() -> "completed".equals(expectObject(200, flow.get("bulk-sends/" + id)).get("status")),
                "the bulk send completed");

        Map<?, ?> only = (Map<?, ?>) ((List<?>) expectObject(200, flow.get("bulk-sends/" + id)).get("rows")).get(0);
        Map<String, Object> doc = flow.document((String) only.get("document_id"));
        assertEquals("sent", doc.get("status"));
        assertEquals(List.of("contract.pdf", "annex.pdf"), files(doc).stream().map(f -> f.get("name")).toList());
        Map<String, Object> signature = flow.fields((String) doc.get("id")).get(0);
        assertEquals(files(doc).get(1).get("id"), signature.get("file_id"));
        assertEquals("3", signature.get("page_number"));
    }

    @Test
    void remove_theFirstFile_theNextBecomesTheTemplatesOriginal() {
        expect(201, add("annex.pdf", "application/pdf", annex));

        Map<String, Object> t = expectObject(200, flow.delete("templates/" + template + "/files/" + fileId(1)));

        assertEquals("annex.pdf", t.get("original_filename"));
        assertEquals(3L, ((Number) t.get("total_pages")).longValue());
        assertEquals(List.of("annex.pdf"), files(t).stream().map(f -> f.get("name")).toList());
    }

    private static List<String> pageTexts(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDFTextStripper stripper = new PDFTextStripper();
            List<String> texts = new ArrayList<>();
            for (int n = 1; n <= document.getNumberOfPages(); n++) {
                stripper.setStartPage(n);
                stripper.setEndPage(n);
                texts.add(stripper.getText(document));
            }
            return texts;
        }
    }
}
