package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.object;

import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.Waits;

/**
 * {@code GET /sign/{token}/document.pdf}: each party's copy under the same rules as the page:
 * the document with the values given so far while it is open, the sealed PDF once it is sealed.
 */
class SigningRoutesDownloadTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    private static final String TITLE = "Lease 4/B: \"final\"";

    private ApiFlow flow;
    private DocumentSetup doc;
    private Party ann;
    private Party bob;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = DocumentSetup.upload(flow, TITLE, 2);
        ann = doc.party("Ann First", "signer", 1);
        bob = doc.party("Bob Second", "signer", 2);
        doc.field(ann, "signature", 1, 72, 600, 200, 60).field(ann, "text", 1, 72, 200, 250, 30)
                .field(bob, "signature", 2, 72, 600, 200, 60).field(bob, "text", 2, 72, 300, 250, 30);
    }

    private HttpResponse<byte[]> download(Party p) {
        return signet.server().sendForBytes(get(p, null));
    }

    /** The same request, its answer read as text: for the refusals, which are JSON. */
    private HttpResponse<String> refused(Party p, String cookie) {
        return signet.server().send(get(p, cookie));
    }

    private HttpRequest get(Party p, String cookie) {
        HttpRequest.Builder b = signet.server().request("/sign/" + p.token() + "/document.pdf", null)
                .header("User-Agent", ApiFlow.SIGNER_AGENT);
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b.GET().build();
    }

    private static byte[] pdf(HttpResponse<byte[]> r) {
        assertEquals(200, r.statusCode(), () -> new String(r.body(), StandardCharsets.UTF_8));
        return r.body();
    }

    private static String text(byte[] pdf) throws IOException {
        try (PDDocument d = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(d);
        }
    }

    private void annSigns() {
        expect(200, flow.sign(ann.token(), Map.of(doc.fieldId(ann, "text"), "Ann agrees to clause 7")));
    }

    @Test
    void download_beforeOwnTurnIsDone_originalPagesWithOthersValuesDrawn() throws IOException {
        doc.send();
        annSigns();

        byte[] pdf = pdf(download(bob));

        assertEquals(2, SealedFile.pageCount(pdf), "the original's pages, no certificate yet");
        String text = text(pdf);
        assertTrue(text.contains("Ann agrees to clause 7"), text);
        assertEquals(1, SealedFile.images(pdf, 1), "Ann's signature drawn on page 1");
        assertEquals(0, SealedFile.images(pdf, 2), "Bob has not signed");
        try (PDDocument d = Loader.loadPDF(pdf)) {
            assertTrue(d.getSignatureDictionaries().isEmpty(), "not sealed");
        }
    }

    @Test
    void download_openAndNothingSignedYet_theOriginalPages() throws IOException {
        doc.send();

        byte[] pdf = pdf(download(ann));

        assertEquals(2, SealedFile.pageCount(pdf));
        assertEquals(0, SealedFile.images(pdf, 1));
        assertFalse(text(pdf).contains("Ann agrees"));
    }

    @Test
    void download_afterOwnSignature_theSignersCopyWithTheirValues() throws IOException {
        doc.send();
        annSigns();

        byte[] pdf = pdf(download(ann));

        assertEquals(2, SealedFile.pageCount(pdf));
        assertTrue(text(pdf).contains("Ann agrees to clause 7"));
        assertEquals(1, SealedFile.images(pdf, 1));
        Map<String, Object> session = object(flow.session(ann.token()));
        assertEquals("/sign/" + ann.token() + "/document.pdf", session.get("download_url"));
        assertEquals(false, session.get("sealed"));
        assertEquals(false, session.get("can_act"));
    }

    @Test
    void download_afterSealing_theSignedPdfForEveryParty() throws IOException {
        Party viewer = doc.party("Vic Viewer", "viewer", 2);
        doc.send();
        annSigns();
        expect(200, flow.sign(bob.token(), Map.of(doc.fieldId(bob, "text"), "Bob agrees too")));
        doc.sealed();

        byte[] sealed = SealedFile.download(signet.server(), flow.key, doc.id());
        for (Party p : List.of(ann, bob, viewer)) {
            byte[] pdf = pdf(download(p));
            assertArrayEquals(sealed, pdf, p.name() + " gets the sealed file");
            Map<String, Object> session = object(flow.session(p.token()));
            assertEquals(true, session.get("sealed"), p.name());
            assertEquals("/sign/" + p.token() + "/document.pdf", session.get("download_url"));
        }
        try (PDDocument d = Loader.loadPDF(sealed)) {
            assertNotNull(d.getLastSignatureDictionary(), "signed with the site's certificate");
            assertTrue(d.getNumberOfPages() > 2, "certificate of completion appended");
        }
        String text = text(sealed);
        assertTrue(text.contains("Ann agrees to clause 7") && text.contains("Bob agrees too"), text);
    }

    @Test
    void download_afterSealing_oneNameForTheSealedPdfEverywhere() throws Exception {
        doc.send();
        annSigns();
        expect(200, flow.sign(bob.token(), Map.of(doc.fieldId(bob, "text"), "Bob agrees too")));
        doc.sealed();
        String name = "Lease 4_B_ _final_-signed.pdf";
        String disposition = "attachment; filename=\"" + name + "\"; "
                + "filename*=UTF-8''Lease%204_B_%20_final_-signed.pdf";

        HttpResponse<byte[]> copy = download(ann);
        HttpResponse<byte[]> api = signet.server().sendForBytes(signet.server().request("documents/" + doc.id() + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build());
        Map<String, Object> json = object(signet.server().get("documents/" + doc.id() + "/file", flow.key));
        MimeMessage mail = flow.mail.awaitDelivered(ann.email(), m -> attachmentName(m) != null);

        assertEquals(disposition, copy.headers().firstValue("Content-Disposition").orElseThrow());
        assertEquals(disposition, api.headers().firstValue("Content-Disposition").orElseThrow());
        assertEquals(name, json.get("filename"));
        assertEquals(name, attachmentName(mail));
        assertArrayEquals(api.body(), copy.body());
    }

    /** The file name of the message's attachment, or null when it has none. */
    private static String attachmentName(MimeMessage m) {
        try {
            if (m.getContent() instanceof MimeMultipart mixed) {
                for (int i = 0; i < mixed.getCount(); i++) {
                    if (Part.ATTACHMENT.equalsIgnoreCase(mixed.getBodyPart(i).getDisposition())) {
                        return mixed.getBodyPart(i).getFileName();
                    }
                }
            }
            return null;
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void download_completedButSealPending_theCopyWithEveryValueNotSealed() throws Exception {
        doc.send();
        annSigns();
        // The stored files cannot be read while the last party signs: the seal fails and waits for its retry.
        signet.server().hideStoredBytes();
        expect(200, flow.sign(bob.token(), Map.of(doc.fieldId(bob, "text"), "Bob agrees too")));
        Waits.awaitUntil(() -> sealAttempts() >= 1, "the first sealing attempt");
        signet.server().showStoredBytes();

        byte[] pdf = pdf(download(bob));

        assertEquals("completed", doc.status());
        assertEquals(2, SealedFile.pageCount(pdf), "no certificate before the seal");
        String text = text(pdf);
        assertTrue(text.contains("Ann agrees to clause 7") && text.contains("Bob agrees too"), text);
        try (PDDocument d = Loader.loadPDF(pdf)) {
            assertTrue(d.getSignatureDictionaries().isEmpty());
        }
        Map<String, Object> session = object(flow.session(bob.token()));
        assertEquals(false, session.get("sealed"));
        assertEquals("/sign/" + bob.token() + "/document.pdf", session.get("download_url"));
    }

    private int sealAttempts() {
        return signet.server().app.database().queryOne("SELECT seal_attempts FROM documents WHERE id = ?",
                r -> r.getInt("seal_attempts"), Long.parseLong(doc.id())).orElseThrow();
    }

    @Test
    void download_notYourTurn_refusedLikeTheOtherEndpoints() {
        Party lateViewer = doc.party("Lia Viewer", "viewer", 2);
        doc.send();

        for (Party p : List.of(bob, lateViewer)) {
            HttpResponse<String> r = refused(p, null);
            assertEquals(409, r.statusCode(), p.name());
            assertEquals("not_your_turn", code(r), p.name());
            assertNull(object(flow.session(p.token())).get("download_url"));
            assertEquals(false, object(flow.session(p.token())).get("sealed"));
        }
    }

    @Test
    void download_viewerWhoseGroupIsOpen_getsTheCopy() throws IOException {
        Party viewer = doc.party("Vic Viewer", "viewer", 1);
        doc.send();

        assertEquals(2, SealedFile.pageCount(pdf(download(viewer))));
    }

    @Test
    void download_recalled_documentClosed() {
        doc.send();
        assertEquals(200, download(ann).statusCode());
        expect(200, signet.server().send("PUT", "documents/" + doc.id(), flow.key, "{\"status\":\"draft\"}"));

        assertClosed(ann);
        assertClosed(bob);
    }

    @Test
    void download_declined_documentClosedEvenForWhoSigned() {
        doc.send();
        annSigns();
        expect(200, flow.postToLink(bob.token(), "decline", Map.of("reason", "Wrong rent")));

        assertClosed(ann);
        assertClosed(bob);
    }

    @Test
    void download_pastExpiry_documentClosed() {
        doc.send();
        flow.expiresIn(doc.id(), Duration.ofHours(1));
        assertEquals(200, download(ann).statusCode());
        signet.clock().advance(Duration.ofHours(2));

        assertClosed(ann);
    }

    private void assertClosed(Party p) {
        HttpResponse<String> r = refused(p, null);
        assertEquals(409, r.statusCode(), p.name());
        assertEquals("document_closed", code(r), p.name());
        assertNull(object(flow.session(p.token())).get("download_url"), p.name());
    }

    @Test
    void download_behindPin_refusedUntilUnlocked() throws IOException {
        Party pia = doc.party("Pia Pin", "signer", 1, "pin_code", "4821");
        doc.field(pia, "signature", 2, 300, 600, 200, 60).send();

        HttpResponse<String> locked = refused(pia, null);
        Map<String, Object> lockedSession = object(flow.session(pia.token()));
        String cookie = ApiFlow.cookie(flow.postToLink(pia.token(), "pin", Map.of("pin", "4821")));
        HttpResponse<byte[]> unlocked = signet.server().sendForBytes(get(pia, cookie));

        assertEquals(403, locked.statusCode());
        assertEquals("forbidden", code(locked));
        assertEquals("pin", data(locked).get("requires"));
        assertFalse(locked.body().contains("%PDF"));
        assertNull(lockedSession.get("download_url"));
        assertEquals(List.of(), lockedSession.get("parties"));
        assertEquals(2, SealedFile.pageCount(pdf(unlocked)));
        assertEquals("/sign/" + pia.token() + "/document.pdf",
                object(flow.session(pia.token(), cookie)).get("download_url"));
    }

    @Test
    void download_headers_attachmentNamedAfterTheTitleNeverCachedNeverSniffed() {
        doc.send();

        HttpResponse<byte[]> r = download(ann);

        assertEquals(200, r.statusCode());
        assertEquals("application/pdf", r.headers().firstValue("Content-Type").orElse(""));
        String disposition = r.headers().firstValue("Content-Disposition").orElse("");
        assertTrue(disposition.startsWith("attachment; filename=\"Lease 4_B_ _final_.pdf\""), disposition);
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""));
        assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertEquals(r.body().length, Long.parseLong(r.headers().firstValue("Content-Length").orElse("-1")));
        assertTrue(new String(r.body(), 0, 5, StandardCharsets.ISO_8859_1).equals("%PDF-"));
    }

    @Test
    void download_recordedOncePerDownloadAsThePartysEvent() {
        doc.send();
        annSigns();

        pdf(download(bob));

        List<Map<String, Object>> events = flow.audit(doc.id(), "document_downloaded");
        assertEquals(1, events.size(), events.toString());
        assertEquals("Bob Second", events.get(0).get("signer"));
        assertEquals("copy", events.get(0).get("detail"));
        assertEquals(ApiFlow.SIGNER_AGENT, events.get(0).get("user_agent"));
        assertEquals(true, object(flow.get("documents/" + doc.id() + "/audit")).get("chain_valid"));
    }

    @Test
    void head_answeredWithGetsHeadersWithoutABodyOrAnEvent() {
        doc.send();

        HttpResponse<String> head = signet.server().send(signet.server().request("/sign/" + ann.token() + "/document.pdf", null)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        HttpResponse<String> early = signet.server().send(signet.server().request("/sign/" + bob.token() + "/document.pdf", null)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());

        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals("application/pdf", head.headers().firstValue("Content-Type").orElse(""));
        assertTrue(head.headers().firstValue("Content-Disposition").orElse("").startsWith("attachment;"));
        assertEquals("no-store", head.headers().firstValue("Cache-Control").orElse(""));
        assertEquals(409, early.statusCode());
        assertEquals(List.of(), flow.audit(doc.id(), "document_downloaded"));
    }

    @Test
    void download_unknownToken_notFound() {
        doc.send();

        HttpResponse<String> r = signet.server().send(signet.server().request("/sign/" + "A".repeat(43) + "/document.pdf", null)
                .GET().build());

        assertEquals(404, r.statusCode());
        assertEquals("not_found", code(r));
    }
}
