package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * A document's {@code allow_delegation}: given at upload, from a staged file or a template, changed by
 * PUT, shown in the single-document form, and taken from {@code site.allow_delegation} when not given.
 */
class AllowDelegationTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    /** Signet with the default settings, and the owner's flow. */
    private ApiFlow started() throws Exception {
        signet.start();
        return signet.flow();
    }

    private String upload(ApiFlow flow, String allow) {
        Multipart form = new Multipart().text("title", "Lease");
        if (allow != null) {
            form.text("allow_delegation", allow);
        }
        TestServer.Credentials key = signet.server().account("up" + System.nanoTime() + "@example.org", false).full();
        HttpResponse<String> r = signet.server().upload(key, form.file("file", "lease.pdf", "application/pdf",
                TestFiles.pdf(1)));
        String id = (String) expectObject(201, r).get("id");
        return (String) expectObject(200, signet.server().send("GET", "documents/" + id, key, null))
                .get("allow_delegation");
    }

    @Test
    void upload_notGiven_siteDefaultOff() throws Exception {
        ApiFlow flow = started();
        String doc = flow.upload("Lease", 1);

        assertEquals("0", flow.document(doc).get("allow_delegation"));
        assertEquals("0", upload(flow, null));
        assertEquals("0", upload(flow, "  "), "a blank part counts as not given");
        assertEquals("1", upload(flow, "1"));
        assertEquals("1", upload(flow, "true"));
    }

    @Test
    void upload_siteAllowsDelegation_onUnlessTheRequestSaysOff() throws Exception {
        signet.start("site.allow_delegation=true");
        ApiFlow flow = signet.flow();

        assertEquals("1", flow.document(flow.upload("Lease", 1)).get("allow_delegation"));
        assertEquals("0", upload(flow, "false"));
        assertEquals("0", upload(flow, "0"));
    }

    @Test
    void upload_notABoolean_invalidParamAndNothingMade() throws Exception {
        started();
        TestServer.Credentials key = signet.server().account("odd@example.org", false).full();

        HttpResponse<String> r = signet.server().upload(key, new Multipart().text("allow_delegation", "maybe")
                .file("file", "lease.pdf", "application/pdf", TestFiles.pdf(1)));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r));
        assertEquals("0", signet.server().send("GET", "documents", key, null).headers()
                .firstValue("X-WP-Total").orElseThrow());
    }

    @Test
    void put_allowDelegation_changedRecordedAndOfferedOnThePage() throws Exception {
        ApiFlow flow = started();
        String doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        assertEquals(false, expectObject(200, flow.session(ann.token())).get("can_delegate"));

        Map<String, Object> d = expectObject(200, flow.put("documents/" + doc, Map.of("allow_delegation", true)));

        assertEquals("1", d.get("allow_delegation"));
        assertEquals(Map.of("allow_delegation", true),
                Json.parse((String) flow.audit(doc, "document_updated").get(0).get("detail")));
        assertEquals(true, expectObject(200, flow.session(ann.token())).get("can_delegate"));
        assertEquals("0", expectObject(200, flow.put("documents/" + doc, Map.of("allow_delegation", "0")))
                .get("allow_delegation"));
        HttpResponse<String> bad = flow.put("documents/" + doc, Map.of("allow_delegation", "sometimes"));
        assertEquals(400, bad.statusCode(), bad.body());
        assertEquals("rest_invalid_param", code(bad));
        assertEquals("0", flow.document(doc).get("allow_delegation"));
    }

    @Test
    void create_fromStagedFileAndFromTemplate_takesTheRequestsValue() throws Exception {
        ApiFlow flow = started();
        TestServer.Credentials key = signet.server().account("stager@example.org", false).full();
        Map<String, Object> staged = expectObject(201, signet.server().postMultipart("files", key,
                new Multipart().file("file", "offer.pdf", "application/pdf", TestFiles.pdf(1))));
        Map<String, Object> made = expectObject(201, signet.server().send("POST", "documents", key, Json.write(Map.of(
                "title", "Offer", "file_path", staged.get("file_path"), "allow_delegation", true))));
        assertEquals("1", expectObject(200, signet.server().send("GET", "documents/" + made.get("id"), key, null))
                .get("allow_delegation"));

        String doc = flow.upload("Template source", 1);
        flow.addSignerWithSignatureField(doc, "slot@example.org");
        Object template = expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc),
                "name", "Contract"))).get("id");
        Map<String, Object> fromTemplate = expectObject(201, flow.post("templates/" + template + "/documents", Map.of(
                "signers", List.of(Map.of("name", "Tess", "email", "tess@example.org")), "allow_delegation", true)));
        assertEquals("1", fromTemplate.get("allow_delegation"));
        Map<String, Object> plain = expectObject(201, flow.post("templates/" + template + "/documents", Map.of(
                "signers", List.of(Map.of("name", "Tess", "email", "tess@example.org")))));
        assertEquals("0", plain.get("allow_delegation"));
    }
}
