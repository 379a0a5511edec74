package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;
import static org.signet.support.TestServer.object;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/**
 * Files signers attach to their attachment fields through their links: the intake's checks, the turn and
 * ownership of the field, replacing, and what a refused file leaves behind (nothing).
 */
class AttachmentsTest {
    /** Small enough that a noisy image is over it, large enough for every good file here. */
    private static final int MAX_BYTES = 200_000;

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("upload.max_bytes=" + MAX_BYTES);

    private ApiFlow flow;
    private String doc;
    private Party ann;
    private Party bob;
    /** Ann's fields: any kind, PDF only, then her signature; Bob's: any kind. */
    private String annAny;
    private String annPdf;
    private String annSignature;
    private String bobAny;

    @BeforeEach
    void send() {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1);
        bob = flow.addSigner(doc, "Bob", "bob@example.org", "signer", 2);
        Map<String, Object> pdfOnly = field(ann.id(), "attachment", 1, 72, 200);
        pdfOnly.put("options", List.of("pdf"));
        pdfOnly.put("is_required", false);
        List<Map<String, Object>> saved = flow.saveFields(doc, List.of(field(ann.id(), "attachment", 1, 72, 100),
                pdfOnly, field(ann.id(), "signature", 1, 72, 300), field(bob.id(), "attachment", 1, 72, 400),
                field(bob.id(), "signature", 1, 72, 500)));
        annAny = (String) saved.get(0).get("id");
        annPdf = (String) saved.get(1).get("id");
        annSignature = (String) saved.get(2).get("id");
        bobAny = (String) saved.get(3).get("id");
        flow.send(doc);
    }

    private int storedFiles() {
        return signet.server().vaultFiles().size();
    }

    private Map<String, Object> sessionField(Party p, String fieldId) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> fields = (List<Map<String, Object>>) object(flow.session(p.token())).get("fields");
        return fields.stream().filter(f -> fieldId.equals(f.get("id"))).findFirst().orElseThrow();
    }

    /** Asserts the refusal and that neither a file nor a record was kept. */
    private void assertRefusedKeepingNothing(int status, String expectedCode, HttpResponse<String> r, int filesBefore) {
        expect(status, r);
        assertEquals(expectedCode, code(r), r::body);
        assertEquals(filesBefore, storedFiles());
        assertEquals(List.of(), flow.audit(doc, "attachment_added"));
    }

    @Test
    void attach_pdfPngAndJpeg_keptAsSentWithDigestSizeAndKind() {
        Map<String, byte[]> files = Map.of("pdf", TestFiles.pdf(2, "Proof "), "png", TestFiles.png(120, 80),
                "jpg", TestFiles.jpeg(120, 80));
        Map<String, String> types = Map.of("pdf", "application/pdf", "png", "image/png", "jpg", "image/jpeg");
        for (String kind : List.of("png", "jpg", "pdf")) {
            byte[] content = files.get(kind);

            Map<String, Object> a = expectObject(200, flow.attach(ann.token(), annAny, "proof." + kind, types.get(kind),
                    content));

            assertEquals(annAny, a.get("field_id"));
            assertEquals("proof." + kind, a.get("filename"));
            assertEquals(kind, a.get("kind"));
            assertEquals(Integer.toString(content.length), a.get("size"));
            assertEquals(TestFiles.sha256(content), a.get("sha256"));
            HttpResponse<byte[]> download = flow.attachment(doc, annAny);
            assertEquals(200, download.statusCode());
            assertArrayEquals(content, download.body());
            assertEquals(types.get(kind), download.headers().firstValue("Content-Type").orElse(""));
        }
        assertEquals(Map.of("filename", "proof.pdf", "size", Integer.toString(files.get("pdf").length), "kind", "pdf"),
                sessionField(ann, annAny).get("attachment"));
    }

    @Test
    void handOver_afterAttaching_theFilesGoWithThePersonNotThePlace() {
        int before = storedFiles();
        expect(200, flow.attach(ann.token(), annAny, "passport.png", "image/png", TestFiles.png(60, 40)));
        assertTrue(storedFiles() > before);

        expect(200, flow.put("documents/" + doc + "/signers/" + ann.id(),
                Map.of("name", "Ada", "email", "ada@example.org")));

        assertEquals(before, storedFiles(), "the first person's file is forgotten");
        HttpResponse<byte[]> download = flow.attachment(doc, annAny);
        assertEquals(404, download.statusCode());
        assertTrue(new String(download.body(), java.nio.charset.StandardCharsets.UTF_8).contains("attachment_missing"));
    }

    @Test
    void attach_again_replacesTheFirstAndForgetsItsFiles() throws Exception {
        int before = storedFiles();
        expect(200, flow.attach(ann.token(), annAny, "first.png", "image/png", TestFiles.png(50, 50)));
        assertEquals(before + 2, storedFiles(), "the image and the page made from it");

        byte[] second = TestFiles.pdf(1, "Second ");
        expect(200, flow.attach(ann.token(), annAny, "second.pdf", "application/pdf", second));

        assertEquals(before + 1, storedFiles(), "only the second file is left");
        assertArrayEquals(second, flow.attachment(doc, annAny).body());
        List<Map<String, Object>> added = flow.audit(doc, "attachment_added");
        assertEquals(2, added.size());
        assertEquals(Map.of("field_id", annAny, "sha256", TestFiles.sha256(second)),
                Json.parse((String) added.get(1).get("detail")));
        assertEquals("Ann", added.get(1).get("signer"));
    }

    @Test
    void attach_kindTheFieldDoesNotTake_invalidFileTypeNamingTheKindsAndNothingKept() {
        int before = storedFiles();

        HttpResponse<String> r = flow.attach(ann.token(), annPdf, "photo.png", "application/pdf", TestFiles.png(40, 40));

        assertRefusedKeepingNothing(400, "invalid_file_type", r, before);
        assertEquals(List.of("pdf"), data(r).get("allowed"));
        assertNull(sessionField(ann, annPdf).get("attachment"));
    }

    @Test
    void attach_neitherPdfNorImage_invalidFileType() {
        int before = storedFiles();

        HttpResponse<String> r = flow.attach(ann.token(), annAny, "notes.pdf", "application/pdf",
                "just some text, whatever its name says".getBytes(StandardCharsets.UTF_8));

        assertRefusedKeepingNothing(400, "invalid_file_type", r, before);
    }

    @Test
    void attach_fileTheIntakeRefuses_invalidFileAndNothingKept() {
        int before = storedFiles();
        for (byte[] bad : List.of(TestFiles.encryptedPdf(), TestFiles.truncated(TestFiles.pdf(1), 200),
                TestFiles.pngHeaderClaiming(20_000, 20_000))) {
            assertRefusedKeepingNothing(400, "invalid_file", flow.attach(ann.token(), annAny, "bad", "application/pdf",
                    bad), before);
        }
    }

    @Test
    void attach_largerThanTheUploadLimit_fileTooLargeAndNothingKept() {
        int before = storedFiles();
        byte[] big = TestFiles.noisePng(600, 600);
        assertTrue(big.length > MAX_BYTES, "the test image must be over the limit: " + big.length);

        HttpResponse<String> r = flow.attach(ann.token(), annAny, "big.png", "image/png", big);

        assertRefusedKeepingNothing(413, "file_too_large", r, before);
        assertEquals(MAX_BYTES, ((Number) data(r).get("max_bytes")).intValue());
    }

    @Test
    void attach_pdfWithActiveContent_keptWithoutItAndTheTrailSaysSo() throws Exception {
        byte[] active = TestFiles.pdfWithActiveContent();

        Map<String, Object> a = expectObject(200, flow.attach(ann.token(), annAny, "active.pdf", "application/pdf",
                active));

        byte[] kept = flow.attachment(doc, annAny).body();
        assertNotEquals(TestFiles.sha256(active), a.get("sha256"));
        assertEquals(TestFiles.sha256(kept), a.get("sha256"));
        try (PDDocument pdf = Loader.loadPDF(kept)) {
            assertNull(pdf.getDocumentCatalog().getOpenAction());
            assertTrue(pdf.getDocumentCatalog().getNames() == null
                    || pdf.getDocumentCatalog().getNames().getJavaScript() == null);
        }
        String detail = (String) flow.audit(doc, "attachment_added").get(0).get("detail");
        assertTrue(detail.contains("active_content_removed"), detail);
    }

    @Test
    void attach_beforeTheSignersTurn_notYourTurnAndNothingKept() {
        int before = storedFiles();

        HttpResponse<String> r = flow.attach(bob.token(), bobAny, "id.png", "image/png", TestFiles.png(40, 40));

        assertRefusedKeepingNothing(409, "not_your_turn", r, before);
    }

    @Test
    void attach_toAnotherSignersFieldOrANonAttachmentField_fieldNotFound() {
        int before = storedFiles();

        for (String other : List.of(bobAny, annSignature, "999999")) {
            assertRefusedKeepingNothing(404, "field_not_found", flow.attach(ann.token(), other, "id.png", "image/png",
                    TestFiles.png(40, 40)), before);
        }
    }

    @Test
    void attach_afterTheSignerSigned_alreadyCompletedAndNothingKept() {
        expect(200, flow.attach(ann.token(), annAny, "id.png", "image/png", TestFiles.png(40, 40)));
        expect(200, flow.sign(ann.token()));
        int before = storedFiles();

        HttpResponse<String> r = flow.attach(ann.token(), annAny, "other.png", "image/png", TestFiles.png(60, 60));

        expect(409, r);
        assertEquals("already_completed", code(r));
        assertEquals(before, storedFiles());
        assertEquals(1, flow.audit(doc, "attachment_added").size());
    }

    @Test
    void attach_afterTheDocumentCompleted_alreadyCompleted() {
        expect(200, flow.attach(ann.token(), annAny, "id.png", "image/png", TestFiles.png(40, 40)));
        expect(200, flow.sign(ann.token()));
        expect(200, flow.attach(bob.token(), bobAny, "bob.jpg", "image/jpeg", TestFiles.jpeg(40, 40)));
        expect(200, flow.sign(bob.token()));
        flow.awaitSealed(doc);
        int before = storedFiles();

        HttpResponse<String> r = flow.attach(bob.token(), bobAny, "late.jpg", "image/jpeg", TestFiles.jpeg(30, 30));

        expect(409, r);
        assertEquals("already_completed", code(r));
        assertEquals(before, storedFiles());
    }

    @Test
    void attach_fromAnotherSitesPage_crossSiteFormAndNothingKept() {
        int before = storedFiles();
        org.signet.support.Multipart body = new org.signet.support.Multipart().file("file", "id.png", "image/png",
                TestFiles.png(40, 40));

        HttpResponse<String> r = signet.server().send(body.post(signet.server().request("/sign/" + ann.token()
                + "/attachments/" + annAny, null).header("Origin", "https://elsewhere.example")).build());

        assertRefusedKeepingNothing(403, "cross_site_form", r, before);
    }

    @Test
    void attach_originNull_crossSiteFormAndNothingKept() {
        int before = storedFiles();
        org.signet.support.Multipart body = new org.signet.support.Multipart().file("file", "id.png", "image/png",
                TestFiles.png(40, 40));
        String path = "/sign/" + ann.token() + "/attachments/" + annAny;

        // A sandboxed frame or a page on a data: address sends "null"; the signing page's script never does.
        HttpResponse<String> bare = signet.server().send(body.post(signet.server().request(path, null)
                .header("Origin", "null")).build());
        HttpResponse<String> sameSite = signet.server().send(body.post(signet.server().request(path, null)
                .header("Origin", "null").header("Sec-Fetch-Site", "same-origin")).build());

        assertRefusedKeepingNothing(403, "cross_site_form", bare, before);
        assertRefusedKeepingNothing(403, "cross_site_form", sameSite, before);
    }

    private HttpResponse<String> attachRaw(String query, String contentType, byte[] content) {
        return signet.server().send(signet.server().request("/sign/" + ann.token() + "/attachments/" + annAny + query,
                null).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(content)).build());
    }

    @Test
    void attach_fileAsTheWholeBody_keptUnderTheNameInTheQuery() {
        byte[] jpeg = TestFiles.jpeg(90, 60);

        Map<String, Object> a = expectObject(200, attachRaw("?filename=" + "Pass%20photo.jpg", "image/jpeg", jpeg));

        assertEquals("Pass photo.jpg", a.get("filename"));
        assertEquals("jpg", a.get("kind"));
        assertArrayEquals(jpeg, flow.attachment(doc, annAny).body());
        Map<String, Object> unnamed = expectObject(200, attachRaw("", "application/octet-stream", TestFiles.pdf(1)));
        assertEquals("attachment.pdf", unnamed.get("filename"));
        assertEquals("pdf", unnamed.get("kind"));
    }

    @Test
    void attach_wholeBodyOfATypeAFormCouldSend_unsupportedMediaTypeAndNothingKept() {
        int before = storedFiles();

        for (String type : List.of("text/plain", "application/x-www-form-urlencoded", "application/json")) {
            assertRefusedKeepingNothing(415, "unsupported_media_type", attachRaw("?filename=a.pdf", type,
                    TestFiles.pdf(1)), before);
        }
    }

    @Test
    void attach_wholeBodyOverTheLimit_fileTooLargeAndNothingKept() {
        int before = storedFiles();

        assertRefusedKeepingNothing(413, "file_too_large", attachRaw("", "image/png", TestFiles.noisePng(600, 600)),
                before);
    }

    @Test
    void attach_withoutAFilePart_missingParameter() {
        int before = storedFiles();
        org.signet.support.Multipart body = new org.signet.support.Multipart().text("note", "no file");

        HttpResponse<String> r = signet.server().send(body.post(signet.server().request("/sign/" + ann.token()
                + "/attachments/" + annAny, null)).build());

        assertRefusedKeepingNothing(400, "rest_missing_callback_param", r, before);
    }

    @Test
    void submit_requiredAttachmentWithoutAFile_missingRequiredFieldsUntilOneIsAttached() {
        HttpResponse<String> refused = flow.sign(ann.token());

        expect(400, refused);
        assertEquals("missing_required_fields", code(refused));
        assertEquals(List.of(annAny), data(refused).get("field_ids"));

        expect(200, flow.attach(ann.token(), annAny, "passport.jpg", "image/jpeg", TestFiles.jpeg(80, 60)));
        expect(200, flow.sign(ann.token()));
        Map<String, String> values = new HashMap<>();
        flow.fields(doc).forEach(f -> values.put((String) f.get("id"), (String) f.get("value")));
        assertEquals("passport.jpg", values.get(annAny));
        assertEquals("", values.get(annPdf), "the optional attachment left empty");
    }

    @Test
    void submit_aValueForAnAttachmentField_refusedNamingIt() {
        expect(200, flow.attach(ann.token(), annAny, "id.png", "image/png", TestFiles.png(40, 40)));

        HttpResponse<String> r = flow.sign(ann.token(), Map.of(annAny, "forged.pdf"));

        expect(400, r);
        assertEquals("rest_invalid_param", code(r));
        @SuppressWarnings("unchecked")
        Map<String, Object> params = (Map<String, Object>) data(r).get("params");
        assertTrue(params.containsKey("values." + annAny), params::toString);
        assertNotEquals("signed", flow.signerStatus(doc, ann.id()));
    }

    @Test
    void attach_guardedLinkNotUnlocked_forbiddenUntilThePinIsGiven() {
        String guarded = flow.upload("Guarded", 1);
        Map<String, Object> body = new HashMap<>(ApiFlow.signerBody("Pat", "pat@example.org", "signer", 1));
        body.put("pin_code", "4821");
        Party pat = flow.addSigner(guarded, body);
        String field = (String) flow.saveFields(guarded, List.of(field(pat.id(), "attachment", 1, 72, 100),
                field(pat.id(), "signature", 1, 72, 300))).get(0).get("id");
        flow.send(guarded);
        int before = storedFiles();

        HttpResponse<String> locked = flow.attach(pat.token(), field, "id.png", "image/png", TestFiles.png(40, 40));

        expect(403, locked);
        assertEquals("pin", data(locked).get("requires"));
        assertEquals(before, storedFiles());
        String cookie = ApiFlow.cookie(expect(200, flow.postToLink(pat.token(), "pin", Map.of("pin", "4821"))));
        expect(200, flow.attach(pat.token(), field, "id.png", "image/png", TestFiles.png(40, 40), cookie));
    }

    @Test
    void delete_documentWithAttachments_forgetsTheirFiles() {
        List<String> before = vaultNames();
        expect(200, flow.attach(ann.token(), annAny, "id.png", "image/png", TestFiles.png(40, 40)));
        List<String> attached = new ArrayList<>(vaultNames());
        attached.removeAll(before);
        assertEquals(2, attached.size(), "the image and the page made from it");

        expect(200, flow.delete("documents/" + doc));

        assertFalse(vaultNames().stream().anyMatch(attached::contains), vaultNames()::toString);
    }

    @Test
    void saveFields_afterAFileWasAttached_theReplacedFieldsFilesForgotten() {
        List<String> before = vaultNames();
        expect(200, flow.attach(ann.token(), annAny, "id.png", "image/png", TestFiles.png(40, 40)));
        List<String> attached = new ArrayList<>(vaultNames());
        attached.removeAll(before);

        List<Map<String, Object>> saved = flow.saveFields(doc, List.of(field(ann.id(), "attachment", 1, 72, 100),
                field(ann.id(), "signature", 1, 72, 300), field(bob.id(), "signature", 1, 72, 500)));

        assertEquals(2, attached.size());
        assertFalse(vaultNames().stream().anyMatch(attached::contains), vaultNames()::toString);
        assertNull(saved.get(0).get("attachment"), "the new field has no file");
        expect(200, flow.attach(ann.token(), saved.get(0).get("id"), "again.png", "image/png", TestFiles.png(40, 40)));
    }

    private List<String> vaultNames() {
        return signet.server().vaultFiles();
    }
}
