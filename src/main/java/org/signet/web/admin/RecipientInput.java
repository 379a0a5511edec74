package org.signet.web.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.EmailAddress;
import org.signet.domain.Language;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.service.DrawableText;
import org.signet.service.Workflow;

/**
 * A recipient as the recipients page posts one, read by the rules {@code POST /documents/{id}/signers} applies, its
 * inputs named as that request's keys, so that a refusal names the input it concerns in either case.
 */
final class RecipientInput {
    static final int MAX_ORDER = 1000;

    private RecipientInput() {}

    /** The recipient the form describes; 400 {@code rest_invalid_param} naming every input that cannot be used. */
    static Workflow.SignerRequest read(Form f) {
        Map<String, String> bad = new LinkedHashMap<>();
        String name = text(f, "name");
        if (name.isEmpty() || name.length() > 255 || DrawableText.problem(name) != null) {
            bad.put("name", "name must be 1 to 255 characters that a PDF can show.");
        }
        String email = text(f, "email");
        if (!EmailAddress.isValid(email)) {
            bad.put("email", "email is not a valid email address.");
        }
        Signer.Role role = Signer.Role.fromWire(text(f, "role")).orElse(null);
        if (role == null) {
            bad.put("role", "role must be one of signer, viewer, approver.");
        }
        int order = order(text(f, "signing_order"));
        if (order == 0) {
            bad.put("signing_order", "signing_order must be a whole number from 1 to " + MAX_ORDER + ".");
        }
        String pin = text(f, "pin_code");
        if (!pin.isEmpty() && !pin.matches("\\d{4,8}")) {
            bad.put("pin_code", "pin_code must be 4 to 8 digits.");
        }
        String code = text(f, "language");
        Optional<Language> language = code.isEmpty() ? Optional.empty() : Language.fromCode(code);
        if (!code.isEmpty() && language.isEmpty()) {
            bad.put("language", "language must be one of " + Language.choices() + ".");
        }
        if (!bad.isEmpty()) {
            throw Refusal.invalidParams(bad);
        }
        return new Workflow.SignerRequest(name, email, role, order, f.checked("require_wp_login"),
                pin.isEmpty() ? null : pin, f.checked("verification") ? Signer.Verification.EMAIL_CODE
                        : Signer.Verification.NONE, language.orElse(null));
    }

    /** The order, or 0 when it is no whole number from 1 to {@link #MAX_ORDER}. */
    private static int order(String given) {
        if (!given.matches("\\d{1,4}")) {
            return 0;
        }
        int n = Integer.parseInt(given);
        return n >= 1 && n <= MAX_ORDER ? n : 0;
    }

    private static String text(Form f, String name) {
        return Optional.ofNullable(f.value(name)).orElse("").strip();
    }
}
