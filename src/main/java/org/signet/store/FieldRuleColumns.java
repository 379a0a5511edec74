package org.signet.store;

import java.sql.SQLException;
import java.util.Map;
import org.signet.domain.FieldRules;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * A field's rules in the columns {@code validation} and {@code shown_when} of both field tables, each its
 * wire object as JSON, '' when the field has none; and its {@code default_value}, null when it has none.
 */
final class FieldRuleColumns {
    static final String NAMES = "validation, shown_when, default_value";

    private FieldRuleColumns() {}

    static String validation(FieldRules rules) {
        return rules.validation() == null ? "" : Json.write(rules.validation().wire());
    }

    static String condition(FieldRules rules) {
        return rules.condition() == null ? "" : Json.write(rules.condition().wire());
    }

    static FieldRules read(Row r) throws SQLException {
        Map<?, ?> validation = object(r.string("validation"));
        Map<?, ?> condition = object(r.string("shown_when"));
        return new FieldRules(validation == null ? null : FieldRules.Validation.fromWire(validation),
                condition == null ? null : FieldRules.Condition.fromWire(condition), r.string("default_value"));
    }

    private static Map<?, ?> object(String json) {
        if (json == null || json.isEmpty()) {
            return null;
        }
        try {
            return Json.parse(json) instanceof Map<?, ?> m ? m : null;
        } catch (JsonSyntaxException e) {
            return null;
        }
    }
}
