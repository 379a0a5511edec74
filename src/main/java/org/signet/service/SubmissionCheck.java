package org.signet.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Field;
import org.signet.domain.Signer;

/** The server's own check of a submission (S7): values of the right kind, every required field filled. */
final class SubmissionCheck {
    private SubmissionCheck() {}

    static void check(Signer signer, List<Field> mine, Submission s) {
        if (signer.role() == Signer.Role.APPROVER) {
            refuseApproverInput(s);
            return;
        }
        Map<String, String> invalid = new LinkedHashMap<>();
        for (Map.Entry<Long, String> e : s.values().entrySet()) {
            Field f = mine.stream().filter(x -> x.id() == e.getKey()).findFirst().orElse(null);
            String problem = f == null ? "is not one of your fields"
                    : f.prefilled() ? "was filled in by the sender and cannot be changed"
                    : FieldValues.problem(f.type(), f.options(), e.getValue());
            if (problem != null) {
                invalid.put("values." + e.getKey(), "field " + e.getKey() + " " + problem + ".");
            }
        }
        for (Long id : s.fieldImages().keySet()) {
            boolean imageField = mine.stream().anyMatch(f -> f.id() == id && f.type().image());
            if (!imageField) {
                invalid.put("values." + id, "field " + id + " takes no image.");
            }
        }
        if (!invalid.isEmpty()) {
            throw Refusal.invalidParams(invalid);
        }
        List<String> missing = new ArrayList<>();
        for (Field f : mine) {
            if (f.required() && !filled(f, s)) {
                missing.add(Long.toString(f.id()));
            }
        }
        if (!missing.isEmpty()) {
            throw Refusal.invalid("missing_required_fields", "Fill in every required field before finishing.",
                    Map.of("field_ids", missing));
        }
    }

    /** An approver approves the document as it stands: whatever they would fill in is refused, never dropped. */
    private static void refuseApproverInput(Submission s) {
        Map<String, String> invalid = new LinkedHashMap<>();
        if (!s.values().isEmpty() || !s.fieldImages().isEmpty()) {
            invalid.put("values", "An approver fills in no fields; send only consent to approve.");
        }
        if (s.signature() != null) {
            invalid.put("signature", "An approver gives no signature; send only consent to approve.");
        }
        if (s.initials() != null) {
            invalid.put("initials", "An approver gives no initials; send only consent to approve.");
        }
        if (!invalid.isEmpty()) {
            throw Refusal.invalidParams(invalid);
        }
    }

    private static boolean filled(Field f, Submission s) {
        if (f.type().automatic() || f.prefilled()) {
            return true;
        }
        if (f.type().image()) {
            return Signing.hasImage(f, s);
        }
        String v = s.values().getOrDefault(f.id(), "");
        return f.type() == org.signet.domain.FieldType.CHECKBOX ? v.equals("1") : !v.isBlank();
    }
}
