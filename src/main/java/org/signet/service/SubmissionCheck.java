package org.signet.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Field;
import org.signet.domain.Signer;
import org.signet.error.Refusal;

/** The server's own check of a submission: values of the right kind, every required field filled. */
final class SubmissionCheck {
    private SubmissionCheck() {}

    /**
     * The submission with its values as they are kept (see {@link FieldValues}); a 400 when one does not fit.
     * {@code attached} names the file attached to each of the signer's attachment fields that has one: the
     * value such a field keeps, since no submission gives one.
     */
    static Submission check(Signer signer, List<Field> mine, Submission s, Map<Long, String> attached) {
        if (signer.role() == Signer.Role.APPROVER) {
            refuseApproverInput(s);
            return s;
        }
        FieldValues.Refused refused = new FieldValues.Refused();
        Map<Long, String> kept = kept(mine, s.values(), refused);
        for (Long id : s.fieldImages().keySet()) {
            boolean imageField = mine.stream().anyMatch(f -> f.id() == id && f.type().image());
            if (!imageField) {
                refused.add("values." + id, "field " + id, FieldValues.Fit.not("takes no image"));
            }
        }
        refused.throwIfAny();
        mine.stream().filter(f -> f.type().attachment() && attached.containsKey(f.id()))
                .forEach(f -> kept.put(f.id(), attached.get(f.id())));
        Submission checked = new Submission(s.consent(), kept, s.signature(), s.initials(), s.fieldImages());
        List<String> missing = new ArrayList<>();
        for (Field f : mine) {
            if (f.required() && !filled(f, checked)) {
                missing.add(Long.toString(f.id()));
            }
        }
        if (!missing.isEmpty()) {
            throw Refusal.invalid("missing_required_fields", "Fill in every required field before finishing.",
                    Map.of("field_ids", missing));
        }
        return checked;
    }

    /** Each value as it is kept; one that does not fit is added to {@code refused} instead. */
    private static Map<Long, String> kept(List<Field> mine, Map<Long, String> values, FieldValues.Refused refused) {
        Map<Long, String> kept = new LinkedHashMap<>();
        for (Map.Entry<Long, String> e : values.entrySet()) {
            Field f = mine.stream().filter(x -> x.id() == e.getKey()).findFirst().orElse(null);
            FieldValues.Fit fit = f == null ? FieldValues.Fit.not("is not one of your fields")
                    : f.prefilled() ? FieldValues.Fit.not("was filled in by the sender and cannot be changed")
                    : FieldValues.fit(f.type(), f.options(), e.getValue());
            if (fit.ok()) {
                kept.put(e.getKey(), fit.value());
            } else {
                refused.add("values." + e.getKey(), "field " + e.getKey(), fit);
            }
        }
        return kept;
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
