package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.expect;

import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.PDFTextStripperByArea;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.Actor;
import org.signet.domain.Principal;
import org.signet.support.ApiFlow;
import org.signet.support.MutableClock;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/** One document signed by everyone once, then its finished PDF, file and emails examined. */
class CompletionTest {
    private static final String TEXT = "Rent 1200 EUR";

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    private static TestServer server;
    private static ApiFlow flow;
    private static String docId;
    private static byte[] original;
    private static Map<String, Object> sealedDoc;
    private static byte[] signedPdf;
    private static List<Map<String, Object>> fields;
    private static long ownerId;

    @BeforeAll
    static void signEverything() throws Exception {
        server = signet.server();
        TestServer.Account owner = server.account("owner@example.com", false);
        ownerId = owner.user().id();
        flow = new ApiFlow(server, owner.full(), Clock.systemUTC());
        original = TestFiles.pdf(2);
        docId = server.uploadPdf(flow.key, "lease.pdf", original);
        Party boss = flow.addSigner(docId, "Boss Approver", "boss@example.com", "approver", 1);
        Party ann = flow.addSigner(docId, "Ann First", "ann@example.com", "signer", 1);
        Party vic = flow.addSigner(docId, "Vic Viewer", "vic@example.com", "viewer", 1);
        Party bob = flow.addSigner(docId, "Bob Second", "bob@example.com", "signer", 2);
        Object a = ann.id();
        Map<String, Object> dropdown = field(a, "dropdown", 2, 72, 200, 150, 30);
        dropdown.put("options", List.of("Monthly", "Yearly"));
        List<Map<String, Object>> saved = flow.saveFields(docId, List.of(field(a, "signature", 1, 72, 600, 200, 60),
                field(a, "text", 1, 72, 150, 200, 30), field(a, "checkbox", 1, 400, 150, 20, 20),
                field(a, "name", 2, 72, 100, 150, 30), field(a, "date", 2, 300, 100, 100, 30), dropdown,
                field(bob.id(), "signature", 2, 300, 600, 200, 60)));
        flow.send(docId);
        expect(200, flow.postToLink(boss.token(), "submit", Map.of("consent", true)));
        expect(200, flow.session(vic.token()));
        expect(200, flow.postToLink(ann.token(), "submit", Map.of("consent", true,
                "values", Map.of(id(saved, 1), TEXT, id(saved, 2), "1", id(saved, 5), "Yearly"),
                "signature", Map.of("method", "draw", "image", TestFiles.pngDataUrl(400, 120)))));
        server.app.workflow().showLink(new Principal(ownerId, false), Long.parseLong(docId), Long.parseLong(bob.id()),
                Actor.user(ownerId, "192.0.2.7", "an administrator's browser"));
        expect(200, flow.postToLink(bob.token(), "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Bob Second"))));
        sealedDoc = flow.awaitSealed(docId);
        fields = flow.fields(docId);
        HttpResponse<byte[]> raw = server.sendForBytes(server.request("documents/" + docId + "/file", flow.key)
                .header("Accept", "application/pdf").build());
        assertEquals(200, raw.statusCode());
        signedPdf = raw.body();
    }

    private static String id(List<Map<String, Object>> saved, int i) {
        return (String) saved.get(i).get("id");
    }

    private static Rectangle2D box(Map<String, Object> f) {
        double m = 2;
        return new Rectangle2D.Double(num(f, "position_x") - m, num(f, "position_y") - m, num(f, "width") + 2 * m,
                num(f, "height") + 2 * m);
    }

    private static double num(Map<String, Object> f, String key) {
        return Double.parseDouble((String) f.get(key));
    }

    private static String textIn(PDDocument pdf, int page, Rectangle2D area) throws IOException {
        PDFTextStripperByArea stripper = new PDFTextStripperByArea();
        stripper.addRegion("field", area);
        stripper.extractRegions(pdf.getPage(page - 1));
        return stripper.getTextForRegion("field").strip();
    }

    private static int ink(BufferedImage image, Rectangle2D area) {
        int count = 0;
        for (int y = (int) area.getMinY(); y < (int) area.getMaxY(); y++) {
            for (int x = (int) area.getMinX(); x < (int) area.getMaxX(); x++) {
                int rgb = image.getRGB(x, y);
                count += ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 600 ? 1 : 0;
            }
        }
        return count;
    }

    @Test
    void finalPdf_pages_originalFollowedByCertificatePages() throws Exception {
        try (PDDocument pdf = Loader.loadPDF(signedPdf); PDDocument orig = Loader.loadPDF(original)) {
            assertTrue(pdf.getNumberOfPages() > orig.getNumberOfPages(), "certificate pages appended");
            PDFTextStripper stripper = new PDFTextStripper();
            for (int p = 1; p <= pdf.getNumberOfPages(); p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                String text = stripper.getText(pdf);
                if (p <= orig.getNumberOfPages()) {
                    assertTrue(text.contains("Test page " + p), text);
                } else {
                    assertTrue(text.contains("Certificate of completion"), "page " + p + ": " + text);
                }
            }
        }
    }

    @Test
    void finalPdf_textValues_insideTheirFieldBoxes() throws Exception {
        assertEquals(TEXT, fields.get(1).get("value"));
        try (PDDocument pdf = Loader.loadPDF(signedPdf)) {
            for (int i : new int[] {1, 3, 4, 5}) {
                Map<String, Object> f = fields.get(i);
                int page = Integer.parseInt((String) f.get("page_number"));
                String value = (String) f.get("value");
                assertFalse(value.isEmpty(), f.toString());
                assertEquals(value, textIn(pdf, page, box(f)), f.get("field_type") + " on page " + page);
            }
            assertEquals("Ann First", textIn(pdf, 2, box(fields.get(3))));
            assertEquals("", textIn(pdf, 1, box(fields.get(3))), "nothing where page 2's name is, on page 1");
        }
    }

    @Test
    void finalPdf_imagesAndCheckMark_drawnOnTheRightPages() throws Exception {
        try (PDDocument pdf = Loader.loadPDF(signedPdf)) {
            PDFRenderer renderer = new PDFRenderer(pdf);
            BufferedImage page1 = renderer.renderImage(0, 1f);
            BufferedImage page2 = renderer.renderImage(1, 1f);
            Rectangle2D annSignature = box(fields.get(0));
            Rectangle2D bobSignature = box(fields.get(6));
            Rectangle2D checkbox = box(fields.get(2));

            assertTrue(ink(page1, annSignature) > 100, "Ann's signature on page 1");
            assertEquals(0, ink(page2, annSignature), "nothing at Ann's box on page 2");
            assertTrue(ink(page2, bobSignature) > 100, "Bob's typed signature on page 2");
            assertEquals(0, ink(page1, bobSignature), "nothing at Bob's box on page 1");
            assertTrue(ink(page1, checkbox) > 10, "check mark");
        }
    }

    @Test
    void certificatePage_listsEveryPartyAndTheAuditTrail() throws Exception {
        String text;
        try (PDDocument pdf = Loader.loadPDF(signedPdf)) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setStartPage(3);
            text = stripper.getText(pdf).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains("lease"), text);
        assertTrue(text.contains(docId), text);
        for (String party : List.of("boss@example.com", "ann@example.com", "vic@example.com", "bob@example.com")) {
            assertTrue(text.contains(party), party + " missing: " + text);
        }
        for (String role : List.of("approver", "signer", "viewer")) {
            assertTrue(text.contains(role), role);
        }
        for (String action : List.of("document_sent", "invitation_sent", "document_viewed", "document_approved",
                "document_signed", "document_completed")) {
            assertTrue(text.contains(action), action + " missing: " + text);
        }
        // An approver approved; the invitations name whom they went to, not whose signature sent them.
        assertTrue(text.contains("Status approved"), text);
        assertTrue(text.contains("invitation_sent to Bob Second"), text);
        assertFalse(text.contains("invitation_sent Boss Approver"), text);
        // A shown link names who took it and whose it is.
        assertTrue(text.contains("signing_link_shown User " + ownerId + ", link of Bob Second 192.0.2.7"), text);
        assertTrue(text.contains(ApiFlow.SIGNER_AGENT), "the signers' user agent");
        assertTrue(text.contains("127.0.0.1"));
        String hash = (String) flow.document(docId).get("file_hash");
        assertTrue(text.replace(" ", "").contains(hash), "original SHA-256 " + hash);
    }

    @Test
    void certificatePage_namesWhereToVerify_andWritesEveryTimeWithItsZone() throws Exception {
        String text;
        try (PDDocument pdf = Loader.loadPDF(signedPdf)) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setStartPage(3);
            text = stripper.getText(pdf).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains(server.app.siteUrl() + "/verify (document ID " + docId + ")"), text);
        Matcher times = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}( UTC)?").matcher(text);
        int count = 0;
        while (times.find()) {
            assertEquals(" UTC", times.group(1), "a time without its zone: " + times.group());
            count++;
        }
        assertTrue(count > 10, "completed, invited, viewed, signed and every event: " + count);
    }

    @Test
    void finalPdf_typedSignature_itsNameOverItsImage() throws Exception {
        Map<String, Object> bobs = fields.stream().filter(f -> "signature".equals(f.get("field_type"))
                && "2".equals(f.get("page_number"))).findFirst().orElseThrow();
        try (PDDocument pdf = Loader.loadPDF(signedPdf)) {
            assertEquals("Bob Second", textIn(pdf, 2, box(bobs)));
        }
    }

    @Test
    void pdfsig_signedFile_validAndCoveringTheWholeDocument() throws Exception {
        Path file = signet.dir().resolve("signed.pdf");
        Files.write(file, signedPdf);

        String report = pdfsig(file);

        assertTrue(report.contains("Signature is Valid"), report);
        assertTrue(report.contains("Total document signed"), report);
        assertTrue(report.contains("ETSI.CAdES.detached"), report);
    }

    @Test
    void pdfsig_oneByteChangedInsideTheSignedRange_invalid() throws Exception {
        byte[] copy = signedPdf.clone();
        String head = new String(copy, 0, 2000, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = head.indexOf("Test page 1");
        if (at < 0) {
            at = 200;
        }
        copy[at + 5] ^= 0x01;
        Path file = signet.dir().resolve("tampered.pdf");
        Files.write(file, copy);

        String report = pdfsig(file);

        assertFalse(report.contains("Signature is Valid"), report);
        assertTrue(report.contains("Digest Mismatch") || report.contains("Invalid"), report);
    }

    private static String pdfsig(Path file) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/pdfsig", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "pdfsig finished");
        return out;
    }

    @Test
    void file_afterCompletion_isTheSignedPdfAndItsHash() throws Exception {
        HttpResponse<String> json = server.get("documents/" + docId + "/file", flow.key);
        expect(200, json);
        Map<String, Object> body = TestServer.object(json);
        byte[] content = Base64.getDecoder().decode((String) body.get("content"));

        assertEquals("lease-signed.pdf", body.get("filename"));
        assertEquals("application/pdf", body.get("type"));
        assertEquals("base64", body.get("encoding"));
        assertArrayEquals(signedPdf, content);
        assertEquals(sealedDoc.get("signed_file_hash"), TestFiles.sha256(content));
        assertEquals("completed", sealedDoc.get("status"));
        assertTrue(sealedDoc.get("completed_at") != null);
        // Without a time-stamp authority: a certification signature dated at completion.
        assertEquals("B-B", sealedDoc.get("seal_level"));
        assertEquals(sealedDoc.get("completed_at"), sealedDoc.get("sealed_at"));
    }

    @Test
    void file_versionOriginal_isTheUploadedBytes() throws Exception {
        HttpResponse<String> json = server.get("documents/" + docId + "/file?version=original", flow.key);
        Map<String, Object> body = TestServer.object(json);

        assertArrayEquals(original, Base64.getDecoder().decode((String) body.get("content")));
        assertEquals("lease.pdf", body.get("filename"));
        assertEquals(sealedDoc.get("file_hash"), TestFiles.sha256(original));
    }

    @Test
    void completedEmail_toEveryPartyAndTheOwner_withTheSignedPdf() throws Exception {
        String hash = (String) sealedDoc.get("signed_file_hash");
        for (String to : List.of("boss@example.com", "ann@example.com", "vic@example.com", "bob@example.com",
                "owner@example.com")) {
            MimeMessage mail = flow.mail.awaitDelivered(to, m -> !attachments(m).isEmpty());
            List<Part> pdfs = attachments(mail);
            assertEquals(1, pdfs.size(), to);
            assertEquals("lease-signed.pdf", pdfs.get(0).getFileName());
            assertTrue(pdfs.get(0).isMimeType("application/pdf"));
            assertEquals(hash, TestFiles.sha256(pdfs.get(0).getInputStream().readAllBytes()), to);
        }
    }

    private static List<Part> attachments(MimeMessage m) {
        List<Part> out = new ArrayList<>();
        try {
            collect(m, out);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static void collect(Part part, List<Part> out) throws Exception {
        if (part.getContent() instanceof MimeMultipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                collect(multipart.getBodyPart(i), out);
            }
        } else if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
            out.add(part);
        }
    }

    @Test
    void audit_completion_recordedOnceWithTheLastSignersBrowser() {
        List<Map<String, Object>> completed = flow.audit(docId).stream()
                .filter(e -> "document_completed".equals(e.get("action"))).toList();

        assertEquals(1, completed.size());
        assertEquals("127.0.0.1", completed.get(0).get("ip_address"));
        assertEquals(ApiFlow.SIGNER_AGENT, completed.get(0).get("user_agent"));
        assertEquals(0, server.app.completion().sealPending());
        assertNull(new LinkedHashMap<>(sealedDoc).get("signed_file_url"));
    }

    /** Sealing fails while the stored files cannot be read; the failure is logged and a later run seals. */
    @Test
    void sealPending_afterAFailedSeal_sealsTheDocument(@TempDir Path own) throws Exception {
        java.util.Queue<String> warnings = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("signet.completion");
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                if (r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
                    warnings.add(r.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        log.addHandler(handler);
        // Failed seals are retried with backoff: the test clock moves past the waits.
        MutableClock testClock = new MutableClock(Instant.now(), ZoneOffset.UTC);
        try (TestServer s = TestServer.start(own, testClock)) {
            ApiFlow f = new ApiFlow(s, s.account("owner@example.com", false).full(), testClock);
            String id = f.upload("contract", 1);
            Party ann = f.addSigner(id, "Ann", "ann@example.com", "signer", 1);
            f.saveFields(id, List.of(field(ann.id(), "signature", 1, 72, 80, 200, 60)));
            f.send(id);
            s.hideStoredBytes();
            try {
                expect(200, f.sign(ann.token()));
                assertEquals(0, s.app.completion().sealPending());
                awaitWarning(warnings, "sealing document " + id + " failed");
                Map<String, Object> unsealed = f.document(id);
                assertEquals("completed", unsealed.get("status"));
                assertNull(unsealed.get("signed_file_hash"));
                assertEquals("pending", unsealed.get("seal_status"), "the missing seal is visible, not silent");
            } finally {
                s.showStoredBytes();
            }

            // Past the second wait too: the sealer that runs after the signature and the call above may
            // both have failed (whichever ran first), and the second failure waits 5 minutes.
            testClock.advance(Duration.ofMinutes(6));
            Map<String, Object> sealed = f.awaitSealed(id);
            assertNull(sealed.get("seal_status"));

            assertTrue(((String) sealed.get("signed_file_hash")).matches("[0-9a-f]{64}"));
            assertEquals(1, f.audit(id).stream().filter(e -> "document_completed".equals(e.get("action"))).count());
        } finally {
            log.removeHandler(handler);
        }
    }

    private static void awaitWarning(java.util.Queue<String> warnings, String text) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (warnings.stream().noneMatch(w -> w.contains(text))) {
            assertTrue(System.nanoTime() < deadline, "no warning " + text + " in " + warnings);
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    @Test
    void completedEmail_ownerAlsoASigner_getsOneCopy(@TempDir Path own) throws Exception {
        try (TestServer s = TestServer.start(own)) {
            ApiFlow f = new ApiFlow(s, s.account("owner@example.com", false).full(), Clock.systemUTC());
            String id = f.upload("contract", 1);
            Party me = f.addSigner(id, "Owner Myself", "Owner@Example.com", "signer", 1);
            f.saveFields(id, List.of(field(me.id(), "signature", 1, 72, 80, 200, 60)));
            f.send(id);
            expect(200, f.sign(me.token()));
            f.awaitSealed(id);

            f.mail.awaitDelivered("owner@example.com", m -> !attachments(m).isEmpty());

            s.app.mailSender().runOnce();
            assertEquals(1, f.mail.deliveredTo("owner@example.com").stream().filter(m -> !attachments(m).isEmpty())
                    .count());
        }
    }
}
