package org.signet.web;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.config.Brand;
import org.signet.domain.EmailAddress;
import org.signet.domain.Language;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.DrawableText;
import org.signet.service.PublicLinks;
import org.signet.service.Visit;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/**
 * A public link for anyone who opens it (docs/api/templates.md, Public links): its page, and two steps,
 * each taken as JSON or as the page's plain form post. {@code start} takes a name and an email and mails a
 * code, leaving the visit's secret in a cookie that only this link's address gets; {@code verify} takes the
 * code and answers (or, for the form, redirects to) where the new party signs. An address that is off, or
 * never was, answers 404.
 */
public final class PublicLinkRoutes {
    static final String COOKIE = "signet_visit";
    private static final Keys START = Keys.of("name", "email");
    private static final Keys VERIFY = Keys.of("code");

    private final PublicLinks links;
    private final boolean secureCookies;
    private final Language siteLanguage;
    private final Brand brand;

    public PublicLinkRoutes(PublicLinks links, boolean secureCookies, Language siteLanguage, Brand brand) {
        this.links = links;
        this.secureCookies = secureCookies;
        this.siteLanguage = siteLanguage;
        this.brand = brand;
    }

    public void routes(Router r) {
        r.get("/p/{token}", this::show);
        r.post("/p/{token}/start", this::start);
        r.post("/p/{token}/verify", this::verify);
    }

    /** The page's first step; 404 when the link is off. */
    private Response show(Request req) {
        return html(200, page(req).start(links.templateName(req.pathParam("token")), null));
    }

    private Response start(Request req) {
        if (GateForm.posted(req)) {
            return startForm(req);
        }
        req.requireJsonType();
        Body b = req.json().refuseUnknown(START);
        String name = b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        String email = b.requireString("email");
        if (email != null && !EmailAddress.isValid(email.strip())) {
            b.reject("email", "email is not a valid email address.");
        }
        b.check();
        PublicLinks.Started started = links.start(req.pathParam("token"), name, email.strip(), visit(req));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sent", true);
        out.put("email", started.maskedEmail());
        out.put("expires_in", started.expiresIn());
        return withVisit(req, Response.ok(out), started);
    }

    private Response withVisit(Request req, Response r, PublicLinks.Started started) {
        return r.header("Cache-Control", "no-store").header("Set-Cookie", COOKIE + "=" + started.visitSecret()
                + "; Path=/p/" + req.pathParam("token") + "; HttpOnly; SameSite=Strict" + (secureCookies ? "; Secure" : ""));
    }

    /** The first step as the page's form posts it: the second step's page, or the first again with why not. */
    private Response startForm(Request req) {
        String token = req.pathParam("token");
        String templateName = links.templateName(token);
        GateForm.requireSameOrigin(req);
        Form form = Form.read(req);
        String name = form.value("name");
        String email = form.value("email") == null ? "" : form.value("email").strip();
        try {
            Body b = new Body(Map.of("name", name == null ? "" : name));
            String checked = b.requireLine("name", 255);
            DrawableText.check("name", checked, b::reject);
            if (!EmailAddress.isValid(email)) {
                b.reject("email", "email is not a valid email address.");
            }
            b.check();
            PublicLinks.Started started = links.start(token, checked, email, visit(req));
            return withVisit(req, html(200, page(req).code(templateName, started.maskedEmail(), null)), started);
        } catch (Refusal e) {
            return html(e.status(), page(req).start(templateName, reason(req, e)));
        }
    }

    private Response verify(Request req) {
        if (GateForm.posted(req)) {
            return verifyForm(req);
        }
        req.requireJsonType();
        Body b = req.json().refuseUnknown(VERIFY);
        String code = GateForm.sixDigits(b.requireString("code"), b);
        b.check();
        PublicLinks.Proven proven = links.verify(req.pathParam("token"), req.cookie(COOKIE), code, visit(req));
        return Response.ok(Map.of("signing_url", proven.signingUrl())).header("Cache-Control", "no-store");
    }

    /** The second step as the page's form posts it: on to the signing page, or the code again with why not. */
    private Response verifyForm(Request req) {
        String token = req.pathParam("token");
        String templateName = links.templateName(token);
        GateForm.requireSameOrigin(req);
        Form form = Form.read(req);
        String masked = form.value("masked") == null ? "" : form.value("masked");
        try {
            String code = GateForm.sixDigits(form.value("code"), null);
            return Response.redirect(links.verify(token, req.cookie(COOKIE), code, visit(req)).signingUrl())
                    .header("Cache-Control", "no-store");
        } catch (Refusal e) {
            PublicLinkPage page = page(req);
            return html(e.status(), e.code().equals("code_expired") ? page.start(templateName, reason(req, e))
                    : page.code(templateName, masked, reason(req, e)));
        }
    }

    /** Why a step was refused, in the page's words. */
    private String reason(Request req, Refusal e) {
        Messages m = words(req);
        return m.find("public.error." + e.code()).orElseGet(() -> m.get(e.code().startsWith("rest_")
                ? "public.error.invalid" : "public.error.other"));
    }

    private PublicLinkPage page(Request req) {
        return new PublicLinkPage(words(req), "/p/" + req.pathParam("token"),
                PageLanguage.asked(req).map(l -> "?lang=" + l.code()).orElse(""));
    }

    /** The signer pages' choice: the address's {@code ?lang=}, else the browser's, else the site's. */
    private Messages words(Request req) {
        return SiteWords.of(Messages.of(PageHtml.BUNDLE, PageLanguage.choose(req, null, siteLanguage)), brand);
    }

    private static Response html(int status, String page) {
        return Response.html(status, page).header("Vary", "Accept-Language").header("Cache-Control", "no-store");
    }

    private static Visit visit(Request req) {
        return new Visit(null, req.clientIp(), req.userAgent());
    }
}
