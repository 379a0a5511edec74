package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.ExternalRef;
import org.signet.domain.FieldType;
import org.signet.domain.NewField;
import org.signet.domain.PageSize;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/** Reading a fields payload: defaults by type, unusable structures, and every problem of every field at once. */
class FieldInputTest {
    private static final PageSize A4 = new PageSize(595, 842);
    private static final PageSize A4_LANDSCAPE = new PageSize(842, 595);
    private static final Set<Long> SIGNERS = Set.of(7L, 8L);

    private static Document document(PageSize... pages) {
        return new Document(1, 1, "Contract", DocumentStatus.DRAFT, "contract.pdf", "application/pdf", pages.length,
                List.of(pages), 1, 1, null, "0".repeat(64), null, null, null, null, null, 0, 0, null, Document.Seal.NONE,
                ExternalRef.NONE, false, null, null, null);
    }

    private static Object json(String text) {
        try {
            return Json.parse(text);
        } catch (JsonSyntaxException e) {
            throw new AssertionError(text, e);
        }
    }

    private static List<NewField> parse(String fieldsJson, Document d) {
        return FieldInput.parse(json(fieldsJson), d, SIGNERS);
    }

    private static List<NewField> parse(String fieldsJson) {
        return parse(fieldsJson, document(A4, A4));
    }

    private static Refusal rejected(String fieldsJson, Document d) {
        return assertThrows(Refusal.class, () -> parse(fieldsJson, d));
    }

    @SuppressWarnings("unchecked")
    private static List<String> errors(Refusal e) {
        assertEquals(Refusal.Kind.INVALID, e.kind());
        assertEquals("validation_failed", e.code());
        return (List<String>) e.data().get("errors");
    }

    @Test
    void parse_minimalSignature_seedDefaults() {
        NewField f = parse("[{\"signer_id\":7,\"field_type\":\"signature\",\"page_number\":1,"
                + "\"position_x\":72.5,\"position_y\":100}]").get(0);

        assertEquals(7, f.signerId());
        assertEquals(FieldType.SIGNATURE, f.type());
        assertEquals(72.5, f.x());
        assertEquals(100, f.y());
        assertEquals(200, f.width());
        assertEquals(60, f.height());
        assertTrue(f.required());
        assertEquals(14, f.fontSize());
        assertEquals("DM Sans", f.fontFamily());
        assertEquals("", f.placeholder());
        assertEquals("", f.name());
        assertEquals("", f.value());
        assertEquals("[]", f.options());
    }

    @Test
    void parse_everyTypeWithoutSize_defaultSizeOfTheSeed() {
        Map<String, double[]> seed = Map.of("signature", new double[] {200, 60}, "initials", new double[] {100, 50},
                "name", new double[] {150, 30}, "email", new double[] {200, 30}, "date", new double[] {100, 30},
                "text", new double[] {200, 30}, "textarea", new double[] {200, 80}, "checkbox", new double[] {20, 20},
                "dropdown", new double[] {150, 30}, "stamp", new double[] {150, 100});
        for (Map.Entry<String, double[]> e : seed.entrySet()) {
            NewField f = parse("[{\"signer_id\":7,\"field_type\":\"" + e.getKey() + "\",\"page_number\":1,"
                    + "\"position_x\":0,\"position_y\":0,\"options\":[\"A\"]}]").get(0);
            assertEquals(e.getValue()[0], f.width(), e.getKey());
            assertEquals(e.getValue()[1], f.height(), e.getKey());
        }
    }

    @Test
    void parse_givenProperties_kept() {
        NewField f = parse("[{\"signer_id\":\"8\",\"field_type\":\"dropdown\",\"page_number\":2,\"position_x\":10,"
                + "\"position_y\":20,\"width\":120,\"height\":25,\"is_required\":false,\"font_size\":11,"
                + "\"font_family\":\"Helvetica\",\"placeholder\":\"Pick\",\"field_name\":\"Colour\","
                + "\"options\":[\"Red\",\"Blue\"]}]").get(0);

        assertEquals(8, f.signerId());
        assertEquals(2, f.pageNumber());
        assertEquals(120, f.width());
        assertEquals(25, f.height());
        assertFalse(f.required());
        assertEquals(11, f.fontSize());
        assertEquals("Helvetica", f.fontFamily());
        assertEquals("Pick", f.placeholder());
        assertEquals("Colour", f.name());
        assertEquals(List.of("Red", "Blue"), json(f.options()));
    }

    @Test
    void parse_emptyArray_noFields() {
        assertEquals(List.of(), parse("[]"));
    }

    @Test
    void parse_notAnArray_invalidData() {
        for (String raw : List.of("{\"signer_id\":7}", "\"fields\"", "42", "null", "true")) {
            Refusal e = rejected(raw, document(A4));
            assertEquals(Refusal.Kind.INVALID, e.kind(), raw);
            assertEquals("invalid_data", e.code(), raw);
        }
    }

    @Test
    void parse_itemsNotObjects_invalidData() {
        for (String raw : List.of("[1]", "[\"signature\"]", "[[]]", "[{\"signer_id\":7,\"field_type\":\"text\","
                + "\"page_number\":1,\"position_x\":0,\"position_y\":0}, null]")) {
            assertEquals("invalid_data", rejected(raw, document(A4)).code(), raw);
        }
    }

    @Test
    void parse_moreFieldsThanTheLimit_invalidData() {
        List<Map<String, Object>> many = new ArrayList<>();
        for (int i = 0; i <= FieldInput.MAX_FIELDS; i++) {
            many.add(Map.of("signer_id", 7, "field_type", "text", "page_number", 1, "position_x", 0, "position_y", 0));
        }
        assertEquals("invalid_data", assertThrows(Refusal.class,
                () -> FieldInput.parse(json(Json.write(many)), document(A4), SIGNERS)).code());
    }

    @Test
    void parse_problemsInSeveralFields_everyProblemListedWithItsFieldNumber() {
        String ok = "{\"signer_id\":7,\"field_type\":\"signature\",\"page_number\":1,\"position_x\":0,\"position_y\":0}";
        List<String> errors = errors(rejected("[" + ok + ","
                + "{\"signer_id\":99,\"field_type\":\"signature\",\"page_number\":0,\"position_x\":0,\"position_y\":0},"
                + "{\"signer_id\":7,\"field_type\":\"signature\",\"page_number\":3,\"position_x\":0,\"position_y\":0},"
                + "{\"signer_id\":7,\"field_type\":\"seal\",\"page_number\":1,\"position_x\":0,\"position_y\":0},"
                + "{\"signer_id\":7,\"field_type\":\"text\",\"page_number\":1,\"position_x\":0,\"position_y\":0,"
                + "\"width\":-5,\"height\":0},"
                + "{\"signer_id\":7,\"field_type\":\"text\",\"page_number\":1,\"position_x\":500,\"position_y\":0},"
                + "{\"signer_id\":7,\"field_type\":\"dropdown\",\"page_number\":1,\"position_x\":0,\"position_y\":0},"
                + "{\"signer_id\":7,\"field_type\":\"text\",\"position_x\":0,\"position_y\":0}]", document(A4, A4)));

        assertEquals(9, errors.size(), errors.toString());
        assertTrue(errors.stream().allMatch(e -> e.matches("Field [2-8]: .+")), errors.toString());
        assertHas(errors, "Field 2: signer_id 99 is not a signer");
        assertHas(errors, "Field 2: page_number must be an integer of at least 1");
        assertHas(errors, "Field 3: page_number 3 is beyond the document's 2 page(s)");
        assertHas(errors, "Field 4: unknown field_type 'seal'");
        assertHas(errors, "Field 5: width must be greater than 0");
        assertHas(errors, "Field 5: height must be greater than 0");
        assertHas(errors, "Field 6: the field lies outside page 1");
        assertHas(errors, "Field 7: a dropdown needs at least one option");
        assertHas(errors, "Field 8: page_number is required");
    }

    private static void assertHas(List<String> errors, String prefix) {
        assertTrue(errors.stream().anyMatch(e -> e.startsWith(prefix)), "no '" + prefix + "' in " + errors);
    }

    @Test
    void parse_missingRequiredProperties_eachNamed() {
        List<String> errors = errors(rejected("[{}]", document(A4)));

        assertEquals(List.of("Field 1: signer_id is required.", "Field 1: field_type is required.",
                "Field 1: page_number is required.", "Field 1: position_x is required.",
                "Field 1: position_y is required."), errors);
    }

    @Test
    void parse_fieldTouchingThePageEdge_accepted() {
        NewField f = parse("[{\"signer_id\":7,\"field_type\":\"signature\",\"page_number\":1,"
                + "\"position_x\":395,\"position_y\":782}]", document(A4)).get(0);

        assertEquals(395, f.x());
    }

    @Test
    void parse_fieldOutsideOnAnySide_rejected() {
        for (String xy : List.of("-1,0", "0,-1", "396,0", "0,783")) {
            String[] p = xy.split(",");
            List<String> errors = errors(rejected("[{\"signer_id\":7,\"field_type\":\"signature\",\"page_number\":1,"
                    + "\"position_x\":" + p[0] + ",\"position_y\":" + p[1] + "}]", document(A4)));
            assertEquals(1, errors.size(), xy);
            assertTrue(errors.get(0).startsWith("Field 1: the field lies outside page 1"), errors.get(0));
        }
    }

    @Test
    void parse_pagesOfDifferentSizes_checkedAgainstTheirOwnPage() {
        String wide = "{\"signer_id\":7,\"field_type\":\"text\",\"page_number\":%d,\"position_x\":600,"
                + "\"position_y\":10}";
        Document d = document(A4, A4_LANDSCAPE);

        assertEquals(1, parse("[" + String.format(wide, 2) + "]", d).size());
        assertEquals(List.of("Field 1: the field lies outside page 1 (595 x 842 points)."),
                errors(rejected("[" + String.format(wide, 1) + "]", d)));
    }

    @Test
    void parse_valuesOfTheWrongType_reported() {
        List<String> errors = errors(rejected("[{\"signer_id\":7,\"field_type\":\"text\",\"page_number\":1,"
                + "\"position_x\":\"left\",\"position_y\":true,\"font_size\":500,\"is_required\":\"maybe\","
                + "\"options\":[1,2],\"font_family\":7}]", document(A4)));

        assertHas(errors, "Field 1: position_x must be a number");
        assertHas(errors, "Field 1: position_y must be a number");
        assertHas(errors, "Field 1: font_size must be an integer from 1 to 200");
        assertHas(errors, "Field 1: is_required must be a boolean");
        assertHas(errors, "Field 1: options must be an array of strings");
        assertHas(errors, "Field 1: font_family must be a string");
    }

    @Test
    void parse_hugeOrFractionalNumbers_reportedNotOverflowed() {
        List<String> errors = errors(rejected("[{\"signer_id\":7,\"field_type\":\"text\",\"page_number\":1e30,"
                + "\"position_x\":1e400,\"position_y\":0,\"width\":1e300}]", document(A4)));

        assertHas(errors, "Field 1: page_number must be an integer of at least 1");
        assertHas(errors, "Field 1: position_x must be a number");
        assertHas(errors, "Field 1: width must be a number");
    }

    @Test
    void parse_typedTextWithControlOrDirectionCharacters_reportedPerField() {
        List<String> errors = errors(rejected("[{\"signer_id\":7,\"field_type\":\"dropdown\",\"page_number\":1,"
                + "\"position_x\":10,\"position_y\":10,\"field_name\":\"Col\\u202eour\",\"placeholder\":\"a\\nb\","
                + "\"font_family\":\"DM\\u0000Sans\",\"options\":[\"Red\",\"Bl\\u2066ue\"]}]", document(A4)));

        assertTrue(errors.contains("Field 1: field_name must not contain bidirectional overrides, embeddings or isolates."),
                errors.toString());
        assertTrue(errors.contains("Field 1: placeholder must be one line, without line breaks."), errors.toString());
        assertTrue(errors.contains("Field 1: font_family must not contain control characters."), errors.toString());
        assertHas(errors, "Field 1: options[1] must not contain bidirectional");
    }

    @Test
    void parse_decomposedNamesAndOptions_keptInNfc() {
        NewField f = parse("[{\"signer_id\":7,\"field_type\":\"dropdown\",\"page_number\":1,\"position_x\":10,"
                + "\"position_y\":10,\"field_name\":\"Cafe\\u0301\",\"options\":[\"Cre\\u0300me\",\"Th\u00e9\"]}]").get(0);

        assertEquals("Caf\u00e9", f.name());
        assertEquals(List.of("Cr\u00e8me", "Th\u00e9"), json(f.options()));
    }

    @Test
    void parse_attachmentWithoutOptions_defaultSizeAndEveryKind() {
        NewField f = parse("[{\"signer_id\":7,\"field_type\":\"attachment\",\"page_number\":1,\"position_x\":10,"
                + "\"position_y\":10}]").get(0);

        assertEquals(FieldType.ATTACHMENT, f.type());
        assertEquals(200, f.width());
        assertEquals(60, f.height());
        assertTrue(f.required());
        assertEquals(List.of(), json(f.options()));
    }

    @Test
    void parse_attachmentWithSomeKinds_keptOnceEachInOrder() {
        NewField f = parse("[{\"signer_id\":7,\"field_type\":\"attachment\",\"page_number\":1,\"position_x\":10,"
                + "\"position_y\":10,\"is_required\":false,\"options\":[\"jpg\",\"pdf\",\"jpg\"]}]").get(0);

        assertEquals(List.of("jpg", "pdf"), json(f.options()));
        assertFalse(f.required());
    }

    @Test
    void parse_attachmentWithAnUnknownKind_refusedAsAParameterNamingTheField() {
        for (String kind : List.of("gif", "PDF", "jpeg", "")) {
            Refusal e = rejected("[{\"signer_id\":7,\"field_type\":\"text\",\"page_number\":1,\"position_x\":1,"
                    + "\"position_y\":1},{\"signer_id\":8,\"field_type\":\"attachment\",\"page_number\":1,"
                    + "\"position_x\":10,\"position_y\":100,\"options\":[\"png\",\"" + kind + "\"]}]", document(A4));

            assertEquals("rest_invalid_param", e.code(), kind);
            @SuppressWarnings("unchecked")
            Map<String, String> params = (Map<String, String>) e.data().get("params");
            assertTrue(params.get("fields[1].options").startsWith("Field 2: an attachment field's options may name only "
                    + "pdf, png and jpg"), params::toString);
        }
    }

    @Test
    void parse_templateAttachmentWithAnUnknownKind_refusedToo() {
        Refusal e = assertThrows(Refusal.class, () -> FieldInput.parseForTemplate(json("[{\"signer_slot\":1,"
                + "\"field_type\":\"attachment\",\"page_number\":1,\"position_x\":10,\"position_y\":10,"
                + "\"options\":[\"docx\"]}]"), List.of(A4), null));

        assertEquals("rest_invalid_param", e.code());
        @SuppressWarnings("unchecked")
        Map<String, String> params = (Map<String, String>) e.data().get("params");
        assertTrue(params.get("fields[0].options").contains("not 'docx'"), params::toString);
    }
}
