package org.signet.web;

import static org.signet.web.PageHtml.text;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.signet.text.Html;
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
        Html heading = Html.of("<div class=\"doc-heading\">\n"
                + "<h1 id=\"doc-title\" class=\"doc-title\">{}</h1>\n"
                + "<p class=\"sent-by\">{} <span class=\"role-badge\">{}</span></p>\n</div>\n", documentTitle,
                text(m, "sign.sent_by", Html.of("<strong id=\"sender-name\">{}</strong>", senderName),
                        Html.of("<span id=\"signer-name\">{}</span>", signerName)),
                m.get("role." + role));
        // The document scrolls in its own box above the action bar, so the bar never covers a
        // field: scrolling a field into view (by focus, by script or by a test driver) reveals it.
        // The box is the main landmark, named by the title, and takes keyboard focus so an approver
        // or viewer can scroll it. The top bar scrolls away with the document, so it sits inside
        // main, where it is a plain header rather than a banner nested in another landmark.
        Html body = Html.of("<main id=\"main\" class=\"scroller\" tabindex=\"0\" aria-labelledby=\"doc-title\""
                + " data-token=\"{}\" data-role=\"{}\"{}>\n{}"
                + "<div id=\"document-area\" class=\"document-area\">\n"
                + "<noscript><p class=\"notice-inline\">{} <a href=\"/sign/{}/form\">{}</a></p></noscript>\n"
                + "<div id=\"document\" class=\"document\" aria-busy=\"true\">"
                + "<p class=\"loading\">{}</p></div>\n"
                + "</div>\n</main>\n{}{}{}", token, role, embedding(embedOrigins), PageHtml.topbar(m, heading),
                text(m, "sign.noscript"), token, text(m, "sign.noscript_form"), text(m, "sign.loading"), actionBar(m, role, delegation),
                dialogs(m, role, senderName),
                delegation && !role.equals("viewer") ? PageDialogs.delegateDialog(m, senderName) : Html.EMPTY);
        return PageHtml.document(m, documentTitle, "sign", true, body);
    }

    /** The origins that may frame the page, space-separated for the page script; nothing when none may. */
    private static Html embedding(List<String> origins) {
        return origins.isEmpty() ? Html.EMPTY : Html.of(" data-embed-origins=\"{}\"", String.join(" ", origins));
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
        Html off = disabled(locked);
        Html form = Html.of("<p>{}</p>\n"
                + "<form id=\"pin-form\" class=\"gate-form\" method=\"post\" action=\"{}\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"pin-input\">{}</label>\n"
                + "<input id=\"pin-input\" class=\"input input-pin\" name=\"pin\" type=\"password\""
                + " inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9]*\" minlength=\"4\""
                + " maxlength=\"8\" required=\"required\" aria-describedby=\"message\"{} />\n{}"
                + "<button id=\"pin-submit\" class=\"btn btn-primary btn-block\" type=\"submit\"{}>{}</button>\n</form>\n",
                text(m, "pin.intro"), action, text(m, "pin.label"), off, PageHtml.messageRegion(message), off,
                text(m, "pin.continue"));
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
        Html form = Html.of("<p>{}</p>\n"
                + "<form id=\"login-form\" class=\"gate-form\" method=\"post\" action=\"{}\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"login-email\">{}</label>\n"
                + "<input id=\"login-email\" class=\"input\" name=\"email\" type=\"email\" readonly=\"readonly\""
                + " autocomplete=\"username\" value=\"{}\" />\n"
                + "<label class=\"label\" for=\"login-password\">{}</label>\n"
                + "<input id=\"login-password\" class=\"input\" name=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required=\"required\" aria-describedby=\"message\" />\n{}"
                + "<button id=\"login-submit\" class=\"btn btn-primary btn-block\" type=\"submit\">{}</button>\n"
                + "</form>\n", text(m, "login.intro"), action, text(m, "login.email"), email, text(m, "login.password"),
                PageHtml.messageRegion(errorOrNull), text(m, "login.submit"));
        return PageHtml.document(m, documentTitle, "login", true,
                gate(m, token, documentTitle, text(m, "login.eyebrow"), form, false));
    }

    /**
     * Where the emailed-code gate stands for one signer, whose address shows as {@code maskedEmail}: whether
     * a code is {@code waiting}, a message to show ({@code errorOrNull}, such as a wrong code; null for
     * none), and whether the gate is {@code locked}.
     */
    public record CodeGate(String maskedEmail, boolean waiting, String errorOrNull, boolean locked) {}

    /**
     * The emailed-code gate: before a code is waiting, a button that mails one; once one is, the field to
     * type it in and a button for a new one. A locked gate disables both and says for how long.
     *
     * @param checkAction where the code posts, the link's {@code /email-code} with the page's {@code lang}
     * @param sendAction where asking for a code posts, the link's {@code /email-code/send} likewise
     */
    public static String emailCodePage(Messages m, String token, String checkAction, String sendAction,
            String documentTitle, CodeGate gate) {
        Objects.requireNonNull(token, "token");
        String maskedEmail = gate.maskedEmail();
        boolean waiting = gate.waiting();
        String errorOrNull = gate.errorOrNull();
        boolean locked = gate.locked();
        String message = locked && errorOrNull == null ? m.get("code.locked") : errorOrNull;
        Html off = disabled(locked);
        Html address = Html.of("<strong class=\"code-address\">{}</strong>", maskedEmail);
        Html sendForm = Html.of("<form id=\"code-send-form\" class=\"gate-form\" method=\"post\" action=\"{}\">\n{}"
                + "<button id=\"code-send\" class=\"btn {} btn-block\" type=\"submit\"{}>{}</button>\n</form>\n",
                sendAction, waiting ? Html.EMPTY : PageHtml.messageRegion(message),
                waiting ? "btn-secondary" : "btn-primary", off, text(m, waiting ? "code.resend" : "code.send"));
        Html form = waiting
                ? Html.of("<p>{}</p>\n{}{}", text(m, "code.sent", address), codeForm(m, checkAction, message, off), sendForm)
                : Html.of("<p>{}</p>\n{}", text(m, "code.intro", address), sendForm);
        return PageHtml.document(m, documentTitle, "email_code", true,
                gate(m, token, documentTitle, text(m, "code.eyebrow"), form, locked));
    }

    private static Html codeForm(Messages m, String action, String message, Html off) {
        return Html.of("<form id=\"code-form\" class=\"gate-form\" method=\"post\" action=\"{}\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"code-input\">{}</label>\n"
                + "<input id=\"code-input\" class=\"input input-pin\" name=\"code\" type=\"text\""
                + " inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9]*\" minlength=\"6\""
                + " maxlength=\"6\" required=\"required\" aria-describedby=\"message\"{} />\n{}"
                + "<button id=\"code-submit\" class=\"btn btn-primary btn-block\" type=\"submit\"{}>{}</button>\n</form>\n",
                action, text(m, "code.label"), off, PageHtml.messageRegion(message), off, text(m, "code.continue"));
    }

    /** The attribute that switches a locked gate's controls off; nothing when it is open. */
    private static Html disabled(boolean locked) {
        return locked ? Html.trusted(" disabled=\"disabled\"") : Html.EMPTY;
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
        Html offer = downloadHref == null ? Html.EMPTY
                : Html.of("<p class=\"outcome-download\"><a id=\"download-done\" class=\"btn btn-primary\" href=\"{}\""
                        + " download=\"\">{}</a></p>\n", downloadHref, downloadLabel);
        Html body = Html.of("{}<main id=\"main\" class=\"narrow\">\n<section id=\"notice\" class=\"card notice\">\n"
                + "<h1 class=\"card-title\">{}</h1>\n{}{}</section>\n</main>\n", PageHtml.topbar(m, Html.EMPTY), heading,
                PageHtml.paragraphs(message == null ? "" : message), offer);
        return PageHtml.document(m, heading, "notice", false, body);
    }

    /**
     * The consent to electronic records and signatures, as plain text with a title line and
     * paragraphs separated by blank lines.
     */
    public static String consentStatement(Messages m) {
        return String.join("\n\n", CONSENT.stream().map(m::get).toList());
    }

    private static Html gate(Messages m, String token, String documentTitle, Html eyebrow, Html form, boolean locked) {
        return Html.of("{}<main id=\"main\" class=\"narrow\" data-token=\"{}\"{}>\n"
                + "<section class=\"card gate\" aria-labelledby=\"doc-title\">\n"
                + "<p class=\"eyebrow\"><span class=\"lock-icon\" aria-hidden=\"true\"></span>{}</p>\n"
                + "<h1 id=\"doc-title\" class=\"card-title\">{}</h1>\n{}</section>\n</main>\n",
                PageHtml.topbar(m, Html.EMPTY), token, locked ? Html.trusted(" data-locked=\"true\"") : Html.EMPTY,
                eyebrow, documentTitle, form);
    }

    private static Html actionBar(Messages m, String role, boolean delegation) {
        Html actions = role.equals("viewer")
                ? Html.of("<p id=\"view-only\" class=\"view-only\" hidden=\"hidden\">{}</p>\n", text(m, "sign.view_only"))
                : Html.of("<div id=\"actions\" class=\"actions\" hidden=\"hidden\">\n{}{}</div>\n", consentBlock(m),
                        role.equals("approver") ? approverButtons(m, delegation) : signerButtons(m, delegation));
        return Html.of("<section id=\"action-bar\" class=\"actionbar\" aria-label=\"{}\">\n<div class=\"actionbar-inner\">\n"
                + "{}{}</div>\n</section>\n", text(m, "sign.actions"), PageHtml.messageRegion(null), actions);
    }

    private static Html consentBlock(Messages m) {
        return Html.of("<div class=\"consent\">\n<div class=\"consent-line\">\n"
                + "<input type=\"checkbox\" id=\"consent\" class=\"checkbox\" />\n"
                + "<label for=\"consent\">{}</label>\n</div>\n"
                + "<details id=\"consent-details\" class=\"consent-details\">\n"
                + "<summary id=\"consent-summary\">{}</summary>\n"
                + "<div class=\"consent-text\" tabindex=\"0\" role=\"region\" aria-label=\"{}\">\n{}</div>\n</details>\n</div>\n",
                text(m, "consent.agree"), text(m, "consent.read_terms"), text(m, "consent.title"),
                PageHtml.paragraphs(consentStatement(m)));
    }

    private static Html signerButtons(Messages m, boolean delegation) {
        return Html.of("<div class=\"action-side\">\n"
                + "<p id=\"progress\" class=\"progress\" aria-live=\"polite\"></p>\n"
                + "<div class=\"buttons\">\n{}"
                + "<button type=\"button\" id=\"decline\" class=\"btn btn-quiet\">{}</button>\n"
                + "<button type=\"button\" id=\"next-field\" class=\"btn btn-secondary\">{}</button>\n"
                + "<button type=\"button\" id=\"finish\" class=\"btn btn-primary\" disabled=\"disabled\">{}</button>\n"
                + "</div>\n</div>\n", delegateButton(m, delegation), text(m, "sign.decline"), text(m, "sign.next_field"),
                text(m, "sign.finish"));
    }

    /** Hidden until the session says this party may hand over now. */
    private static Html delegateButton(Messages m, boolean delegation) {
        return !delegation ? Html.EMPTY : Html.of(
                "<button type=\"button\" id=\"delegate\" class=\"btn btn-quiet\" hidden=\"hidden\">{}</button>\n",
                text(m, "sign.delegate"));
    }

    private static Html approverButtons(Messages m, boolean delegation) {
        return Html.of("<div class=\"action-side\">\n<div class=\"buttons\">\n{}"
                + "<button type=\"button\" id=\"reject\" class=\"btn btn-quiet\">{}</button>\n"
                + "<button type=\"button\" id=\"approve\" class=\"btn btn-primary\" disabled=\"disabled\">{}</button>\n"
                + "</div>\n</div>\n", delegateButton(m, delegation), text(m, "sign.reject"), text(m, "sign.approve"));
    }

    private static Html dialogs(Messages m, String role, String senderName) {
        return switch (role) {
            case "signer" -> PageDialogs.signatureDialog(m).then(PageDialogs.declineDialog(m, false, senderName));
            case "approver" -> PageDialogs.declineDialog(m, true, senderName);
            default -> Html.EMPTY;
        };
    }
}
