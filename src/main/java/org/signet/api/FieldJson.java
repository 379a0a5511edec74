package org.signet.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.FileLayout;
import org.signet.json.Json;
import org.signet.text.Wire;

/**
 * A field's wire form: every key of a field record, always, all values strings but its rules
 * ({@code validation} and {@code condition}, objects or null), and for an attachment field its file (see
 * docs/api/workflow.md, Fields).
 */
public final class FieldJson {
    private final Wire wire;

    public FieldJson(Wire wire) {
        this.wire = wire;
    }

    /**
     * The field, on a page of one of {@code files}; an attachment field also says which file is attached ({@code attached}, or null while none
     * is): its name, kind, size and SHA-256, never its content.
     */
    public Map<String, Object> form(Field f, FieldAttachment attached, FileLayout files) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(f.id()));
        m.put("document_id", Wire.id(f.documentId()));
        m.put("signer_id", Wire.id(f.signerId()));
        m.put("field_type", f.type().wire());
        m.put("field_name", f.name());
        // Stored on the files' joined pages; said as a file and a page inside it.
        FileLayout.Place place = files.place(f.pageNumber());
        m.put("file_id", Wire.id(place.file().id()));
        m.put("page_number", Integer.toString(place.page()));
        m.put("position_x", Wire.number(f.x()));
        m.put("position_y", Wire.number(f.y()));
        m.put("width", Wire.number(f.width()));
        m.put("height", Wire.number(f.height()));
        m.put("value", f.value());
        m.put("placeholder", f.placeholder());
        m.put("is_required", Wire.flag(f.required()));
        m.put("font_size", Integer.toString(f.fontSize()));
        m.put("font_family", f.fontFamily());
        m.put("options", f.options());
        m.putAll(f.rules().wire());
        m.put("created_at", wire.time(f.createdAt()));
        m.put("updated_at", wire.time(f.updatedAt()));
        if (f.type().attachment()) {
            m.put("attachment", attached == null ? null : Json.object("filename", attached.filename(), "kind",
                    attached.kind().wire(), "size", Long.toString(attached.size()), "sha256", attached.sha256()));
        }
        return m;
    }
}
