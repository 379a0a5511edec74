package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;

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
import org.signet.support.TestServer;

/**
 * Number and radio fields, validations and conditions at the server, without a browser: each refusal at
 * save and at submit, and what is kept (see docs/api/workflow.md, Rules on fields).
 */
class FieldRulesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().owner("owner@example.com");

    private ApiFlow flow;
    private String docId;
    private Party ann;

    @BeforeEach
    void start() {
        flow = signet.flow();
        docId = flow.upload("order form", 1);
        ann = flow.addSigner(docId, "Ann", "ann@example.com", "signer", 1);
    }

    private Map<String, Object> named(String type, String name, double y) {
        Map<String, Object> f = field(ann.id(), type, 1, 72, y);
        f.put("field_name", name);
        return f;
    }

    private Map<String, Object> with(Map<String, Object> f, String key, Object value) {
        f.put(key, value);
        return f;
    }

    /** Saves a signature and {@code others}, sends, and answers the saved fields' ids by name. */
    private Map<String, String> sent(List<Map<String, Object>> others) {
        List<Map<String, Object>> all = new java.util.ArrayList<>(others);
        all.add(0, field(ann.id(), "signature", 1, 300, 700, 200, 60));
        Map<String, String> ids = new LinkedHashMap<>();
        flow.saveFields(docId, all).forEach(f -> ids.put((String) f.get("field_name"), (String) f.get("id")));
        flow.send(docId);
        return ids;
    }

    private static List<?> errors(HttpResponse<String> r) {
        assertEquals(400, r.statusCode(), r::body);
        assertEquals("validation_failed", code(r), r::body);
        return (List<?>) data(r).get("errors");
    }

    private static void invalidParam(HttpResponse<String> r, String fieldId, String words) {
        assertEquals(400, r.statusCode(), r::body);
        assertEquals("rest_invalid_param", code(r), r::body);
        String message = String.valueOf(((Map<?, ?>) data(r).get("params")).get("values." + fieldId));
        assertTrue(message.contains(words), message);
    }

    private String value(String fieldId) {
        return (String) flow.fields(docId).stream().filter(f -> fieldId.equals(f.get("id"))).findFirst().orElseThrow()
                .get("value");
    }

    @Test
    void number_outOfRangeOrTooManyDecimals_refusedNamingTheField_keptAsTyped() {
        Map<String, String> ids = sent(List.of(with(named("number", "Quantity", 100), "options",
                Map.of("min", 1, "max", 10, "decimals", 1))));
        String qty = ids.get("Quantity");

        invalidParam(flow.sign(ann.token(), Map.of(qty, "11")), qty, "from 1 to 10");
        invalidParam(flow.sign(ann.token(), Map.of(qty, "0.5")), qty, "from 1 to 10");
        invalidParam(flow.sign(ann.token(), Map.of(qty, "2.25")), qty, "at most 1 decimals");
        invalidParam(flow.sign(ann.token(), Map.of(qty, "ten")), qty, "number");
        assertEquals("missing_required_fields", code(flow.sign(ann.token(), Map.of(qty, ""))));
        expect(200, flow.sign(ann.token(), Map.of(qty, "2.5")));

        assertEquals("2.5", value(qty));
        Map<?, ?> saved = flow.fields(docId).stream().filter(f -> qty.equals(f.get("id"))).findFirst().orElseThrow();
        assertEquals("{\"min\":1,\"max\":10,\"decimals\":1}", saved.get("options"));
    }

    @Test
    void radio_noneOrAnUnknownChoice_refused_oneChoiceKept() {
        Map<String, String> ids = sent(List.of(with(named("radio", "Plan", 100), "options",
                List.of("Basic", "Team", "Enterprise"))));
        String plan = ids.get("Plan");

        assertEquals("missing_required_fields", code(flow.sign(ann.token(), Map.of())));
        invalidParam(flow.sign(ann.token(), Map.of(plan, "Gold")), plan, "one of its options");
        expect(200, flow.sign(ann.token(), Map.of(plan, "Team")));

        assertEquals("Team", value(plan));
    }

    @Test
    void save_badNumberOrRadioOptions_refusedNamingTheField() {
        List<?> errors = errors(flow.postFields(docId, List.of(
                with(named("number", "Qty", 100), "options", Map.of("min", 5, "max", 1)),
                with(named("number", "Price", 140), "options", Map.of("decimals", 9)),
                with(named("radio", "Plan", 180), "options", List.of("Only")),
                with(named("number", "Size", 220), "options", List.of("1", "2")))));

        assertEquals(4, errors.size(), errors::toString);
        assertTrue(errors.get(0).toString().startsWith("Field 1: options.min"), errors::toString);
        assertTrue(errors.get(1).toString().startsWith("Field 2: options.decimals"), errors::toString);
        assertTrue(errors.get(2).toString().startsWith("Field 3: a radio field needs"), errors::toString);
        assertTrue(errors.get(3).toString().startsWith("Field 4: a number field's options"), errors::toString);
    }

    @Test
    void validation_patternMismatch_validationFailedWithTheFieldsMessage() {
        Map<String, String> ids = sent(List.of(with(named("text", "Postcode", 100), "validation",
                Map.of("pattern", "[0-9]{5}", "message", "Enter the five digits of your postcode."))));
        String postcode = ids.get("Postcode");

        HttpResponse<String> r = flow.sign(ann.token(), Map.of(postcode, "1234"));
        assertEquals(List.of("Field " + postcode + " (Postcode): Enter the five digits of your postcode."), errors(r));
        assertEquals(List.of(postcode), data(r).get("field_ids"));
        assertEquals("validation_failed", code(flow.sign(ann.token(), Map.of(postcode, "123456"))), "whole value");
        expect(200, flow.sign(ann.token(), Map.of(postcode, "75001")));

        assertEquals("75001", value(postcode));
    }

    @Test
    void validation_namedFormats_eachRefusesWhatItShouldAndTakesTheRest() {
        Map<String, String> ids = sent(List.of(
                with(named("text", "Email", 100), "validation", "email"),
                with(named("text", "Digits", 140), "validation", Map.of("format", "digits", "message", "Digits only.")),
                with(named("text", "Born", 180), "validation", "date")));
        String email = ids.get("Email");
        String digits = ids.get("Digits");
        String born = ids.get("Born");
        Map<String, Object> good = Map.of(email, "ann@example.com", digits, "0042", born, "1990-02-28");

        for (Map.Entry<String, String> bad : Map.of(email, "ann@", digits, "42a", born, "1990-02-30").entrySet()) {
            Map<String, Object> values = new LinkedHashMap<>(good);
            values.put(bad.getKey(), bad.getValue());
            List<?> errors = errors(flow.sign(ann.token(), values));
            assertEquals(1, errors.size(), errors::toString);
            assertTrue(errors.get(0).toString().startsWith("Field " + bad.getKey() + " "), errors::toString);
        }
        assertEquals(List.of("Field " + digits + " (Digits): Digits only."),
                errors(flow.sign(ann.token(), Map.of(email, "ann@example.com", digits, "x", born, "1990-02-28"))));
        expect(200, flow.sign(ann.token(), good));
    }

    @Test
    void validation_hostilePattern_answeredInMilliseconds() {
        Map<String, String> ids = sent(List.of(with(named("text", "Code", 100), "validation",
                Map.of("pattern", "((a+)+)+$", "message", "Only the letter a."))));
        String hostile = "a".repeat(40) + "!";

        long started = System.nanoTime();
        HttpResponse<String> r = flow.sign(ann.token(), Map.of(ids.get("Code"), hostile));
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertEquals("validation_failed", code(r));
        System.out.println("hostile pattern ((a+)+)+$ against 40 a's and '!': answered in " + millis + " ms");
        assertTrue(millis < 2_000, millis + " ms");
    }

    @Test
    void save_patternRe2CannotRunOrTooLong_refused() {
        List<?> errors = errors(flow.postFields(docId, List.of(
                with(named("text", "A", 100), "validation", Map.of("pattern", "(a)\\1", "message", "Twice.")),
                with(named("text", "B", 140), "validation", Map.of("pattern", "a".repeat(501), "message", "Long.")),
                with(named("text", "C", 180), "validation", Map.of("pattern", "[0-9]+")),
                with(named("text", "D", 220), "validation", "postcode"),
                with(named("checkbox", "E", 260), "validation", "digits"))));

        assertEquals(5, errors.size(), errors::toString);
        assertTrue(errors.get(0).toString().startsWith("Field 1: validation.pattern is not a regular expression"),
                errors::toString);
        assertTrue(errors.get(1).toString().contains("1 to 500 characters"), errors::toString);
        assertTrue(errors.get(2).toString().contains("validation.message is required"), errors::toString);
        assertTrue(errors.get(3).toString().contains("not a named format"), errors::toString);
        assertTrue(errors.get(4).toString().contains("only for text and textarea"), errors::toString);
    }

    @Test
    void condition_hiddenFieldsValueDropped_requiredOnlyWhenShown() {
        Map<String, String> ids = sent(List.of(
                with(named("checkbox", "For a company", 100), "is_required", false),
                with(named("text", "Company name", 140), "condition", Map.of("field_name", "For a company",
                        "equals", true)),
                with(with(named("text", "VAT number", 180), "is_required", false), "condition",
                        Map.of("field_name", "Company name", "filled", true))));
        String company = ids.get("For a company");
        String name = ids.get("Company name");
        String vat = ids.get("VAT number");

        HttpResponse<String> shown = flow.sign(ann.token(), Map.of(company, "1"));
        assertEquals("missing_required_fields", code(shown));
        assertEquals(List.of(name), data(shown).get("field_ids"));
        expect(200, flow.sign(ann.token(), Map.of(company, "0", name, "Acme Ltd", vat, "FR123")));

        assertEquals("0", value(company));
        assertEquals("", value(name), "hidden: its value dropped");
        assertEquals("", value(vat), "hidden because the field it depends on is hidden");
    }

    @Test
    void condition_shownWhenItHolds_valuesKept() {
        Map<String, String> ids = sent(List.of(
                with(named("radio", "Plan", 100), "options", List.of("Basic", "Team")),
                with(named("number", "Seats", 160), "condition", Map.of("field_name", "Plan", "equals", "Team"))));

        expect(200, flow.sign(ann.token(), Map.of(ids.get("Plan"), "Team", ids.get("Seats"), "12")));

        assertEquals("12", value(ids.get("Seats")));
        Map<?, ?> seats = flow.fields(docId).stream().filter(f -> ids.get("Seats").equals(f.get("id"))).findFirst()
                .orElseThrow();
        assertEquals(Map.of("field_name", "Plan", "equals", "Team"), seats.get("condition"));
    }

    @Test
    void save_conditionOnAMissingFieldItselfOrALoop_refusedAndNothingSaved() {
        List<?> errors = errors(flow.postFields(docId, List.of(
                with(named("text", "A", 100), "condition", Map.of("field_name", "Nowhere", "filled", true)),
                with(named("text", "B", 140), "condition", Map.of("field_name", "B", "filled", true)),
                with(named("text", "C", 180), "condition", Map.of("field_name", "D", "equals", "x")),
                with(named("text", "D", 220), "condition", Map.of("field_name", "C", "equals", "y")),
                with(named("text", "E", 260), "condition", Map.of("field_name", "A", "equals", "1", "filled", true)))));

        assertEquals(List.of("Field 5: condition must be an object with field_name and either equals or \"filled\": "
                + "true."), errors, "a field that cannot be read is reported first, on its own");
        errors = errors(flow.postFields(docId, List.of(
                with(named("text", "A", 100), "condition", Map.of("field_name", "Nowhere", "filled", true)),
                with(named("text", "B", 140), "condition", Map.of("field_name", "B", "filled", true)),
                with(named("text", "C", 180), "condition", Map.of("field_name", "D", "equals", "x")),
                with(named("text", "D", 220), "condition", Map.of("field_name", "C", "equals", "y")))));

        assertEquals(List.of("Field 1: condition.field_name 'Nowhere' names no field of this document.",
                "Field 2: condition.field_name cannot name the field itself.",
                "Field 3: its condition is part of a loop of conditions (C -> D -> C).",
                "Field 4: its condition is part of a loop of conditions (D -> C -> D)."), errors);
        assertEquals(List.of(), flow.fields(docId));
    }

    @Test
    void template_fieldsCarryTheirRules_toTheDocumentsMadeFromIt() {
        Map<String, Object> plan = with(named("radio", "Plan", 100), "options", List.of("Basic", "Team"));
        Map<String, Object> seats = with(with(named("text", "Seats", 160), "condition",
                Map.of("field_name", "Plan", "equals", "Team")), "validation", "digits");
        flow.saveFields(docId, List.of(field(ann.id(), "signature", 1, 300, 700, 200, 60), plan, seats));
        Map<String, Object> t = TestServer.expectObject(201, flow.post("templates", Map.of("document_id",
                Long.parseLong(docId), "name", "Order")));
        Map<?, ?> saved = (Map<?, ?>) TestServer.array(flow.get("templates/" + t.get("id") + "/fields")).get(2);
        assertEquals(Map.of("format", "digits", "message", ""), saved.get("validation"));

        Map<String, Object> made = TestServer.expectObject(201, flow.post("templates/" + t.get("id") + "/documents",
                Map.of("signers", List.of(Map.of("name", "Cy", "email", "cy@example.com")))));
        Map<?, ?> copied = flow.fields(String.valueOf(made.get("id"))).get(2);

        assertEquals(Map.of("field_name", "Plan", "equals", "Team"), copied.get("condition"));
        assertEquals(Map.of("format", "digits", "message", ""), copied.get("validation"));
    }
}
