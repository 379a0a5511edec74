package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.support.AlteredPdfs;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * {@code POST {base}/verify} and {@code GET {base}/verify/{sha256}} on a real server: a document
 * signed and sealed end to end, then its sealed PDF as it is, drawn on, with a byte changed, a
 * stranger's PDF and one sealed with another certificate; the lookup by hash; bad uploads; and
 * that checking a file stores nothing.
 */
class VerifyApiTest {
    private static final long MAX_BYTES = 400_000;

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("upload.max_bytes=" + MAX_BYTES).at(Instant.now())
            .owner("owner@example.com");

    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
    }

    /** A document signed by Ann, watched by Vic, sealed; and its sealed PDF as downloaded. */
    private record Sealed(DocumentSetup doc, Party ann, Party vic, byte[] pdf) {}

    private Sealed sealed(String title) {
        DocumentSetup doc = DocumentSetup.upload(flow, title, 1);
        Party ann = doc.party("Ann Able", "signer", 1);
        Party vic = doc.party("Vic Viewer", "viewer", 1);
        doc.field(ann, "signature", 1, 72, 600, 200, 60).send();
        expect(200, flow.sign(ann.token()));
        doc.sealed();
        HttpResponse<byte[]> file = signet.server().sendForBytes(signet.server().request("documents/" + doc.id() + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build());
        assertEquals(200, file.statusCode());
        return new Sealed(doc, ann, vic, file.body());
    }

    private HttpResponse<String> verify(byte[] pdf) {
        return signet.server().postMultipart("verify", null, new Multipart().file("file", "copy.pdf", "application/pdf", pdf));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> parties(Map<String, Object> document) {
        return (List<Map<String, Object>>) document.get("parties");
    }

    @Test
    void verify_theSealedPdf_sealedHereIntactWholeWithItsDocumentAndNoAddress() {
        Sealed s = sealed("Lease of flat 4B");
        Map<String, Object> stored = s.doc().document();

        HttpResponse<String> r = verify(s.pdf());

        Map<String, Object> v = expectObject(200, r);
        assertEquals(true, v.get("sealed_here"));
        assertEquals(true, v.get("intact"));
        assertEquals(true, v.get("covers_whole_file"));
        assertEquals(false, v.get("modified_after_seal"));
        assertEquals(List.of(), v.get("modifications"));
        assertEquals(true, v.get("certified"), "every seal is the document's certification");
        assertEquals("B-B", v.get("seal_level"));
        assertEquals(stored.get("completed_at"), v.get("sealed_at"), "sealed with the completion time as /M");
        assertEquals(stored.get("signed_file_hash"), v.get("sha256"));
        @SuppressWarnings("unchecked")
        Map<String, Object> document = (Map<String, Object>) v.get("document");
        assertEquals(s.doc().id(), document.get("id"));
        assertEquals("Lease of flat 4B", document.get("title"));
        assertEquals(stored.get("completed_at"), document.get("completed_at"));
        assertEquals(true, document.get("chain_valid"));
        List<Map<String, Object>> parties = parties(document);
        assertEquals(List.of("Ann Able", "Vic Viewer"), parties.stream().map(p -> p.get("name")).toList());
        assertEquals(List.of("signer", "viewer"), parties.stream().map(p -> p.get("role")).toList());
        assertEquals(s.doc().signer(s.ann()).get("signed_at"), parties.get(0).get("signed_at"));
        assertNull(parties.get(1).get("signed_at"), "a viewer signs nothing");
        assertFalse(r.body().contains("@"), "no email address: " + r.body());
        assertFalse(r.body().contains(s.ann().token()) || r.body().contains(s.vic().token()), "no signing token");
        assertFalse(r.body().contains("127.0.0.1"), "no IP address");
    }

    @Test
    void verify_drawnOnAfterSealing_intactButNotWholeModifiedPagesAndNoDocument() {
        Sealed s = sealed("Invoice 7");

        Map<String, Object> v = expectObject(200, verify(AlteredPdfs.drawnOnPageOne(s.pdf())));

        assertEquals(true, v.get("intact"), "the sealed bytes are unchanged");
        assertEquals(false, v.get("covers_whole_file"));
        assertEquals(true, v.get("modified_after_seal"));
        assertEquals(List.of("pages", "structure"), v.get("modifications"));
        assertEquals(true, v.get("sealed_here"), "the seal in it is still this site's");
        assertFalse(v.containsKey("document"), "its hash is no stored seal");
    }

    @Test
    void verify_aByteChanged_notIntactAndNoDocument() {
        Map<String, Object> v = expectObject(200, verify(AlteredPdfs.byteFlipped(sealed("Offer").pdf())));

        assertEquals(false, v.get("intact"));
        assertFalse(v.containsKey("document"));
    }

    @Test
    void verify_aStrangersUnsignedPdf_notSealedHereNoLevel() {
        Map<String, Object> v = expectObject(200, verify(TestFiles.pdf(2, "Somebody else's ")));

        assertEquals(false, v.get("sealed_here"));
        assertNull(v.get("seal_level"));
        assertNull(v.get("sealed_at"));
        assertEquals(false, v.get("intact"));
        assertFalse(v.containsKey("document"));
    }

    @Test
    void verify_sealedWithAnotherCertificate_intactButNotSealedHere() throws IOException {
        SiteCertificate other = SiteCertificate.loadOrCreate(signet.dir().resolve("other.p12"), "pw".toCharArray(), "Elsewhere");
        byte[] foreign = new PdfSealer(other).seal(TestFiles.pdf(1), "Signed elsewhere", "Elsewhere", Instant.now());

        Map<String, Object> v = expectObject(200, verify(foreign));

        assertEquals(false, v.get("sealed_here"));
        assertEquals(true, v.get("intact"));
        assertEquals("B-B", v.get("seal_level"));
        assertFalse(v.containsKey("document"));
    }

    @Test
    void lookup_storedUnknownAndMalformedHashes() {
        Sealed s = sealed("Lookup me");
        String hash = (String) s.doc().document().get("signed_file_hash");

        Map<String, Object> found = expectObject(200, signet.server().get("verify/" + hash, null));
        assertEquals(hash, found.get("sha256"));
        @SuppressWarnings("unchecked")
        Map<String, Object> document = (Map<String, Object>) found.get("document");
        assertEquals("Lookup me", document.get("title"));
        assertEquals(List.of("Ann Able", "Vic Viewer"), parties(document).stream().map(p -> p.get("name")).toList());

        HttpResponse<String> unknown = signet.server().get("verify/" + "ab".repeat(32), null);
        assertEquals(404, unknown.statusCode());
        assertEquals("not_found", code(unknown));
        for (String bad : List.of(hash.toUpperCase(), hash.substring(1), hash + "0", "g".repeat(64), "not-a-hash")) {
            HttpResponse<String> r = signet.server().get("verify/" + bad, null);
            assertEquals(400, r.statusCode(), bad);
            assertEquals("rest_invalid_param", code(r), bad);
            assertTrue(TestServer.data(r).get("params") instanceof Map<?, ?> p && p.containsKey("sha256"), r.body());
        }
    }

    @Test
    void verify_badUploads_refusedWithTheirCodes() {
        assertRefused(400, "invalid_file_type", verify(TestFiles.png(20, 20)));
        assertRefused(400, "invalid_file_type", verify(new byte[0]));
        assertRefused(400, "invalid_file", verify("%PDF-1.7\nnot really a PDF\n%%EOF\n".getBytes(StandardCharsets.US_ASCII)));
        byte[] big = new byte[(int) MAX_BYTES + 1];
        Arrays.fill(big, (byte) ' ');
        System.arraycopy("%PDF-1.7\n".getBytes(StandardCharsets.US_ASCII), 0, big, 0, 9);
        assertRefused(413, "file_too_large", verify(big));
        assertRefused(400, "rest_missing_callback_param",
                signet.server().postMultipart("verify", null, new Multipart().text("title", "no file here")));
        assertRefused(400, "rest_missing_callback_param", signet.server().send("POST", "verify", null, "{\"file\":\"x\"}"));
    }

    private static void assertRefused(int status, String code, HttpResponse<String> r) {
        assertEquals(status, r.statusCode(), r.body());
        assertEquals(code, code(r), r.body());
    }

    @Test
    void verify_anything_storesNothing() throws IOException {
        Sealed s = sealed("Nothing kept");
        Map<String, Long> before = rowCounts();
        List<Path> scratchBefore = scratch();

        expectObject(200, verify(s.pdf()));
        expectObject(200, verify(AlteredPdfs.drawnOnPageOne(s.pdf())));
        expectObject(200, verify(TestFiles.pdf(1)));
        assertRefused(400, "invalid_file_type", verify(TestFiles.png(10, 10)));
        assertRefused(413, "file_too_large", verify(new byte[(int) MAX_BYTES + 10]));
        expectObject(200, signet.server().get("verify/" + s.doc().document().get("signed_file_hash"), null));

        assertEquals(before, rowCounts(), "no row written anywhere");
        assertEquals(List.of(), scratch(), "data/tmp is empty again");
        assertEquals(List.of(), scratchBefore);
    }

    @Test
    void verify_afterTheSiteCertificateIsReplaced_storedSealsStillSealedHereUnstoredOnesNot() throws Exception {
        Sealed s = sealed("Before the new certificate");
        Path oldCertificate = Path.of(signet.server().app.config().string("signing.p12"));
        SiteCertificate old = SiteCertificate.loadOrCreate(oldCertificate,
                signet.server().app.config().string("signing.password").toCharArray(), "unused");
        byte[] madeWithOldButNeverStored = new PdfSealer(old).seal(TestFiles.pdf(1), "r", "l", Instant.now());
        signet.start("signing.p12=" + signet.dir().resolve("new-site.p12"), "signing.password=new-password");

        Map<String, Object> v = expectObject(200, verify(s.pdf()));
        assertEquals(true, v.get("sealed_here"), "its sealed file is stored here");
        assertNotNull(v.get("document"));
        assertEquals(false, expectObject(200, verify(madeWithOldButNeverStored)).get("sealed_here"),
                "a certificate no longer the site's vouches for nothing on its own");
    }

    @Test
    void verify_countsAgainstThePerIpLimit_withoutCredentials() throws Exception {
        signet.start("ratelimit.ip_per_minute=3");
        String hash = "cd".repeat(32);
        assertEquals(404, signet.server().get("verify/" + hash, null).statusCode());
        assertEquals(200, verify(TestFiles.pdf(1)).statusCode());
        assertEquals(200, signet.server().send(signet.server().request("/verify", null).GET().build()).statusCode());
        HttpResponse<String> refused = verify(TestFiles.pdf(1));
        assertEquals(429, refused.statusCode());
        assertEquals("rate_limit_exceeded", code(refused));
    }

    /** How many rows each table holds. */
    private Map<String, Long> rowCounts() {
        var db = signet.server().app.database();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : SuiteDatabase.tables(db)) {
            counts.put(table, db.queryLong("SELECT count(*) FROM \"" + table + "\""));
        }
        assertTrue(counts.containsKey("sealed_revisions"), counts.keySet().toString());
        return counts;
    }

    private List<Path> scratch() throws IOException {
        try (Stream<Path> files = Files.list(signet.server().app.config().dataDir().resolve("tmp"))) {
            return files.toList();
        }
    }
}
