package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.object;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.TestServer;

class SessionJsonTest {
    private static final Set<String> FIELD_KEYS = Set.of("id", "field_type", "page_number", "position_x",
            "position_y", "width", "height", "is_required", "options", "value");

    @TempDir
    Path dir;

    private TestServer server;
    private ApiFlow flow;
    private String docId;
    private Party ann;
    private Party bob;
    private List<Map<String, Object>> fields;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir);
        flow = new ApiFlow(server, server.account("owner@example.com", false).full(), Clock.systemUTC());
        docId = flow.upload("contract", 2);
        ann = flow.addSigner(docId, "Ann First", "ann@example.com", "signer", 1);
        bob = flow.addSigner(docId, "Bob Second", "bob@example.com", "signer", 2);
        Map<String, Object> choice = field(ann.id(), "dropdown", 1, 72, 300, 150, 30);
        choice.put("options", List.of("A", "B"));
        fields = flow.saveFields(docId, List.of(field(ann.id(), "signature", 1, 72.5, 80, 200, 60),
                field(ann.id(), "text", 1, 72, 200, 200, 30), choice,
                field(bob.id(), "signature", 2, 72, 600, 200, 60)));
        flow.send(docId);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void render_openLink_hasTheSpecifiedShapeWithStringIds() {
        Map<String, Object> s = object(flow.session(ann.token()));

        assertEquals(docId, s.get("document_id"));
        assertEquals("contract", s.get("title"));
        assertEquals("2", s.get("total_pages"));
        assertEquals(Map.of("id", ann.id(), "name", "Ann First", "email", "ann@example.com", "role", "signer",
                "status", "viewed"), s.get("signer"));
        assertNull(s.get("requires"));
        assertTrue(s.containsKey("requires"));
        assertEquals(true, s.get("can_act"));
        assertEquals(List.of(), s.get("completed_values"));
        List<?> mine = (List<?>) s.get("fields");
        assertEquals(3, mine.size());
        Map<?, ?> signature = (Map<?, ?>) mine.get(0);
        assertTrue(signature.keySet().containsAll(FIELD_KEYS), signature.keySet().toString());
        assertEquals(fields.get(0).get("id"), signature.get("id"));
        assertEquals("signature", signature.get("field_type"));
        assertEquals("1", signature.get("page_number"));
        assertEquals("72.5", signature.get("position_x"));
        assertEquals("80", signature.get("position_y"));
        assertEquals("1", signature.get("is_required"));
        assertEquals("[\"A\",\"B\"]", ((Map<?, ?>) mine.get(2)).get("options"));
        assertFalse(mine.stream().anyMatch(f -> fields.get(3).get("id").equals(((Map<?, ?>) f).get("id"))));
    }

    @Test
    void render_notYourTurn_cannotActAndSeesNoFields() {
        Map<String, Object> s = object(flow.session(bob.token()));

        assertEquals(false, s.get("can_act"));
        assertEquals(List.of(), s.get("fields"));
        assertEquals(List.of(), s.get("pages"));
        assertEquals("pending", ((Map<?, ?>) s.get("signer")).get("status"));
        assertEquals(bob.id(), ((Map<?, ?>) s.get("signer")).get("id"));
    }

    @Test
    void render_afterOthersSigned_showsTheirValuesReadOnly() {
        String text = (String) fields.get(1).get("id");
        String choice = (String) fields.get(2).get("id");
        expect(200, flow.sign(ann.token(), Map.of(text, "Ann's note", choice, "B")));

        Map<String, Object> s = object(flow.session(bob.token()));

        assertEquals(true, s.get("can_act"));
        List<?> mine = (List<?>) s.get("fields");
        assertEquals(1, mine.size());
        assertEquals("2", ((Map<?, ?>) mine.get(0)).get("page_number"));
        List<?> done = (List<?>) s.get("completed_values");
        assertEquals(3, done.size());
        Map<?, ?> signature = (Map<?, ?>) done.get(0);
        assertEquals("signature", signature.get("field_type"));
        assertTrue(((String) signature.get("value")).startsWith("data:image/png;base64,"));
        assertEquals("Ann's note", ((Map<?, ?>) done.get(1)).get("value"));
        assertEquals("B", ((Map<?, ?>) done.get(2)).get("value"));
        assertEquals("200", ((Map<?, ?>) done.get(1)).get("position_y"));
    }

    @Test
    void render_never_carriesHiddenSignerData() {
        HttpResponse<String> r = flow.session(ann.token());
        String body = r.body();

        for (String hidden : List.of("access_token", "pin_code", "pin_hash", "signature_ip", "signature_user_agent",
                "signing_url")) {
            assertFalse(body.contains(hidden), hidden + " in " + body);
        }
        assertFalse(body.contains(ann.token()));
        assertFalse(body.contains(bob.token()));
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""));
    }
}
