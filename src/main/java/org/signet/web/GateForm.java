package org.signet.web;

import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.service.SignerLink;
import org.signet.text.Messages;

/**
 * The PIN, login and emailed-code gates posted as plain HTML forms, for a browser that runs no script,
 * and the code's shape, which the form and the JSON endpoint check alike. The JSON endpoints stay
 * JSON-only; a form is taken only from the site's own page, so another site cannot unlock a link in a
 * visitor's browser.
 */
final class GateForm {
    private static final String CODE_SHAPE = "code must be the 6 digits from the email.";

    private GateForm() {}

    /** One attempt at a gate with the posted fields; answers where the browser goes next. */
    @FunctionalInterface
    interface Attempt {
        Response attempt(SignerLink link, Form form);
    }

    /**
     * The refusal in the page's language, with the tries left before the link locks; a refusal the
     * catalogue has no words for keeps its own message.
     */
    static String reason(Messages m, Refusal r) {
        String reason = m.find("gate.error." + r.code()).orElse(r.getMessage());
        if (r.data().get("attempts_left") instanceof Number n && n.intValue() > 0) {
            int left = n.intValue();
            return reason + " " + m.get(left == 1 ? "gate.tries_left.one" : "gate.tries_left.other", left);
        }
        return reason;
    }

    /**
     * {@code typed} without spaces when it is six digits; otherwise rejected as {@code code}, to {@code b}
     * for a JSON body (which then lists it with the rest; a missing one is the body's to say), at once for a form.
     */
    static String sixDigits(String typed, Body b) {
        String code = typed == null ? "" : typed.replaceAll("[\\s\\u00a0]", "");
        if (!code.matches("\\d{6}")) {
            if (b == null) {
                throw Refusal.invalidParam("code", CODE_SHAPE);
            }
            if (typed != null) {
                b.reject("code", CODE_SHAPE);
            }
        }
        return code;
    }

    static boolean posted(Request req) {
        return Optional.ofNullable(req.header("Content-Type")).orElse("").toLowerCase(Locale.ROOT)
                .startsWith("application/x-www-form-urlencoded");
    }

    /**
     * Browsers say where a form came from: {@code Sec-Fetch-Site} (same-origin, or none when typed) and
     * {@code Origin}. Either one naming another site refuses the post. {@code Origin: null} is taken:
     * the gate's page is sent with {@code Referrer-Policy: no-referrer}, under which a browser's own
     * form says null, and a browser without {@code Sec-Fetch-Site} says nothing more.
     */
    static void requireSameOrigin(Request req) {
        requireSameOrigin(req, true);
    }

    /**
     * The same for a request the page's script makes, such as an attachment's upload: a script's
     * request names the page's origin, so {@code Origin: null}, which a sandboxed frame or a page on a
     * {@code data:} address sends, is refused whatever else the request says.
     */
    static void requireSameOriginScript(Request req) {
        requireSameOrigin(req, false);
    }

    private static void requireSameOrigin(Request req, boolean nullOriginTaken) {
        String site = Optional.ofNullable(req.header("Sec-Fetch-Site")).orElse("same-origin");
        String origin = req.header("Origin");
        boolean foreignOrigin = origin != null && (origin.equals("null") ? !nullOriginTaken
                : !sameHost(origin, req.header("Host")));
        if (!(site.equals("same-origin") || site.equals("none")) || foreignOrigin) {
            throw new Refusal(Refusal.Kind.FORBIDDEN, "cross_site_form",
                    "This form was sent from another site. Open the link from your email and try again.", Map.of());
        }
    }

    private static boolean sameHost(String origin, String host) {
        try {
            URI o = URI.create(origin);
            String authority = o.getPort() < 0 ? o.getHost() : o.getHost() + ":" + o.getPort();
            return host != null && authority != null && authority.equalsIgnoreCase(host);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
