package org.signet.service;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.signet.domain.Document;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.pdf.intake.DetectedField;
import org.signet.store.Database;
import org.signet.store.DetectedFieldStore;
import org.signet.store.SignerStore;

/**
 * The fields found in an uploaded PDF, in the shape a fields save takes ({@code signer} being the
 * signer number the tag or form field names), kept with the document or template so that a later save
 * "from detected" places them: for a document each signer number is mapped to one of its signers.
 */
public final class DetectedFields {
    private final Database db;
    private final DetectedFieldStore store;
    private final SignerStore signers;
    private final DocumentAccess access;

    public DetectedFields(DocumentStores s) {
        this.db = s.db();
        this.store = new DetectedFieldStore(db);
        this.signers = s.signers();
        this.access = new DocumentAccess(s);
    }

    /** One field in the save shape, with {@code signer} and, for a form field, {@code form_field}. */
    public static Map<String, Object> saveShape(DetectedField f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("signer", f.signer());
        m.put("field_type", f.type().wire());
        m.put("field_name", f.name());
        m.put("page_number", f.page());
        m.put("position_x", f.x());
        m.put("position_y", f.y());
        m.put("width", f.width());
        m.put("height", f.height());
        m.put("is_required", f.required());
        m.put("options", f.options());
        m.put("form_field", f.formField());
        return m;
    }

    /** The fields of an upload in the save shape, as answered and as stored. */
    public static List<Map<String, Object>> saveShapes(List<DetectedField> fields) {
        return fields.stream().map(DetectedFields::saveShape).toList();
    }

    /** Keeps what was found in a new document's file; the caller's transaction makes it part of the creation. */
    void recordForDocument(long documentId, List<DetectedField> fields) {
        if (!fields.isEmpty()) {
            store.putForDocument(documentId, Json.write(saveShapes(fields)));
        }
    }

    /** Keeps fields already in the stored JSON shape, as a staged file holds them. */
    void recordJson(long documentId, String json) {
        store.putForDocument(documentId, json);
    }

    void recordForTemplate(long templateId, List<DetectedField> fields) {
        if (!fields.isEmpty()) {
            store.putForTemplate(templateId, Json.write(saveShapes(fields)));
        }
    }

    /** A document made from a template gets the template's, so its form fields are still filled at the end. */
    void copyTemplateToDocument(long templateId, long documentId) {
        store.forTemplate(templateId).ifPresent(json -> store.putForDocument(documentId, json));
    }

    /** What was found in the document's file, in the save shape; empty when nothing was. */
    List<Map<String, Object>> ofDocument(long documentId) {
        return ofDocument(store, documentId);
    }

    /** As {@link #ofDocument(long)}, for a reader that holds only the store; ownership is the caller's check. */
    static List<Map<String, Object>> ofDocument(DetectedFieldStore store, long documentId) {
        return store.forDocument(documentId).map(DetectedFields::parse).orElse(List.of());
    }

    List<Map<String, Object>> ofTemplate(long templateId) {
        return store.forTemplate(templateId).map(DetectedFields::parse).orElse(List.of());
    }

    /**
     * The document's detected fields, each with {@code signer_id} from {@code mapping} (signer number to
     * one of the document's signer ids), ready for the fields save to check like any other; 400
     * {@code rest_invalid_param} naming {@code signers} when the mapping leaves a number out or names
     * someone who is not a signer of the document, and naming {@code from_detected} when nothing was
     * detected.
     */
    public List<Map<String, Object>> assigned(Principal p, long documentId, Map<Integer, Long> signerOf) {
        return db.read(() -> {
            Document d = access.read(p, documentId);
            List<Map<String, Object>> detected = ofDocument(d.id());
            if (detected.isEmpty()) {
                throw Refusal.invalidParam("from_detected", "no fields were detected in this document's file.");
            }
            Set<Long> ids = signers.forDocument(d.id()).stream().map(Signer::id).collect(Collectors.toSet());
            check(signerOf, ids, numbers(detected));
            List<Map<String, Object>> out = new ArrayList<>();
            for (Map<String, Object> f : detected) {
                Map<String, Object> placed = new LinkedHashMap<>(f);
                // As a JSON body would carry it, so the fields save reads it like any other.
                placed.put("signer_id", BigDecimal.valueOf(signerOf.get(number(f))));
                out.add(placed);
            }
            return out;
        });
    }

    /**
     * The template's detected fields with each signer number as the slot, ready for the template fields
     * save; 400 naming {@code from_detected} when nothing was detected. Ownership is the caller's check.
     */
    List<Map<String, Object>> asSlots(long templateId) {
        List<Map<String, Object>> detected = ofTemplate(templateId);
        if (detected.isEmpty()) {
            throw Refusal.invalidParam("from_detected", "no fields were detected in this template's file.");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> f : detected) {
            Map<String, Object> placed = new LinkedHashMap<>(f);
            placed.put("signer_slot", BigDecimal.valueOf(number(f)));
            out.add(placed);
        }
        return out;
    }

    /** Every number the fields need is mapped, and to a signer of the document. */
    private static void check(Map<Integer, Long> signerOf, Set<Long> signerIds, Set<Integer> needed) {
        for (Map.Entry<Integer, Long> e : signerOf.entrySet()) {
            if (!signerIds.contains(e.getValue())) {
                throw Refusal.invalidParam("signers", "signers." + e.getKey() + " = " + e.getValue()
                        + " is not a signer of this document.");
            }
        }
        Set<Integer> missing = new TreeSet<>(needed);
        missing.removeAll(signerOf.keySet());
        if (!missing.isEmpty()) {
            throw Refusal.invalidParam("signers", "signers has no signer for number(s) " + missing
                    + ", which detected fields are meant for.");
        }
    }

    private static Set<Integer> numbers(List<Map<String, Object>> detected) {
        return detected.stream().map(DetectedFields::number).collect(Collectors.toCollection(TreeSet::new));
    }

    private static int number(Map<String, Object> f) {
        return ((Number) f.get("signer")).intValue();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> parse(String json) {
        try {
            return (List<Map<String, Object>>) Json.parse(json);
        } catch (JsonSyntaxException e) {
            throw new IllegalStateException("stored detected fields are not JSON", e);
        }
    }
}
