package org.signet.web;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.EmailAddress;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.DrawableText;
import org.signet.service.PublicLinks;
import org.signet.service.Visit;

/**
 * A public link's JSON steps for anyone who opens it (docs/api/templates.md, Public links): {@code start}
 * takes a name and an email and mails a code, leaving the visit's secret in a cookie that only this link's
 * address gets; {@code verify} takes the code and answers where the new party signs. An address that is
 * off, or never was, answers 404.
 */
public final class PublicLinkRoutes {
    static final String COOKIE = "signet_visit";
    private static final Keys START = Keys.of("name", "email");
    private static final Keys VERIFY = Keys.of("code");

    private final PublicLinks links;
    private final boolean secureCookies;

    public PublicLinkRoutes(PublicLinks links, boolean secureCookies) {
        this.links = links;
        this.secureCookies = secureCookies;
    }

    public void routes(Router r) {
        r.get("/p/{token}", this::show);
        r.post("/p/{token}/start", this::start);
        r.post("/p/{token}/verify", this::verify);
    }

    /** What the link signs, and the steps; 404 when the link is off. */
    private Response show(Request req) {
        String name = links.templateName(req.pathParam("token"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("template", name);
        out.put("start", "/p/" + req.pathParam("token") + "/start");
        return Response.ok(out).header("Cache-Control", "no-store");
    }

    private Response start(Request req) {
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
        return Response.ok(out).header("Cache-Control", "no-store").header("Set-Cookie", COOKIE + "="
                + started.visitSecret() + "; Path=/p/" + req.pathParam("token") + "; HttpOnly; SameSite=Strict"
                + (secureCookies ? "; Secure" : ""));
    }

    private Response verify(Request req) {
        req.requireJsonType();
        Body b = req.json().refuseUnknown(VERIFY);
        String code = GateForm.sixDigits(b.requireString("code"), b);
        b.check();
        PublicLinks.Proven proven = links.verify(req.pathParam("token"), req.cookie(COOKIE), code, visit(req));
        return Response.ok(Map.of("signing_url", proven.signingUrl())).header("Cache-Control", "no-store");
    }

    private static Visit visit(Request req) {
        return new Visit(null, req.clientIp(), req.userAgent());
    }
}
