package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/** {@code POST /documents/{id}/files} and {@code DELETE /documents/{id}/files/{file_id}}: a draft of several files. */
class DocumentFilesApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String doc;
    private Party ann;
    private final byte[] annex = TestFiles.pdf(3, "Annex page ");
    private final byte[] plan = TestFiles.png(400, 300);

    @BeforeEach
    void draft() {
        flow = signet.flow();
        doc = flow.upload("Agreement", 2);
        ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1);
    }

    private HttpResponse<String> add(String document, String filename, String type, byte[] content) {
        return signet.server().send(new Multipart().file("file", filename, type, content)
                .post(flow.server.request("documents/" + document + "/files", flow.key)).build());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> files(Map<String, Object> document) {
        return (List<Map<String, Object>>) document.get("files");
    }

    private String fileId(int order) {
        return (String) files(flow.document(doc)).get(order - 1).get("id");
    }

    @Test
    void add_twoFiles_listedInOrderWithTheFirstStillTheOriginal() {
        expect(201, add(doc, "annex.pdf", "application/pdf", annex));
        Map<String, Object> d = expectObject(201, add(doc, "plan.png", "image/png", plan));

        List<Map<String, Object>> files = files(d);
        assertEquals(List.of("contract.pdf", "annex.pdf", "plan.png"), files.stream().map(f -> f.get("name")).toList());
        assertEquals(List.of("2", "3", "1"), files.stream().map(f -> f.get("pages")).toList());
        assertEquals(List.of("1", "2", "3"), files.stream().map(f -> f.get("order")).toList());
        assertEquals(TestFiles.sha256(annex), files.get(1).get("file_hash"));
        assertEquals("contract.pdf", d.get("original_filename"));
        assertEquals(files.get(0).get("file_hash"), d.get("file_hash"));
        assertEquals("6", d.get("total_pages"));
        assertEquals(2, flow.audit(doc, "file_added").size());
    }

    @Test
    void fields_onAFileByItsId_saidAsThatFileAndItsOwnPage() {
        expect(201, add(doc, "annex.pdf", "application/pdf", annex));
        Map<String, Object> onAnnex = field(ann.id(), "signature", 3, 72, 300);
        onAnnex.put("file_id", fileId(2));

        List<Map<String, Object>> saved = flow.saveFields(doc, List.of(field(ann.id(), "text", 2, 72, 100), onAnnex));

        assertEquals(fileId(1), saved.get(0).get("file_id"));
        assertEquals("2", saved.get(0).get("page_number"));
        assertEquals(fileId(2), saved.get(1).get("file_id"));
        assertEquals("3", saved.get(1).get("page_number"));
        assertEquals("3", flow.fields(doc).get(1).get("page_number"));
    }

    @Test
    void fields_pageBeyondItsFile_refusedNamingTheFilesPages() {
        expect(201, add(doc, "plan.png", "image/png", plan));
        Map<String, Object> beyond = field(ann.id(), "signature", 2, 72, 300);
        beyond.put("file_id", fileId(2));

        HttpResponse<String> r = flow.postFields(doc, List.of(beyond));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("validation_failed", code(r));
        assertTrue(r.body().contains("page_number 2 is beyond the file's 1 page(s)"), r.body());
        assertTrue(flow.fields(doc).isEmpty());
    }

    @Test
    void fields_outsideAPageOfALaterFile_refusedNamingThePageInsideThatFile() {
        expect(201, add(doc, "plan.png", "image/png", plan));
        Map<String, Object> low = field(ann.id(), "signature", 1, 72, 280);
        low.put("file_id", fileId(2));

        HttpResponse<String> r = flow.postFields(doc, List.of(low));

        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("the field lies outside page 1 (400 x 300 points)"), r.body());
    }

    @Test
    void fields_unknownFileId_refused() {
        Map<String, Object> elsewhere = field(ann.id(), "signature", 1, 72, 300);
        elsewhere.put("file_id", "999999");

        HttpResponse<String> r = flow.postFields(doc, List.of(elsewhere));

        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("file_id 999999 is not a file of this document"), r.body());
    }

    @Test
    void add_toASentDocument_refusedAndNothingChanges() {
        flow.signatureFields(doc, ann.id());
        flow.send(doc);

        HttpResponse<String> r = add(doc, "annex.pdf", "application/pdf", annex);

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_state", code(r));
        assertEquals(1, files(flow.document(doc)).size());
    }

    @Test
    void add_aFileThatIsNoPdfOrImage_refusedAsAnUploadIs() {
        HttpResponse<String> r = add(doc, "notes.txt", "text/plain", "just words".getBytes());

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_file_type", code(r));
        HttpResponse<String> cut = add(doc, "cut.pdf", "application/pdf", TestFiles.truncated(annex, 200));
        assertEquals(400, cut.statusCode(), cut.body());
        assertEquals("invalid_file", code(cut));
        assertEquals(1, files(flow.document(doc)).size());
    }

    @Test
    void remove_theLastFile_refused() {
        HttpResponse<String> r = flow.delete("documents/" + doc + "/files/" + fileId(1));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("last_file", code(r));
    }

    @Test
    void remove_aFileWithFieldsOnIt_refusedUntilTheFieldsGo() {
        expect(201, add(doc, "annex.pdf", "application/pdf", annex));
        Map<String, Object> onAnnex = field(ann.id(), "signature", 1, 72, 300);
        onAnnex.put("file_id", fileId(2));
        flow.saveFields(doc, List.of(onAnnex));

        HttpResponse<String> r = flow.delete("documents/" + doc + "/files/" + fileId(2));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("file_has_fields", code(r));
        assertEquals(2, files(flow.document(doc)).size());
    }

    @Test
    void remove_aFileBetweenOthers_laterFieldsKeepTheirFileAndPage() {
        expect(201, add(doc, "annex.pdf", "application/pdf", annex));
        expect(201, add(doc, "plan.png", "image/png", plan));
        String planId = fileId(3);
        Map<String, Object> onPlan = field(ann.id(), "signature", 1, 72, 100);
        onPlan.put("file_id", planId);
        flow.saveFields(doc, List.of(field(ann.id(), "text", 2, 72, 100), onPlan));

        Map<String, Object> d = expectObject(200, flow.delete("documents/" + doc + "/files/" + fileId(2)));

        assertEquals(List.of("contract.pdf", "plan.png"), files(d).stream().map(f -> f.get("name")).toList());
        assertEquals("3", d.get("total_pages"));
        Map<String, Object> field = flow.fields(doc).get(1);
        assertEquals(planId, field.get("file_id"));
        assertEquals("1", field.get("page_number"));
        assertEquals(1, flow.audit(doc, "file_removed").size());
    }

    @Test
    void remove_theFirstFile_theNextBecomesTheOriginal() {
        expect(201, add(doc, "annex.pdf", "application/pdf", annex));

        Map<String, Object> d = expectObject(200, flow.delete("documents/" + doc + "/files/" + fileId(1)));

        assertEquals("annex.pdf", d.get("original_filename"));
        assertEquals(TestFiles.sha256(annex), d.get("file_hash"));
        assertEquals("3", d.get("total_pages"));
        HttpResponse<byte[]> original = signet.server().sendForBytes(flow.server.request("documents/" + doc + "/file",
                flow.key).header("Accept", "application/pdf").build());
        assertArrayEquals(annex, original.body());
    }

    @Test
    void file_byFileId_thatFilesOriginal() {
        expect(201, add(doc, "plan.png", "image/png", plan));

        HttpResponse<byte[]> r = signet.server().sendForBytes(flow.server.request("documents/" + doc + "/file?file_id="
                + fileId(2), flow.key).header("Accept", "image/png").build());

        assertEquals(200, r.statusCode());
        assertArrayEquals(plan, r.body());
        HttpResponse<String> unknown = flow.get("documents/" + doc + "/file?file_id=999999");
        assertEquals(404, unknown.statusCode(), unknown.body());
    }
}
