package org.signet.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Suggested variable keys: snake case of the name, accents dropped, type and count when empty, collisions numbered. */
class VariableKeysTest {
    private static List<String> suggest(FieldType[] types, String... names) {
        return VariableKeys.suggest(Arrays.asList(types), Arrays.asList(names));
    }

    @Test
    void suggest_namesInSnakeCase() {
        assertEquals(Arrays.asList("company_name", "start_date_dd_mm", "notes"),
                suggest(new FieldType[] {FieldType.TEXT, FieldType.TEXT, FieldType.TEXTAREA}, "Company Name",
                        "  Start date (DD/MM) ", "NOTES"));
    }

    @Test
    void suggest_nonAsciiLetters_withoutTheirAccents() {
        assertEquals(Arrays.asList("kaufer_strasse", "ete", "naive_cafe"),
                suggest(new FieldType[] {FieldType.TEXT, FieldType.TEXT, FieldType.DROPDOWN}, "Käufer Straße", "Été",
                        "naïve café"));
    }

    @Test
    void suggest_emptyOrSymbolOnlyNames_typeAndCountOfThatType() {
        assertEquals(Arrays.asList("text_1", "checkbox_1", "text_2", "dropdown_1"),
                suggest(new FieldType[] {FieldType.TEXT, FieldType.CHECKBOX, FieldType.TEXT, FieldType.DROPDOWN}, "", "",
                        "合同", "***"));
    }

    @Test
    void suggest_collisions_numbered() {
        assertEquals(Arrays.asList("name_field", "name_field_2", "name_field_3", "text_3", "text_3_2"),
                suggest(new FieldType[] {FieldType.TEXT, FieldType.TEXT, FieldType.TEXTAREA, FieldType.TEXT, FieldType.TEXT},
                        "Name field", "name-field", "NAME FIELD", "", "Text 3"));
    }

    @Test
    void suggest_signatureInitialsStampAndAutomaticFields_noKey() {
        assertEquals(Arrays.asList(null, null, null, null, null, null, "text_1"),
                suggest(new FieldType[] {FieldType.SIGNATURE, FieldType.INITIALS, FieldType.STAMP, FieldType.NAME,
                        FieldType.EMAIL, FieldType.DATE, FieldType.TEXT}, "Sign here", "", "", "Name", "", "Date", ""));
    }
}
