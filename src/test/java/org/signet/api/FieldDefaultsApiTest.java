package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * A field's {@code default_value} through the REST interface: saved and answered, refused when its signer could
 * not give it, carried from a template to its documents, and standing as the value of a signer who leaves it.
 */
class FieldDefaultsApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String doc;
    private Party ann;

    @BeforeEach
    void start() {
        flow = signet.flow();
        doc = flow.upload("Order", 1);
        ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
    }

    private Map<String, Object> field(String type, double y, String name, Object dflt, Object... more) {
        Map<String, Object> m = ApiFlow.field(ann.id(), type, 1, 72, y, type.equals("checkbox") ? 20 : 150,
                type.equals("checkbox") ? 20 : 30);
        m.put("field_name", name);
        m.put("default_value", dflt);
        for (int i = 0; i < more.length; i += 2) {
            m.put((String) more[i], more[i + 1]);
        }
        return m;
    }

    /** A country (text), a plan (dropdown), seats (a number from 1 to 50), a box ticked and a signature. */
    private List<Map<String, Object>> order() {
        Map<String, Object> signature = ApiFlow.field(ann.id(), "signature", 1, 72, 600, 200, 60);
        return List.of(field("text", 100, "Country", "France"),
                field("dropdown", 150, "Plan", "Team", "options", List.of("Basic", "Team")),
                field("number", 200, "Seats", "12", "options", Map.of("min", 1, "max", 50)),
                field("checkbox", 250, "News", "1"), signature);
    }

    private static Map<String, Object> byName(List<?> fields) {
        Map<String, Object> out = new LinkedHashMap<>();
        fields.forEach(f -> out.put(String.valueOf(((Map<?, ?>) f).get("field_name")), f));
        return out;
    }

    private static Object defaultOf(Map<String, Object> fields, String name) {
        return ((Map<?, ?>) fields.get(name)).get("default_value");
    }

    private void assertRefusedNaming(HttpResponse<String> r, String param) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), r.body());
        assertEquals(List.of(), array(flow.get("documents/" + doc + "/fields")), "nothing saved");
    }

    @Test
    void saveFields_defaults_answeredAndListed_noneIsNull() {
        Map<String, Object> saved = byName(flow.saveFields(doc, order()));

        assertEquals("France", defaultOf(saved, "Country"));
        assertEquals("Team", defaultOf(saved, "Plan"));
        assertEquals("12", defaultOf(saved, "Seats"));
        assertEquals("1", defaultOf(saved, "News"));
        assertNull(defaultOf(saved, ""), "a signature has none");
        assertEquals(saved, byName(array(flow.get("documents/" + doc + "/fields"))));
    }

    @Test
    void saveFields_defaultItsSignerCouldNotGive_invalidParamNamingTheFieldAndNothingSaved() {
        assertRefusedNaming(flow.postFields(doc, List.of(field("dropdown", 100, "Plan", "Gold", "options",
                List.of("Basic", "Team")))), "fields[0].default_value");
        assertRefusedNaming(flow.postFields(doc, List.of(field("text", 100, "Country", "France"),
                field("number", 200, "Seats", "70", "options", Map.of("min", 1, "max", 50)))), "fields[1].default_value");
        assertRefusedNaming(flow.postFields(doc, List.of(field("text", 100, "Postcode", "7500", "validation",
                Map.of("pattern", "[0-9]{5}", "message", "Five digits.")))), "fields[0].default_value");
        assertRefusedNaming(flow.postFields(doc, List.of(field("signature", 100, "Sign", "Ann"))),
                "fields[0].default_value");
        assertRefusedNaming(flow.postFields(doc, List.of(field("attachment", 100, "Proof", "x.pdf"))),
                "fields[0].default_value");
        assertRefusedNaming(flow.postFields(doc, List.of(field("text", 100, "Country", 7))), "fields[0].default_value");
    }

    @Test
    void createFromTemplate_defaultsCarried() {
        flow.saveFields(doc, order());
        Object template = expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc),
                "name", "Order"))).get("id");

        Map<String, Object> templateFields = byName(array(flow.get("templates/" + template + "/fields")));
        Map<String, Object> made = expectObject(201, flow.post("templates/" + template + "/documents",
                Map.of("signers", List.of(Map.of("name", "Carla", "email", "carla@example.org")))));

        assertEquals("Team", defaultOf(templateFields, "Plan"));
        Map<String, Object> fields = byName((List<?>) made.get("fields"));
        assertEquals("France", defaultOf(fields, "Country"));
        assertEquals("Team", defaultOf(fields, "Plan"));
        assertEquals("12", defaultOf(fields, "Seats"));
        assertEquals("", ((Map<?, ?>) fields.get("Country")).get("value"), "a default is no prefill");
    }

    @Test
    void formWithoutScript_showsTheDefaultsFilledIn() throws Exception {
        flow.saveFields(doc, order());
        flow.send(doc);

        HttpResponse<String> form = signet.client().send(HttpRequest.newBuilder(URI.create(ann.url() + "/form")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, form.statusCode(), form.body());
        assertTrue(form.body().contains("value=\"France\""), form.body());
        assertTrue(form.body().contains("<option value=\"Team\" selected=\"selected\">Team</option>"), form.body());
        assertTrue(form.body().contains("value=\"12\""), form.body());
    }

    @Test
    void sign_signerLeavesDefaults_theyAreTheSealedValues_aValueGivenWins() {
        flow.saveFields(doc, order());
        flow.send(doc);
        Map<String, Object> ids = byName(flow.fields(doc));
        String country = String.valueOf(((Map<?, ?>) ids.get("Country")).get("id"));

        HttpResponse<String> r = flow.sign(ann.token(), Map.of(country, "Spain"));

        assertEquals(200, r.statusCode(), r.body());
        flow.awaitSealed(doc);
        Map<String, Object> sealed = byName(flow.fields(doc));
        assertEquals("Spain", ((Map<?, ?>) sealed.get("Country")).get("value"));
        assertEquals("Team", ((Map<?, ?>) sealed.get("Plan")).get("value"));
        assertEquals("12", ((Map<?, ?>) sealed.get("Seats")).get("value"));
        assertEquals("1", ((Map<?, ?>) sealed.get("News")).get("value"));
    }
}
