package org.signet.web;

import static org.signet.web.PageHtml.escape;
import static org.signet.web.PageHtml.text;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.signet.text.Messages;

/**
 * The HTML documents of the signer's pages: the signing page shell that
 * {@code /assets/sign.js} fills from the session endpoint, the PIN, login and emailed-code gates, and the
 * notice shown instead of the document when there is nothing to sign. Every word comes from
 * {@code m}, the page's language's catalogue.
 */
public final class SigningPages {

    private static final Set<String> ROLES = Set.of("signer", "approver", "viewer");
    private static final List<String> CONSENT = List.of("consent.title", "consent.agreement", "consent.paper_copy",
            "consent.withdrawal", "consent.requirements");

    private SigningPages() {
    }

    /**
     * The signing page shell: title, sender, the action bar for {@code role} with the consent
     * statement, and an empty document area that the page script fills.
     *
     * @param role signer, approver or viewer
     * @throws IllegalArgumentException for any other role
     */
    public static String signingPage(Messages m, String token, String documentTitle, String senderName,
                                     String signerName, String role) {
        return signingPage(m, token, documentTitle, senderName, signerName, role, List.of());
    }

    /**
     * The signing page shell that {@code embedOrigins} may frame: the page script tells the page around
     * it what happens here only when that page's origin is one of them.
     */
    public static String signingPage(Messages m, String token, String documentTitle, String senderName,
                                     String signerName, String role, List<String> embedOrigins) {
        return signingPage(m, token, documentTitle, senderName, signerName, role, embedOrigins, false);
    }

    /**
     * The signing page shell; with {@code delegation} (the document allows handing over) a signer or
     * approver also gets the button and dialog to hand their place to someone else.
     */
    public static String signingPage(Messages m, String token, String documentTitle, String senderName,
                                     String signerName, String role, List<String> embedOrigins, boolean delegation) {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(documentTitle, "documentTitle");
        Objects.requireNonNull(role, "role");
        if (!ROLES.contains(role)) {
            throw new IllegalArgumentException("role must be one of " + ROLES + ", not '" + role + "'");
        }
        String sender = escape(senderName);
        String heading = "<div class=\"doc-heading\">\n"
                + "<h1 id=\"doc-title\" class=\"doc-title\">" + escape(documentTitle) + "</h1>\n"
                + "<p class=\"sent-by\">" + text(m, "sign.sent_by", "<strong id=\"sender-name\">" + sender + "</strong>",
                        "<span id=\"signer-name\">" + escape(signerName) + "</span>")
                + " <span class=\"role-badge\">" + escape(m.get("role." + role)) + "</span></p>\n</div>\n";
        // The document scrolls in its own box above the action bar, so the bar never covers a
        // field: scrolling a field into view (by focus, by script or by a test driver) reveals it.
        // The box is the main landmark, named by the title, and takes keyboard focus so an approver
        // or viewer can scroll it. The top bar scrolls away with the document, so it sits inside
        // main, where it is a plain header rather than a banner nested in another landmark.
        String body = "<main id=\"main\" class=\"scroller\" tabindex=\"0\" aria-labelledby=\"doc-title\""
                + " data-token=\"" + escape(token) + "\" data-role=\"" + role + "\"" + embedding(embedOrigins) + ">\n"
                + PageHtml.topbar(m, heading)
                + "<div id=\"document-area\" class=\"document-area\">\n"
                + "<noscript><p class=\"notice-inline\">" + text(m, "sign.noscript") + "</p></noscript>\n"
                + "<div id=\"document\" class=\"document\" aria-busy=\"true\">"
                + "<p class=\"loading\">" + text(m, "sign.loading") + "</p></div>\n"
                + "</div>\n</main>\n"
                + actionBar(m, role, delegation)
                + dialogs(m, role, senderName)
                + (delegation && !role.equals("viewer") ? PageDialogs.delegateDialog(m, senderName) : "");
        return PageHtml.document(m, documentTitle, "sign", true, body);
    }

    /** The origins that may frame the page, space-separated for the page script; nothing when none may. */
    private static String embedding(List<String> origins) {
        return origins.isEmpty() ? "" : " data-embed-origins=\"" + escape(String.join(" ", origins)) + "\"";
    }

    /**
     * The PIN gate. {@code locked} disables the form and says for how long.
     *
     * @param errorOrNull a message to show, such as a wrong PIN; null for none
     * @param action where the form posts, the link's {@code /pin} with the page's {@code lang} if it had one
     */
    public static String pinPage(Messages m, String token, String action, String documentTitle, String errorOrNull,
                                 boolean locked) {
        Objects.requireNonNull(token, "token");
        String message = locked && errorOrNull == null ? m.get("pin.locked") : errorOrNull;
        String off = locked ? " disabled=\"disabled\"" : "";
        String form = "<p>" + text(m, "pin.intro") + "</p>\n"
                + "<form id=\"pin-form\" class=\"gate-form\" method=\"post\" action=\"" + escape(action)
                + "\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"pin-input\">" + text(m, "pin.label") + "</label>\n"
                + "<input id=\"pin-input\" class=\"input input-pin\" name=\"pin\" type=\"password\""
                + " inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9]*\" minlength=\"4\""
                + " maxlength=\"8\" required=\"required\" aria-describedby=\"message\"" + off + " />\n"
                + PageHtml.messageRegion(message)
                + "<button id=\"pin-submit\" class=\"btn btn-primary btn-block\" type=\"submit\"" + off
                + ">" + text(m, "pin.continue") + "</button>\n</form>\n";
        return PageHtml.document(m, documentTitle, "pin", true,
                gate(m, token, documentTitle, text(m, "pin.eyebrow"), form, locked));
    }

    /**
     * The login gate for a signer who must sign in as the host-site account with {@code email}.
     *
     * @param errorOrNull a message to show, such as wrong credentials; null for none
     * @param action where the form posts, the link's {@code /login} with the page's {@code lang} if it had one
     */
    public static String loginPage(Messages m, String token, String action, String documentTitle, String email,
                                   String errorOrNull) {
        Objects.requireNonNull(token, "token");
        String form = "<p>" + text(m, "login.intro") + "</p>\n"
                + "<form id=\"login-form\" class=\"gate-form\" method=\"post\" action=\"" + escape(action)
                + "\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"login-email\">" + text(m, "login.email") + "</label>\n"
                + "<input id=\"login-email\" class=\"input\" name=\"email\" type=\"email\" readonly=\"readonly\""
                + " autocomplete=\"username\" value=\"" + escape(email) + "\" />\n"
                + "<label class=\"label\" for=\"login-password\">" + text(m, "login.password") + "</label>\n"
                + "<input id=\"login-password\" class=\"input\" name=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required=\"required\" aria-describedby=\"message\" />\n"
                + PageHtml.messageRegion(errorOrNull)
                + "<button id=\"login-submit\" class=\"btn btn-primary btn-block\" type=\"submit\">"
                + text(m, "login.submit") + "</button>\n"
                + "</form>\n";
        return PageHtml.document(m, documentTitle, "login", true,
                gate(m, token, documentTitle, text(m, "login.eyebrow"), form, false));
    }

    /**
     * The emailed-code gate for a signer whose address shows as {@code maskedEmail}: before a code is
     * waiting, a button that mails one; once one is, the field to type it in and a button for a new one.
     * {@code locked} disables both and says for how long.
     *
     * @param checkAction where the code posts, the link's {@code /email-code} with the page's {@code lang}
     * @param sendAction where asking for a code posts, the link's {@code /email-code/send} likewise
     * @param errorOrNull a message to show, such as a wrong code; null for none
     */
    public static String emailCodePage(Messages m, String token, String checkAction, String sendAction,
            String documentTitle, String maskedEmail, boolean waiting, String errorOrNull, boolean locked) {
        Objects.requireNonNull(token, "token");
        String message = locked && errorOrNull == null ? m.get("code.locked") : errorOrNull;
        String off = locked ? " disabled=\"disabled\"" : "";
        String address = "<strong class=\"code-address\">" + escape(maskedEmail) + "</strong>";
        String sendForm = "<form id=\"code-send-form\" class=\"gate-form\" method=\"post\" action=\""
                + escape(sendAction) + "\">\n"
                + (waiting ? "" : PageHtml.messageRegion(message))
                + "<button id=\"code-send\" class=\"btn " + (waiting ? "btn-secondary" : "btn-primary")
                + " btn-block\" type=\"submit\"" + off + ">" + text(m, waiting ? "code.resend" : "code.send")
                + "</button>\n</form>\n";
        String form = waiting
                ? "<p>" + text(m, "code.sent", address) + "</p>\n" + codeForm(m, checkAction, message, off) + sendForm
                : "<p>" + text(m, "code.intro", address) + "</p>\n" + sendForm;
        return PageHtml.document(m, documentTitle, "email_code", true,
                gate(m, token, documentTitle, text(m, "code.eyebrow"), form, locked));
    }

    private static String codeForm(Messages m, String action, String message, String off) {
        return "<form id=\"code-form\" class=\"gate-form\" method=\"post\" action=\"" + escape(action)
                + "\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"code-input\">" + text(m, "code.label") + "</label>\n"
                + "<input id=\"code-input\" class=\"input input-pin\" name=\"code\" type=\"text\""
                + " inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9]*\" minlength=\"6\""
                + " maxlength=\"6\" required=\"required\" aria-describedby=\"message\"" + off + " />\n"
                + PageHtml.messageRegion(message)
                + "<button id=\"code-submit\" class=\"btn btn-primary btn-block\" type=\"submit\"" + off + ">"
                + text(m, "code.continue") + "</button>\n</form>\n";
    }

    /**
     * A page with a heading and a message and nothing else: no document, no script. Used for
     * finished, declined, expired or recalled documents, acted or waiting signers, unknown links.
     */
    public static String notice(Messages m, String heading, String message) {
        return notice(m, heading, message, null, null);
    }

    /**
     * A notice that also offers the party's copy of the document at {@code downloadHref} (a path
     * under the site), under the button text {@code downloadLabel}; no offer when the href is null.
     */
    public static String notice(Messages m, String heading, String message, String downloadHref, String downloadLabel) {
        Objects.requireNonNull(heading, "heading");
        String offer = downloadHref == null ? ""
                : "<p class=\"outcome-download\"><a id=\"download-done\" class=\"btn btn-primary\" href=\""
                        + escape(downloadHref) + "\" download=\"\">" + escape(downloadLabel) + "</a></p>\n";
        String body = PageHtml.topbar(m, "")
                + "<main id=\"main\" class=\"narrow\">\n<section id=\"notice\" class=\"card notice\">\n"
                + "<h1 class=\"card-title\">" + escape(heading) + "</h1>\n"
                + PageHtml.paragraphs(message == null ? "" : message)
                + offer
                + "</section>\n</main>\n";
        return PageHtml.document(m, heading, "notice", false, body);
    }

    /**
     * The consent to electronic records and signatures, as plain text with a title line and
     * paragraphs separated by blank lines.
     */
    public static String consentStatement(Messages m) {
        return String.join("\n\n", CONSENT.stream().map(m::get).toList());
    }

    /** @param eyebrow already escaped */
    private static String gate(Messages m, String token, String documentTitle, String eyebrow, String form,
            boolean locked) {
        return PageHtml.topbar(m, "")
                + "<main id=\"main\" class=\"narrow\" data-token=\"" + escape(token) + "\""
                + (locked ? " data-locked=\"true\"" : "") + ">\n"
                + "<section class=\"card gate\" aria-labelledby=\"doc-title\">\n"
                + "<p class=\"eyebrow\"><span class=\"lock-icon\" aria-hidden=\"true\"></span>" + eyebrow + "</p>\n"
                + "<h1 id=\"doc-title\" class=\"card-title\">" + escape(documentTitle) + "</h1>\n"
                + form
                + "</section>\n</main>\n";
    }

    private static String actionBar(Messages m, String role, boolean delegation) {
        StringBuilder bar = new StringBuilder("<section id=\"action-bar\" class=\"actionbar\" aria-label=\""
                + text(m, "sign.actions") + "\">\n<div class=\"actionbar-inner\">\n");
        bar.append(PageHtml.messageRegion(null));
        if (role.equals("viewer")) {
            bar.append("<p id=\"view-only\" class=\"view-only\" hidden=\"hidden\">").append(text(m, "sign.view_only"))
                    .append("</p>\n");
        } else {
            bar.append("<div id=\"actions\" class=\"actions\" hidden=\"hidden\">\n")
                    .append(consentBlock(m))
                    .append(role.equals("approver") ? approverButtons(m, delegation) : signerButtons(m, delegation))
                    .append("</div>\n");
        }
        return bar.append("</div>\n</section>\n").toString();
    }

    private static String consentBlock(Messages m) {
        return "<div class=\"consent\">\n<div class=\"consent-line\">\n"
                + "<input type=\"checkbox\" id=\"consent\" class=\"checkbox\" />\n"
                + "<label for=\"consent\">" + text(m, "consent.agree") + "</label>\n</div>\n"
                + "<details id=\"consent-details\" class=\"consent-details\">\n"
                + "<summary id=\"consent-summary\">" + text(m, "consent.read_terms") + "</summary>\n"
                + "<div class=\"consent-text\" tabindex=\"0\" role=\"region\" aria-label=\"" + text(m, "consent.title")
                + "\">\n" + PageHtml.paragraphs(consentStatement(m)) + "</div>\n</details>\n</div>\n";
    }

    private static String signerButtons(Messages m, boolean delegation) {
        return "<div class=\"action-side\">\n"
                + "<p id=\"progress\" class=\"progress\" aria-live=\"polite\"></p>\n"
                + "<div class=\"buttons\">\n"
                + delegateButton(m, delegation)
                + "<button type=\"button\" id=\"decline\" class=\"btn btn-quiet\">" + text(m, "sign.decline") + "</button>\n"
                + "<button type=\"button\" id=\"next-field\" class=\"btn btn-secondary\">" + text(m, "sign.next_field")
                + "</button>\n"
                + "<button type=\"button\" id=\"finish\" class=\"btn btn-primary\" disabled=\"disabled\">"
                + text(m, "sign.finish") + "</button>\n"
                + "</div>\n</div>\n";
    }

    /** Hidden until the session says this party may hand over now. */
    private static String delegateButton(Messages m, boolean delegation) {
        return !delegation ? "" : "<button type=\"button\" id=\"delegate\" class=\"btn btn-quiet\" hidden=\"hidden\">"
                + text(m, "sign.delegate") + "</button>\n";
    }

    private static String approverButtons(Messages m, boolean delegation) {
        return "<div class=\"action-side\">\n<div class=\"buttons\">\n"
                + delegateButton(m, delegation)
                + "<button type=\"button\" id=\"reject\" class=\"btn btn-quiet\">" + text(m, "sign.reject") + "</button>\n"
                + "<button type=\"button\" id=\"approve\" class=\"btn btn-primary\" disabled=\"disabled\">"
                + text(m, "sign.approve") + "</button>\n"
                + "</div>\n</div>\n";
    }

    private static String dialogs(Messages m, String role, String senderName) {
        return switch (role) {
            case "signer" -> PageDialogs.signatureDialog(m) + PageDialogs.declineDialog(m, false, senderName);
            case "approver" -> PageDialogs.declineDialog(m, true, senderName);
            default -> "";
        };
    }
}
