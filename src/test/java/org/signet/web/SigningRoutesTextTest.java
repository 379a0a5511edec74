package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/**
 * What a signer types through {@code /sign/{token}/submit} and {@code /decline}, held to the text rule:
 * control characters, line breaks in one-line fields and bidirectional controls are a 400 naming the
 * field or the signature with the rule's code (which the page puts in the signer's words), and nothing
 * is stored; what is accepted is kept in NFC, a textarea's CRLF as LF.
 */
class SigningRoutesTextTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    private ApiFlow flow;
    private String doc;
    private Party ann;
    private String text;
    private String textarea;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("contract", 1);
        ann = flow.addSigner(doc, "Ann First", "ann@example.com", "signer", 1);
        List<Map<String, Object>> fields = flow.saveFields(doc, List.of(field(ann.id(), "signature", 1, 72, 600, 200, 60),
                field(ann.id(), "text", 1, 72, 200, 200, 30), field(ann.id(), "textarea", 1, 72, 300, 300, 90)));
        text = (String) fields.get(1).get("id");
        textarea = (String) fields.get(2).get("id");
        flow.send(doc);
    }

    private HttpResponse<String> submit(Map<String, Object> values, Object signature) {
        return flow.postToLink(ann.token(), "submit", Map.of("consent", true, "values", values, "signature", signature));
    }

    private static Map<String, Object> drawn() {
        return Map.of("method", "draw", "image", TestFiles.pngDataUrl(300, 90));
    }

    private static Map<String, Object> typed(String name) {
        return Map.of("method", "type", "text", name);
    }

    private static String detailCode(HttpResponse<String> r, String param) {
        return String.valueOf(((Map<?, ?>) ((Map<?, ?>) data(r).get("details")).get(param)).get("code"));
    }

    private void assertNothingStored() {
        assertEquals("pending", flow.signerStatus(doc, ann.id()));
        flow.fields(doc).forEach(f -> assertEquals("", f.get("value"), f.toString()));
    }

    @Test
    void submit_reviewersReproduction_400AndNothingStored() {
        // Complete but for the characters: before the text rule this signed, stored them and drew them on the PDF.
        HttpResponse<String> r = submit(Map.of(text, "a\u202eb\u0000c\r\nd", textarea, "ok"), typed("\u202eZ\u0000"));

        expect(400, r);
        assertEquals("rest_invalid_param", code(r));
        assertEquals("text_direction_control", detailCode(r, "signature"));
        assertNothingStored();
        HttpResponse<String> session = flow.session(ann.token());
        assertFalse(session.body().contains("\\u202e") || session.body().contains("\u202e"), session.body());
    }

    @Test
    void submit_refusedCharactersInAValue_400NamingTheFieldWithTheRulesCode() {
        Map<String, String> cases = Map.of("a\u202eb", "text_direction_control", "a\u2066b", "text_direction_control",
                "nul\u0000", "text_control_character", "esc\u001b", "text_control_character",
                "c\r\nd", "text_line_break", "one\ntwo", "text_line_break");
        cases.forEach((value, expected) -> {
            HttpResponse<String> r = submit(Map.of(text, value), drawn());

            expect(400, r);
            assertEquals("rest_invalid_param", code(r), value);
            Map<?, ?> params = (Map<?, ?>) data(r).get("params");
            assertTrue(String.valueOf(params.get("values." + text)).startsWith("field " + text + " must "), r.body());
            assertEquals(expected, detailCode(r, "values." + text), r.body());
        });
        assertNothingStored();
    }

    @Test
    void submit_textareaLineBreaksAllowedButNotControls() {
        HttpResponse<String> bad = submit(Map.of(textarea, "line\u0007bell"), drawn());
        HttpResponse<String> cr = submit(Map.of(textarea, "old\rmac"), drawn());

        assertEquals("text_control_character", detailCode(bad, "values." + textarea));
        assertEquals("text_line_break", detailCode(cr, "values." + textarea));
        assertNothingStored();
        expect(200, submit(Map.of(text, "Cafe\u0301", textarea, "First line\r\nSecond line\n"), drawn()));
        Map<String, Object> values = new java.util.HashMap<>();
        flow.fields(doc).forEach(f -> values.put((String) f.get("id"), f.get("value")));
        assertEquals("Caf\u00e9", values.get(text), "kept in NFC");
        assertEquals("First line\nSecond line\n", values.get(textarea), "CRLF kept as LF, the value otherwise as typed");
    }

    @Test
    void submit_typedSignatureWithControls_400NamingTheSignature() {
        for (String name : List.of("Ann\u0000", "Ann\u202eFirst", "Ann\nFirst", "Ann\u0085")) {
            HttpResponse<String> r = submit(Map.of(text, "ok"), typed(name));

            expect(400, r);
            assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("signature"), r.body());
            assertTrue(detailCode(r, "signature").startsWith("text_"), r.body());
        }
        assertNothingStored();
        expect(200, submit(Map.of(text, "ok", textarea, "ok"), typed("Zoe\u0308")));
    }

    @Test
    void decline_reasonWithControls_400AndStillPending_CrlfKeptAsLf() {
        for (String reason : List.of("No\u0000", "No \u202eway", "tab\there")) {
            HttpResponse<String> r = flow.postToLink(ann.token(), "decline", Map.of("reason", reason));

            expect(400, r);
            assertEquals("rest_invalid_param", code(r));
            assertTrue(detailCode(r, "reason").startsWith("text_"), r.body());
        }
        assertEquals("pending", flow.signerStatus(doc, ann.id()));

        expect(200, flow.postToLink(ann.token(), "decline", Map.of("reason", "Too expensive.\r\nAsk again in May.")));

        assertEquals("Too expensive.\nAsk again in May.", flow.signerRecords(doc).get(ann.id()).get("decline_reason"));
    }
}
