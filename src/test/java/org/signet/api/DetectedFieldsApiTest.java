package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.FieldPdfs;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.ScriptText;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/** Fields found in uploaded PDFs: answered at upload, saved "from detected", filled and flattened at the end. */
class DetectedFieldsApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
    }

    private Map<String, Object> upload(String path, byte[] pdf) {
        return expectObject(201, signet.server().send(new Multipart().file("file", "form.pdf", "application/pdf", pdf)
                .post(signet.server().request(path, flow.key)).build()));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> detected(Map<String, Object> uploaded) {
        return (List<Map<String, Object>>) uploaded.get("detected_fields");
    }

    private HttpResponse<String> fromDetected(String doc, Object signers) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("from_detected", true);
        body.put("signers", signers);
        return flow.post("documents/" + doc + "/fields", body);
    }

    private static void assertRefused(HttpResponse<String> r, String param) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), r.body());
    }

    @Test
    void upload_taggedPdf_answersTheTagsInTheSaveShape() {
        List<Map<String, Object>> found = detected(upload("documents/upload", bytes(FieldPdfs::tagged)));

        assertEquals(3, found.size(), found.toString());
        Map<String, Object> first = found.get(0);
        assertEquals("signature", first.get("field_type"));
        assertEquals("Buyer signature", first.get("field_name"));
        assertEquals(1, ((Number) first.get("signer")).intValue());
        assertEquals(true, first.get("is_required"));
        assertNull(first.get("form_field"));
        assertEquals(2, ((Number) found.get(1).get("signer")).intValue());
        assertEquals(List.of("Basic", "Pro"), found.get(2).get("options"));
    }

    @Test
    void upload_plainPdf_answersWithoutDetectedFields() {
        Map<String, Object> made = upload("documents/upload", TestFiles.pdf(1));

        assertFalse(made.containsKey("detected_fields"), made.toString());
    }

    @Test
    void saveFields_fromDetected_placesThemForTheMappedSigners() {
        String doc = (String) upload("documents/upload", bytes(FieldPdfs::tagged)).get("id");
        Party ann = flow.addSigner(doc, "Ann Lee", "ann@example.org", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Roe", "bob@example.org", "signer", 1);

        List<Object> saved = TestServer.array(expect(200, fromDetected(doc, Map.of("1", ann.id(), "2", bob.id()))));

        assertEquals(3, saved.size());
        Map<?, ?> signature = (Map<?, ?>) saved.get(0);
        assertEquals(ann.id(), signature.get("signer_id"));
        assertEquals("signature", signature.get("field_type"));
        assertEquals(bob.id(), ((Map<?, ?>) saved.get(1)).get("signer_id"));
        assertEquals("0", ((Map<?, ?>) saved.get(1)).get("is_required"));
        assertEquals("[\"Basic\",\"Pro\"]", ((Map<?, ?>) saved.get(2)).get("options"));
    }

    @Test
    void stagedFile_taggedPdf_answersTheTags_andTheDocumentMadeFromItKeepsThem() {
        Map<String, Object> staged = upload("files", bytes(FieldPdfs::tagged));
        assertEquals(detected(upload("documents/upload", bytes(FieldPdfs::tagged))), detected(staged));
        String doc = (String) expectObject(201, flow.post("documents",
                Map.of("title", "Staged form", "file_path", staged.get("file_path")))).get("id");
        Party ann = flow.addSigner(doc, "Ann Lee", "ann@example.org", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Roe", "bob@example.org", "signer", 1);

        List<Object> saved = TestServer.array(expect(200, fromDetected(doc, Map.of("1", ann.id(), "2", bob.id()))));

        assertEquals(3, saved.size());
        assertEquals(ann.id(), ((Map<?, ?>) saved.get(0)).get("signer_id"));
        assertEquals(bob.id(), ((Map<?, ?>) saved.get(1)).get("signer_id"));
        assertEquals(null, detected(upload("files", TestFiles.pdf(1))), "a plain file answers as before");
    }

    @Test
    void saveFields_fromDetectedWithBadMappings_refusedNamingSignersAndSavesNothing() {
        String doc = (String) upload("documents/upload", bytes(FieldPdfs::tagged)).get("id");
        Party ann = flow.addSigner(doc, "Ann Lee", "ann@example.org", "signer", 1);
        String other = flow.upload("Other", 1);
        Party stranger = flow.addSigner(other, "Cy Doe", "cy@example.org", "signer", 1);

        assertRefused(fromDetected(doc, Map.of("1", ann.id())), "signers");
        assertRefused(fromDetected(doc, Map.of("1", ann.id(), "2", stranger.id())), "signers");
        assertRefused(fromDetected(doc, Map.of("1", ann.id(), "two", ann.id())), "signers");
        assertRefused(fromDetected(doc, Map.of("1", ann.id(), "2", "Ann")), "signers");
        assertRefused(fromDetected(doc, List.of(ann.id())), "signers");
        assertRefused(fromDetected(doc, null), "signers");

        assertEquals(List.of(), flow.fields(doc));
        assertTrue(data(fromDetected(doc, Map.of("1", ann.id()))).get("params").toString().contains("[2]"));
    }

    @Test
    void saveFields_fromDetectedWithoutAny_refusedNamingFromDetected() {
        String doc = flow.upload("Plain", 1);
        Party ann = flow.addSigner(doc, "Ann Lee", "ann@example.org", "signer", 1);

        assertRefused(fromDetected(doc, Map.of("1", ann.id())), "from_detected");
    }

    @Test
    void templateFields_fromDetected_takeTheSignerNumbersAsSlots() {
        Map<String, Object> template = upload("templates/upload", bytes(FieldPdfs::form));
        assertEquals(4, detected(template).size());

        List<Object> saved = TestServer.array(expect(200, flow.post("templates/" + template.get("id") + "/fields",
                Map.of("from_detected", true))));

        assertEquals(List.of(1L, 1L, 1L, 2L), saved.stream().map(f -> ((Number) ((Map<?, ?>) f).get("signer_slot"))
                .longValue()).toList());
    }

    @Test
    void sign_formAndTagFromDetected_sealedWithoutTagTextAndWithTheFormValuesFlattened() throws Exception {
        String doc = (String) upload("documents/upload", bytes(FieldPdfs::taggedForm)).get("id");
        Party ann = flow.addSigner(doc, "Ann Lee", "ann@example.org", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Roe", "bob@example.org", "signer", 2);
        Map<String, String> idOf = new LinkedHashMap<>();
        for (Object f : TestServer.array(expect(200, fromDetected(doc, Map.of("1", ann.id(), "2", bob.id()))))) {
            Map<?, ?> field = (Map<?, ?>) f;
            idOf.put((String) field.get("field_name"), (String) field.get("id"));
        }
        flow.send(doc);

        expect(200, flow.sign(ann.token(), Map.of(idOf.get("full_name"), "Ann Lee Holdings", idOf.get("agree"), "1",
                idOf.get("plan"), "Pro")));
        expect(200, flow.sign(bob.token()));
        flow.awaitSealed(doc);

        byte[] sealed = signedPdf(doc);
        String text = ScriptText.pdftotext(sealed, signet.dir());
        assertFalse(text.contains("{{"), text);
        assertFalse(text.contains("Signer one"), text);
        assertTrue(text.contains("Signature:"), text);
        assertTrue(text.contains("Ann Lee Holdings"), text);
        assertTrue(text.contains("Pro"), text);
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            assertTrue(pdf.getDocumentCatalog().getAcroForm(null) == null
                    || pdf.getDocumentCatalog().getAcroForm(null).getFields().stream()
                            .allMatch(f -> f.getFieldType().equals("Sig")), "only the seal's own field is left");
            assertTrue(pdf.getPage(0).getAnnotations().stream().noneMatch(a -> a.getRectangle().getWidth() > 0),
                    "no visible widget stays on the page");
        }
    }

    private byte[] signedPdf(String doc) {
        Map<String, Object> file = expectObject(200, flow.get("documents/" + doc + "/file"));
        return Base64.getDecoder().decode((String) file.get("content"));
    }

    /** Lets the tests pass the PDF builders, which throw IOException, as values. */
    private interface Pdf {
        byte[] make() throws Exception;
    }

    private static byte[] bytes(Pdf pdf) {
        try {
            return pdf.make();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
