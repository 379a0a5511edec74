package org.signet.web.admin;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.Field;
import org.signet.domain.FieldRules;
import org.signet.domain.FileLayout;
import org.signet.domain.TemplateField;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * A stored field in the save shape of {@code POST .../fields} (see docs/api/workflow.md, Fields): what the editor
 * is given and sends back unchanged but for what the sender changed, so keys it has no control for yet (fonts,
 * rules on fields) survive a save made in the editor.
 */
final class FieldShape {
    private FieldShape() {}

    static Map<String, Object> of(Field f, FileLayout files) {
        Map<String, Object> m = common(new Common(f.type().wire(), f.name(), f.pageNumber(), f.placeholder(),
                f.required(), f.fontSize(), f.fontFamily(), f.options(), f.rules()), files);
        m.put("signer_id", f.signerId());
        put(m, f.x(), f.y(), f.width(), f.height());
        return m;
    }

    static Map<String, Object> of(TemplateField f, FileLayout files) {
        Map<String, Object> m = common(new Common(f.type().wire(), f.name(), f.pageNumber(), f.placeholder(),
                f.required(), f.fontSize(), f.fontFamily(), f.options(), f.rules()), files);
        m.put("signer_slot", f.signerSlot());
        m.put("variable_key", f.variableKey() == null ? "" : f.variableKey());
        put(m, f.x(), f.y(), f.width(), f.height());
        return m;
    }

    /** What a document's field and a template's have alike; {@code page} is a page of the files joined. */
    private record Common(String type, String name, int page, String placeholder, boolean required, int fontSize,
            String fontFamily, String options, FieldRules rules) {}

    private static Map<String, Object> common(Common c, FileLayout files) {
        Map<String, Object> m = new LinkedHashMap<>();
        FileLayout.Place place = files.place(c.page());
        m.put("field_type", c.type());
        m.put("field_name", c.name());
        m.put("file_id", place.file().id());
        m.put("page_number", place.page());
        m.put("is_required", c.required());
        m.put("placeholder", c.placeholder());
        m.put("font_size", c.fontSize());
        m.put("font_family", c.fontFamily());
        options(c.options(), m);
        c.rules().wire().forEach((k, v) -> {
            if (v != null) {
                m.put(k, v);
            }
        });
        return m;
    }

    /** Stored as JSON text; given back only when it says something, as an empty list is no option at all. */
    private static void options(String stored, Map<String, Object> m) {
        Object parsed = parsed(stored);
        boolean empty = parsed == null || parsed instanceof Collection<?> c && c.isEmpty()
                || parsed instanceof Map<?, ?> o && o.isEmpty();
        if (!empty) {
            m.put("options", parsed);
        }
    }

    /** The stored options as JSON values; null for none, which is also what text written by no save would be. */
    private static Object parsed(String stored) {
        try {
            return stored == null || stored.isBlank() ? null : Json.parse(stored);
        } catch (JsonSyntaxException e) {
            return null;
        }
    }

    private static void put(Map<String, Object> m, double x, double y, double w, double h) {
        m.put("position_x", x);
        m.put("position_y", y);
        m.put("width", w);
        m.put("height", h);
    }
}
