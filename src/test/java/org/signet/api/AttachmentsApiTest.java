package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.expect;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/** {@code GET /documents/{id}/attachments/{field_id}}: the owner's download of a signer's file. */
class AttachmentsApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private TestServer.Account owner;
    private ApiFlow flow;
    private String doc;
    private Party ann;
    private String attachment;
    private String text;

    @BeforeEach
    void send() {
        owner = signet.server().account("lena@example.org", false);
        flow = new ApiFlow(signet.server(), owner.full(), signet.clock());
        doc = flow.upload("Lease", 1);
        ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1);
        List<Map<String, Object>> saved = flow.saveFields(doc, List.of(field(ann.id(), "attachment", 1, 72, 100),
                field(ann.id(), "text", 1, 72, 200), field(ann.id(), "signature", 1, 72, 300)));
        attachment = (String) saved.get(0).get("id");
        text = (String) saved.get(1).get("id");
        flow.send(doc);
    }

    private HttpResponse<byte[]> download(TestServer.Credentials key, String document, String fieldId) {
        return signet.server().sendForBytes(signet.server().request("documents/" + document + "/attachments/" + fieldId,
                key).GET().build());
    }

    private static String code(HttpResponse<byte[]> r) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) Json.parse(new String(r.body(), StandardCharsets.UTF_8));
        return (String) error.get("code");
    }

    @Test
    void download_byTheOwner_theFileAsADownloadWithItsType() {
        byte[] png = TestFiles.png(90, 40);
        expect(200, flow.attach(ann.token(), attachment, "Ausweis Müller.png", "image/png", png));

        HttpResponse<byte[]> r = download(owner.full(), doc, attachment);

        assertEquals(200, r.statusCode());
        assertArrayEquals(png, r.body());
        assertEquals("image/png", r.headers().firstValue("Content-Type").orElse(""));
        String disposition = r.headers().firstValue("Content-Disposition").orElse("");
        assertTrue(disposition.startsWith("attachment; filename=\"Ausweis Muller.png\""), disposition);
        assertTrue(disposition.contains("filename*=UTF-8''Ausweis%20M%C3%BCller.png"), disposition);
    }

    @Test
    void download_withTheOwnersReadOnlyKey_allowed() {
        byte[] pdf = TestFiles.pdf(1, "Proof ");
        expect(200, flow.attach(ann.token(), attachment, "proof.pdf", "application/pdf", pdf));

        HttpResponse<byte[]> r = download(owner.read(), doc, attachment);

        assertEquals(200, r.statusCode());
        assertArrayEquals(pdf, r.body());
        assertEquals("application/pdf", r.headers().firstValue("Content-Type").orElse(""));
    }

    @Test
    void download_anotherUsersDocument_forbiddenAndANoneSuchDocumentNotFoundFirst() throws Exception {
        expect(200, flow.attach(ann.token(), attachment, "id.png", "image/png", TestFiles.png(40, 40)));
        TestServer.Account other = signet.server().account("mallory@example.org", false);

        HttpResponse<byte[]> theirs = download(other.read(), doc, attachment);
        HttpResponse<byte[]> none = download(other.read(), "999", attachment);

        assertEquals(403, theirs.statusCode());
        assertEquals("forbidden", code(theirs));
        assertEquals(404, none.statusCode());
        assertEquals("not_found", code(none));
    }

    @Test
    void download_nothingAttachedYet_attachmentMissing() throws Exception {
        HttpResponse<byte[]> r = download(owner.full(), doc, attachment);

        assertEquals(404, r.statusCode());
        assertEquals("attachment_missing", code(r));
    }

    @Test
    void download_aFieldThatIsNoAttachmentFieldOrNotTheDocuments_notFound() throws Exception {
        String otherDoc = flow.upload("Other", 1);
        Party bo = flow.addSigner(otherDoc, "Bo", "bo@example.org", "signer", 1);
        String othersAttachment = (String) flow.saveFields(otherDoc, List.of(field(bo.id(), "attachment", 1, 72, 100)))
                .get(0).get("id");

        for (String fieldId : List.of(text, othersAttachment, "424242")) {
            HttpResponse<byte[]> r = download(owner.full(), doc, fieldId);
            assertEquals(404, r.statusCode(), fieldId);
            assertEquals("not_found", code(r), fieldId);
        }
    }

    @Test
    void fields_attachmentFieldAfterSigning_valueIsTheFilesName() {
        expect(200, flow.attach(ann.token(), attachment, "proof.pdf", "application/pdf", TestFiles.pdf(1)));
        expect(200, flow.sign(ann.token(), Map.of(text, "Flat 3")));

        Map<String, Object> f = flow.fields(doc).stream().filter(x -> attachment.equals(x.get("id"))).findFirst()
                .orElseThrow();

        assertEquals("attachment", f.get("field_type"));
        assertEquals("proof.pdf", f.get("value"));
    }

    @Test
    void fields_attachmentField_namesItsFileOnceAttachedButNeverItsContent() {
        byte[] pdf = TestFiles.pdf(1, "Deed ");
        assertEquals(null, fieldRecord(flow.fields(doc), attachment).get("attachment"));
        assertTrue(fieldRecord(flow.fields(doc), attachment).containsKey("attachment"));
        assertTrue(!fieldRecord(flow.fields(doc), text).containsKey("attachment"), "only attachment fields have it");

        expect(200, flow.attach(ann.token(), attachment, "deed.pdf", "application/pdf", pdf));

        Map<String, Object> expected = Map.of("filename", "deed.pdf", "kind", "pdf", "size",
                Integer.toString(pdf.length), "sha256", TestFiles.sha256(pdf));
        assertEquals(expected, fieldRecord(flow.fields(doc), attachment).get("attachment"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> inDocument = (List<Map<String, Object>>) flow.document(doc).get("fields");
        assertEquals(expected, fieldRecord(inDocument, attachment).get("attachment"));
    }

    private static Map<String, Object> fieldRecord(List<Map<String, Object>> fields, String id) {
        return fields.stream().filter(f -> id.equals(f.get("id"))).findFirst().orElseThrow();
    }
}
