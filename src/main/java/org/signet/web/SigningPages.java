package org.signet.web;

import static org.signet.web.PageHtml.escape;

import java.util.Objects;
import java.util.Set;

/**
 * The HTML documents of the signer's pages (spec S7): the signing page shell that
 * {@code /assets/sign.js} fills from the session endpoint, the PIN and login gates, and the
 * notice shown instead of the document when there is nothing to sign.
 */
public final class SigningPages {

    private static final Set<String> ROLES = Set.of("signer", "approver", "viewer");

    private static final String CONSENT = """
            Consent to use electronic records and signatures

            By ticking the consent box you agree to receive this document and the notices about it \
            electronically, and to sign it with an electronic signature. You agree that your \
            electronic signature is legally binding, just like a handwritten signature on paper.

            Paper copy: you may ask the sender named at the top of this page for a paper copy of \
            this document at any time, at no charge.

            Withdrawing consent: you may withdraw your consent at any time before you sign, by \
            choosing Decline instead of signing or by telling the sender. Withdrawing consent does \
            not undo anything you have already signed electronically.

            System requirements: a current version of a common web browser (such as Chrome, Edge, \
            Firefox or Safari) with JavaScript turned on, and an email address to receive the \
            completed document as a PDF, which you can save or print.
            """;

    private SigningPages() {
    }

    /**
     * The signing page shell: title, sender, the action bar for {@code role} with the consent
     * statement, and an empty document area that the page script fills.
     *
     * @param role signer, approver or viewer
     * @throws IllegalArgumentException for any other role
     */
    public static String signingPage(String token, String documentTitle, String senderName,
                                     String signerName, String role) {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(documentTitle, "documentTitle");
        Objects.requireNonNull(role, "role");
        if (!ROLES.contains(role)) {
            throw new IllegalArgumentException("role must be one of " + ROLES + ", not '" + role + "'");
        }
        String sender = escape(senderName);
        String heading = "<div class=\"doc-heading\">\n"
                + "<h1 id=\"doc-title\" class=\"doc-title\">" + escape(documentTitle) + "</h1>\n"
                + "<p class=\"sent-by\">Sent by <strong id=\"sender-name\">" + sender + "</strong>"
                + " to <span id=\"signer-name\">" + escape(signerName) + "</span>"
                + " <span class=\"role-badge\">" + roleLabel(role) + "</span></p>\n</div>\n";
        // The document scrolls in its own box above the action bar, so the bar never covers a
        // field: scrolling a field into view (by focus, by script or by a test driver) reveals it.
        // The box takes keyboard focus, named by the title, so an approver or viewer can scroll it.
        String body = "<div id=\"scroller\" class=\"scroller\" tabindex=\"0\" role=\"region\""
                + " aria-labelledby=\"doc-title\">\n"
                + PageHtml.topbar(heading)
                + "<main id=\"main\" class=\"document-area\" data-token=\"" + escape(token)
                + "\" data-role=\"" + role + "\">\n"
                + "<noscript><p class=\"notice-inline\">This page needs JavaScript to show the document."
                + " Turn JavaScript on and reload the page.</p></noscript>\n"
                + "<div id=\"document\" class=\"document\" aria-busy=\"true\">"
                + "<p class=\"loading\">Loading the document&#8230;</p></div>\n"
                + "</main>\n</div>\n"
                + actionBar(role)
                + dialogs(role, sender);
        return PageHtml.document(documentTitle, "sign", true, body);
    }

    /**
     * The PIN gate. {@code locked} disables the form and says for how long.
     *
     * @param errorOrNull a message to show, such as a wrong PIN; null for none
     */
    public static String pinPage(String token, String documentTitle, String errorOrNull, boolean locked) {
        Objects.requireNonNull(token, "token");
        String message = locked && errorOrNull == null
                ? "This link is locked for 15 minutes after too many wrong PINs. Try again later."
                : errorOrNull;
        String off = locked ? " disabled=\"disabled\"" : "";
        String form = "<p>Enter the PIN the sender gave you to open this document.</p>\n"
                + "<form id=\"pin-form\" class=\"gate-form\" method=\"post\" action=\"/sign/" + escape(token)
                + "/pin\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"pin-input\">PIN</label>\n"
                + "<input id=\"pin-input\" class=\"input input-pin\" name=\"pin\" type=\"password\""
                + " inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9]*\" minlength=\"4\""
                + " maxlength=\"8\" required=\"required\" aria-describedby=\"message\"" + off + " />\n"
                + PageHtml.messageRegion(message)
                + "<button id=\"pin-submit\" class=\"btn btn-primary btn-block\" type=\"submit\"" + off
                + ">Continue</button>\n</form>\n";
        return PageHtml.document(documentTitle, "pin", true,
                gate(token, documentTitle, "Protected document", form, locked));
    }

    /**
     * The login gate for a signer who must sign in as the host-site account with {@code email}.
     *
     * @param errorOrNull a message to show, such as wrong credentials; null for none
     */
    public static String loginPage(String token, String documentTitle, String email, String errorOrNull) {
        Objects.requireNonNull(token, "token");
        String form = "<p>Sign in with your account to open this document.</p>\n"
                + "<form id=\"login-form\" class=\"gate-form\" method=\"post\" action=\"/sign/" + escape(token)
                + "/login\" novalidate=\"novalidate\">\n"
                + "<label class=\"label\" for=\"login-email\">Email</label>\n"
                + "<input id=\"login-email\" class=\"input\" name=\"email\" type=\"email\" readonly=\"readonly\""
                + " autocomplete=\"username\" value=\"" + escape(email) + "\" />\n"
                + "<label class=\"label\" for=\"login-password\">Password</label>\n"
                + "<input id=\"login-password\" class=\"input\" name=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required=\"required\" aria-describedby=\"message\" />\n"
                + PageHtml.messageRegion(errorOrNull)
                + "<button id=\"login-submit\" class=\"btn btn-primary btn-block\" type=\"submit\">Sign in</button>\n"
                + "</form>\n";
        return PageHtml.document(documentTitle, "login", true,
                gate(token, documentTitle, "Sign in required", form, false));
    }

    /**
     * A page with a heading and a message and nothing else: no document, no script. Used for
     * finished, declined, expired or recalled documents, acted or waiting signers, unknown links.
     */
    public static String notice(String heading, String message) {
        Objects.requireNonNull(heading, "heading");
        String body = PageHtml.topbar("")
                + "<main id=\"main\" class=\"narrow\">\n<section id=\"notice\" class=\"card notice\">\n"
                + "<h1 class=\"card-title\">" + escape(heading) + "</h1>\n"
                + PageHtml.paragraphs(message == null ? "" : message)
                + "</section>\n</main>\n";
        return PageHtml.document(heading, "notice", false, body);
    }

    /**
     * The consent to electronic records and signatures, as plain text with a title line and
     * paragraphs separated by blank lines.
     */
    public static String consentStatement() {
        return CONSENT.strip();
    }

    private static String gate(String token, String documentTitle, String eyebrow, String form, boolean locked) {
        return PageHtml.topbar("")
                + "<main id=\"main\" class=\"narrow\" data-token=\"" + escape(token) + "\""
                + (locked ? " data-locked=\"true\"" : "") + ">\n"
                + "<section class=\"card gate\" aria-labelledby=\"doc-title\">\n"
                + "<p class=\"eyebrow\"><span class=\"lock-icon\" aria-hidden=\"true\"></span>" + eyebrow + "</p>\n"
                + "<h1 id=\"doc-title\" class=\"card-title\">" + escape(documentTitle) + "</h1>\n"
                + form
                + "</section>\n</main>\n";
    }

    private static String roleLabel(String role) {
        return switch (role) {
            case "approver" -> "Approver";
            case "viewer" -> "Viewer";
            default -> "Signer";
        };
    }

    private static String actionBar(String role) {
        StringBuilder bar = new StringBuilder("<section id=\"action-bar\" class=\"actionbar\" aria-label=\"Actions\">\n"
                + "<div class=\"actionbar-inner\">\n");
        bar.append(PageHtml.messageRegion(null));
        if (role.equals("viewer")) {
            bar.append("<p id=\"view-only\" class=\"view-only\" hidden=\"hidden\">You have view-only access to this"
                    + " document. There is nothing for you to sign.</p>\n");
        } else {
            bar.append("<div id=\"actions\" class=\"actions\" hidden=\"hidden\">\n")
                    .append(consentBlock())
                    .append(role.equals("approver") ? approverButtons() : signerButtons())
                    .append("</div>\n");
        }
        return bar.append("</div>\n</section>\n").toString();
    }

    private static String consentBlock() {
        String title = consentStatement().lines().findFirst().orElse("");
        return "<div class=\"consent\">\n<div class=\"consent-line\">\n"
                + "<input type=\"checkbox\" id=\"consent\" class=\"checkbox\" />\n"
                + "<label for=\"consent\">I agree to use electronic records and signatures.</label>\n</div>\n"
                + "<details id=\"consent-details\" class=\"consent-details\">\n"
                + "<summary id=\"consent-summary\">Read the consent terms</summary>\n"
                + "<div class=\"consent-text\" tabindex=\"0\" role=\"region\" aria-label=\"" + escape(title) + "\">\n"
                + PageHtml.paragraphs(consentStatement()) + "</div>\n</details>\n</div>\n";
    }

    private static String signerButtons() {
        return "<div class=\"action-side\">\n"
                + "<p id=\"progress\" class=\"progress\" aria-live=\"polite\"></p>\n"
                + "<div class=\"buttons\">\n"
                + "<button type=\"button\" id=\"decline\" class=\"btn btn-quiet\">Decline</button>\n"
                + "<button type=\"button\" id=\"next-field\" class=\"btn btn-secondary\">Next field</button>\n"
                + "<button type=\"button\" id=\"finish\" class=\"btn btn-primary\" disabled=\"disabled\">Finish</button>\n"
                + "</div>\n</div>\n";
    }

    private static String approverButtons() {
        return "<div class=\"action-side\">\n<div class=\"buttons\">\n"
                + "<button type=\"button\" id=\"reject\" class=\"btn btn-quiet\">Reject</button>\n"
                + "<button type=\"button\" id=\"approve\" class=\"btn btn-primary\" disabled=\"disabled\">Approve</button>\n"
                + "</div>\n</div>\n";
    }

    private static String dialogs(String role, String escapedSender) {
        return switch (role) {
            case "signer" -> PageDialogs.signatureDialog() + PageDialogs.declineDialog(false, escapedSender);
            case "approver" -> PageDialogs.declineDialog(true, escapedSender);
            default -> "";
        };
    }
}
