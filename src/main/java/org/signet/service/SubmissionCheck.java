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

    /** The submission with its values as they are kept (see {@link FieldValues}); a 400 when one does not fit. */
    static Submission check(Signer signer, List<Field> mine, Submission s) {
        if (signer.role() == Signer.Role.APPROVER) {
            return s;
        }
        Map<String, String> invalid = new LinkedHashMap<>();
        Map<String, String> codes = new LinkedHashMap<>();
        Map<Long, String> kept = new LinkedHashMap<>();
        for (Map.Entry<Long, String> e : s.values().entrySet()) {
            Field f = mine.stream().filter(x -> x.id() == e.getKey()).findFirst().orElse(null);
            FieldValues.Fit fit = f == null ? FieldValues.Fit.not("is not one of your fields")
                    : f.prefilled() ? FieldValues.Fit.not("was filled in by the sender and cannot be changed")
                    : FieldValues.fit(f.type(), f.options(), e.getValue());
            String param = "values." + e.getKey();
            if (!fit.ok()) {
                invalid.put(param, "field " + e.getKey() + " " + fit.problem() + ".");
                if (fit.code() != null) {
                    codes.put(param, fit.code());
                }
            } else {
                kept.put(e.getKey(), fit.value());
            }
        }
        for (Long id : s.fieldImages().keySet()) {
            boolean imageField = mine.stream().anyMatch(f -> f.id() == id && f.type().image());
            if (!imageField) {
                invalid.put("values." + id, "field " + id + " takes no image.");
            }
        }
        if (!invalid.isEmpty()) {
            throw Refusal.invalidParams(invalid, codes);
        }
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
