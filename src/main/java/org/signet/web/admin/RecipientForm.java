package org.signet.web.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.Language;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;

/**
 * The inputs of one recipient on the recipients page, for a new one or one to edit: name, email, role, signing
 * order, the gates of their link (PIN, a code by email, a sign-in to this site) and language. When the last post
 * of this entry was refused, the values posted are shown again, each input the refusal concerns marked invalid
 * and described by the words beside it.
 *
 * @param key what makes the inputs' ids unique on the page: the recipient's id, or "new"
 * @param values the values to show, by input name
 * @param refused why the last post of this entry was refused, or null
 */
record RecipientForm(String key, Map<String, String> values, Refusal refused) {
    static final List<String> GATES = List.of("verification", "require_wp_login");

    /** The form's values for a recipient as stored; the PIN is never shown, only kept when left empty. */
    static Map<String, String> valuesOf(Signer p) {
        return Map.of("name", p.name(), "email", p.email(), "role", p.role().wire(), "signing_order",
                Integer.toString(p.signingOrder()), "verification", p.verification() == Signer.Verification.EMAIL_CODE
                        ? "1" : "", "require_wp_login", p.requireLogin() ? "1" : "", "language",
                p.language() == null ? "" : p.language().code(), "has_pin", p.pinHash() != null ? "1" : "");
    }

    /** The inputs, the error of the entry first when it has one. */
    Html inputs(AdminView v) {
        Set<String> concerned = concerned();
        Html entryError = refused == null ? Html.EMPTY : Html.of("<div class=\"error\" role=\"alert\" id=\"{}\">{}</div>\n",
                id("entry-error"), concerned.isEmpty() ? RefusalWords.words(v, "", refused) : v.t("compose.recipient.check"));
        return Html.join(List.of(entryError,
                input(v, "name", "text", "compose.recipient.name", concerned,
                        Html.trusted(" maxlength=\"255\" required=\"required\" autocomplete=\"off\"")),
                input(v, "email", "email", "compose.recipient.email", concerned,
                        Html.trusted(" maxlength=\"254\" required=\"required\" autocomplete=\"off\"")),
                role(v, concerned),
                input(v, "signing_order", "number", "compose.recipient.order", concerned,
                        Html.of(" min=\"1\" max=\"{}\" required=\"required\"", RecipientInput.MAX_ORDER)),
                gates(v, concerned), language(v, concerned)));
    }

    /** The inputs the refusal concerns: those it names, else the one its code is about, else none. */
    private Set<String> concerned() {
        if (refused == null) {
            return Set.of();
        }
        Set<String> named = RefusalWords.params(refused);
        if (!named.isEmpty()) {
            return named;
        }
        return switch (refused.code()) {
            case "duplicate_signer" -> Set.of("email");
            case "forbidden" -> Set.of("require_wp_login");
            default -> Set.of();
        };
    }

    private String id(String name) {
        return name.replace('_', '-') + "-" + key;
    }

    private Html input(AdminView v, String name, String type, String labelKey, Set<String> concerned, Html extra) {
        return Html.of("<label for=\"{}\">{}</label>\n<input id=\"{}\" name=\"{}\" type=\"{}\" value=\"{}\"{}{} />\n{}",
                id(name), v.t(labelKey), id(name), name, type, values.getOrDefault(name, ""), extra,
                described(name, concerned), error(v, name, concerned));
    }

    private Html role(AdminView v, Set<String> concerned) {
        List<Html> options = new ArrayList<>();
        for (Signer.Role r : Signer.Role.values()) {
            options.add(Html.of("<option value=\"{}\"{}>{}</option>\n", r.wire(), selected(r.wire().equals(
                    values.getOrDefault("role", "signer"))), v.t("role." + r.wire())));
        }
        return Html.of("<label for=\"{}\">{}</label>\n<select id=\"{}\" name=\"role\"{}>\n{}</select>\n{}", id("role"),
                v.t("compose.recipient.role"), id("role"), described("role", concerned), Html.join(options),
                error(v, "role", concerned));
    }

    private Html gates(AdminView v, Set<String> concerned) {
        boolean hasPin = !values.getOrDefault("has_pin", "").isEmpty();
        Html pin = Html.of("<label for=\"{}\">{}</label>\n<input id=\"{}\" name=\"pin_code\" type=\"text\" "
                + "inputmode=\"numeric\" maxlength=\"8\" autocomplete=\"off\" aria-describedby=\"{}{}\"{} />\n"
                + "<p class=\"hint\" id=\"{}\">{}</p>\n{}", id("pin_code"), v.t("compose.recipient.pin"), id("pin_code"),
                id("pin-hint"), concerned.contains("pin_code") ? " " + id("pin_code") + "-error" : "",
                invalid(concerned.contains("pin_code")), id("pin-hint"),
                v.t(hasPin ? "compose.recipient.pin_kept" : "compose.recipient.pin_hint"), error(v, "pin_code", concerned));
        List<Html> boxes = new ArrayList<>();
        for (String gate : GATES) {
            boxes.add(Html.of("<div class=\"choice\"><input type=\"checkbox\" id=\"{}\" name=\"{}\" value=\"1\"{}{} /> "
                    + "<label for=\"{}\">{}</label></div>\n{}", id(gate), gate,
                    selectedBox(!values.getOrDefault(gate, "").isEmpty()), described(gate, concerned), id(gate),
                    v.t("compose.recipient." + gate), error(v, gate, concerned)));
        }
        return Html.of("<fieldset>\n<legend>{}</legend>\n{}{}</fieldset>\n", v.t("compose.recipient.gates"), pin,
                Html.join(boxes));
    }

    private Html language(AdminView v, Set<String> concerned) {
        String chosen = values.getOrDefault("language", "");
        List<Html> options = new ArrayList<>(List.of(Html.of("<option value=\"\">{}</option>\n",
                v.t("compose.recipient.language_site"))));
        for (Language l : Language.values()) {
            options.add(Html.of("<option value=\"{}\" lang=\"{}\"{}>{}</option>\n", l.code(), l.code(),
                    selected(l.code().equals(chosen)), v.t("account.language." + l.code())));
        }
        return Html.of("<label for=\"{}\">{}</label>\n<select id=\"{}\" name=\"language\"{}>\n{}</select>\n{}",
                id("language"), v.t("compose.recipient.language"), id("language"), described("language", concerned),
                Html.join(options), error(v, "language", concerned));
    }

    /** For an input the refusal concerns: invalid, and described by its error. */
    private Html described(String name, Set<String> concerned) {
        return concerned.contains(name) ? Html.of(" aria-invalid=\"true\" aria-describedby=\"{}-error\"", id(name))
                : Html.EMPTY;
    }

    private Html error(AdminView v, String name, Set<String> concerned) {
        return concerned.contains(name) ? RefusalWords.beside(id(name), RefusalWords.words(v, name, refused)) : Html.EMPTY;
    }

    private static Html invalid(boolean bad) {
        return bad ? Html.trusted(" aria-invalid=\"true\"") : Html.EMPTY;
    }

    private static Html selected(boolean yes) {
        return yes ? Html.trusted(" selected=\"selected\"") : Html.EMPTY;
    }

    private static Html selectedBox(boolean yes) {
        return yes ? Html.trusted(" checked=\"checked\"") : Html.EMPTY;
    }

    /** The session's CSRF field and these inputs, in a form that posts to {@code action}. */
    Html form(AdminView v, Session s, String action, String submitKey) {
        return Html.of("<form method=\"post\" action=\"{}\" class=\"form recipient-form\">\n{}{}"
                + "<button type=\"submit\" class=\"btn btn-primary\" id=\"{}\">{}</button>\n</form>\n", action,
                AdminView.csrf(s), inputs(v), id("save"), v.t(submitKey));
    }
}
