package org.signet.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.Field;
import org.signet.domain.FieldConditions;
import org.signet.domain.FieldRules;
import org.signet.domain.Signer;
import org.signet.error.Refusal;

/**
 * The server's own check of a submission: values of the right kind, each passing its field's validation,
 * every required field that is shown filled, and the values of fields hidden by their conditions dropped.
 */
final class SubmissionCheck {
    private SubmissionCheck() {}

    /**
     * The submission with its values as they are kept (see {@link FieldValues}); a 400 when one does not fit.
     * {@code attached} names the file attached to each of the signer's attachment fields that has one: the
     * value such a field keeps, since no submission gives one. {@code all} are the document's fields, every
     * party's, which conditions may name.
     */
    static Submission check(Signer signer, List<Field> mine, List<Field> all, Submission s,
            Map<Long, String> attached) {
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
        Set<Long> hidden = hidden(mine, all, kept);
        kept.keySet().removeAll(hidden);
        validate(mine, kept);
        mine.stream().filter(f -> f.type().attachment() && attached.containsKey(f.id()) && !hidden.contains(f.id()))
                .forEach(f -> kept.put(f.id(), attached.get(f.id())));
        Map<Long, Submission.Image> images = new HashMap<>(s.fieldImages());
        images.keySet().removeAll(hidden);
        Submission checked = new Submission(s.consent(), kept, s.signature(), s.initials(), images);
        List<String> missing = new ArrayList<>();
        for (Field f : mine) {
            if (f.required() && !hidden.contains(f.id()) && !filled(f, checked)) {
                missing.add(Long.toString(f.id()));
            }
        }
        if (!missing.isEmpty()) {
            throw Refusal.invalid("missing_required_fields", "Fill in every required field before finishing.",
                    Map.of("field_ids", missing));
        }
        return checked;
    }

    /**
     * This signer's fields that the values make hidden: the others' fields as they stand, this signer's
     * as submitted, a field the sender filled in as filled (see docs/api/workflow.md, Rules on fields).
     */
    private static Set<Long> hidden(List<Field> mine, List<Field> all, Map<Long, String> kept) {
        Set<Long> own = new HashSet<>();
        mine.forEach(f -> own.add(f.id()));
        List<FieldConditions.Node> nodes = all.stream().map(f -> new FieldConditions.Node(f.name(), f.type(),
                f.rules().condition(), own.contains(f.id()) && !f.prefilled() ? kept.getOrDefault(f.id(), "")
                        : f.value())).toList();
        Set<Integer> shown = FieldConditions.shown(nodes);
        Set<Long> hidden = new HashSet<>();
        for (int i = 0; i < all.size(); i++) {
            if (!shown.contains(i) && own.contains(all.get(i).id())) {
                hidden.add(all.get(i).id());
            }
        }
        return hidden;
    }

    /** 400 validation_failed, one line per field whose value fails its validation, with the field's message. */
    private static void validate(List<Field> mine, Map<Long, String> kept) {
        List<String> failed = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Field f : mine) {
            FieldRules.Validation v = f.rules().validation();
            String failure = v == null ? null : FieldValidation.failure(v, kept.getOrDefault(f.id(), ""));
            if (failure != null) {
                failed.add("Field " + f.id() + (f.name().isEmpty() ? "" : " (" + f.name() + ")") + ": " + failure);
                ids.add(Long.toString(f.id()));
            }
        }
        if (!failed.isEmpty()) {
            throw Refusal.invalid("validation_failed", failed.size() == 1 ? failed.get(0)
                    : "Some values do not have the form their fields ask for.", Map.of("errors", failed,
                    "field_ids", ids));
        }
    }

    /**
     * Each value as it is kept, and each field's default where the submission gives it no value; one that does
     * not fit is added to {@code refused} instead.
     */
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
        mine.stream().filter(f -> f.rules().defaultValue() != null && !f.prefilled() && !values.containsKey(f.id()))
                .forEach(f -> kept.put(f.id(), f.rules().defaultValue()));
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
