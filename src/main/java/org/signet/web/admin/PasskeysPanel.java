package org.signet.web.admin;

import java.util.List;
import org.signet.domain.Passkey;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;

/**
 * The passkeys part of "My account": the user's passkeys (name, added, last used) each with its removal, and the
 * form that adds one. Adding runs in the page script {@code admin/passkeys.js}; until it runs, the button stays
 * disabled and the form says that it needs script, so a browser without script is offered nothing that fails.
 */
final class PasskeysPanel {
    private PasskeysPanel() {}

    static Html render(AdminView v, Session s, List<Passkey> passkeys) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"passkeys-heading\" id=\"passkeys\">\n"
                + "<h2 id=\"passkeys-heading\">{}</h2>\n<p class=\"hint\">{}</p>\n{}{}</section>\n",
                v.t("account.passkeys"), v.t("account.passkeys_intro"), list(v, s, passkeys), addForm(v, s));
    }

    private static Html list(AdminView v, Session s, List<Passkey> passkeys) {
        if (passkeys.isEmpty()) {
            return Html.of("<p id=\"passkeys-none\">{}</p>\n", v.t("account.passkeys_none"));
        }
        Html rows = passkeys.stream().map(p -> Html.of("<tr data-passkey=\"{}\"><td>{}</td><td>{}</td><td>{}</td>"
                + "<td>{}</td></tr>\n", p.id(), p.name(), v.time(p.createdAt()), v.time(p.lastUsedAt()),
                v.button(s, PasskeyRoutes.ADD + "/" + p.id() + "/remove", "account.passkey_remove", "btn-danger",
                        Html.EMPTY))).collect(Html.joining());
        return Html.of("{}<table class=\"table\" id=\"passkey-list\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n",
                v.tableWrap("account.passkeys_table"), v.t("account.passkeys_table"), v.th("account.passkey_name"),
                v.th("account.passkey_added"), v.th("account.passkey_last_used"), v.th("account.passkey_actions"), rows);
    }

    private static Html addForm(AdminView v, Session s) {
        return Html.of("<form id=\"passkey-add-form\" class=\"form\" data-passkey-add=\"{}\" data-csrf=\"{}\">\n"
                + "<label for=\"passkey-name\">{}</label>\n"
                + "<input id=\"passkey-name\" name=\"name\" type=\"text\" maxlength=\"60\" required=\"required\""
                + " autocomplete=\"off\" aria-describedby=\"passkey-name-hint passkey-add-status\" />\n"
                + "<p id=\"passkey-name-hint\" class=\"hint\">{}</p>\n"
                + "<button id=\"passkey-add\" type=\"submit\" class=\"btn btn-primary\" disabled=\"disabled\""
                + " aria-describedby=\"passkey-add-status\">{}</button>\n"
                + "{}</form>\n", PasskeyRoutes.ADD, s.csrfToken(), v.t("account.passkey_new_name"),
                v.t("account.passkey_new_name_hint"), v.t("account.passkey_add"),
                status(v, "passkey-add-status", ADDING));
    }

    /** The sign-in page's button that signs in with a passkey alone; {@code token} is the sign-in form's. */
    static Html signIn(AdminView v, String token) {
        return button(v, new Button("passkey-sign-in", "login.passkey_heading", PasskeyRoutes.SIGN_IN, "login.passkey"),
                token);
    }

    /** The second step's button that confirms a password sign-in with a passkey; {@code token} is the challenge's. */
    static Html secondFactor(AdminView v, String token) {
        return button(v, new Button("passkey-second", "login.second_passkey_heading", PasskeyRoutes.SECOND_FACTOR,
                "login.second_passkey"), token);
    }

    /** A button that runs an assertion: its id, heading, the address the script posts to, and its words. */
    private record Button(String id, String heading, String url, String words) {}

    private static Html button(AdminView v, Button b, String token) {
        return Html.of("<section class=\"panel form narrow\" aria-labelledby=\"{}-heading\">\n"
                + "<h2 id=\"{}-heading\">{}</h2>\n"
                + "<button id=\"{}\" type=\"button\" class=\"btn\" data-passkey-sign-in=\"{}\""
                + " data-csrf=\"{}\" disabled=\"disabled\" aria-describedby=\"{}-status\">{}</button>\n"
                + "{}</section>\n", b.id(), b.id(), v.t(b.heading()), b.id(), b.url(), token, b.id(), v.t(b.words()),
                status(v, b.id() + "-status", SIGNING_IN));
    }

    /** The words of a status line: while the ceremony runs, when it fails, in a browser without passkeys, without script. */
    record StatusWords(String working, String failed, String unsupported, String needsScript) {}

    static final StatusWords ADDING = new StatusWords("account.passkey_working", "account.passkey_failed",
            "account.passkey_unsupported", "account.passkey_needs_script");
    static final StatusWords SIGNING_IN = new StatusWords("login.passkey_working", "login.passkey_failed",
            "login.passkey_unsupported", "login.passkey_needs_script");

    /**
     * The line the script reports on, with its words for each outcome in data attributes; until the script runs it
     * says that the button needs script.
     */
    static Html status(AdminView v, String id, StatusWords words) {
        return Html.of("<p id=\"{}\" class=\"hint\" role=\"status\" data-working=\"{}\" data-failed=\"{}\""
                + " data-unsupported=\"{}\">{}</p>\n", id, v.m.get(words.working()), v.m.get(words.failed()),
                v.m.get(words.unsupported()), v.t(words.needsScript()));
    }
}
