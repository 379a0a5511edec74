package org.signet.web;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.config.Brand;
import org.signet.domain.EmailAddress;
import org.signet.domain.Field;
import org.signet.domain.Language;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.DrawableText;
import org.signet.service.EmailCodes;
import org.signet.service.LinkUnlock;
import org.signet.service.SignerCopies;
import org.signet.service.SignerLink;
import org.signet.service.Signing;
import org.signet.service.Submission;
import org.signet.service.Visit;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/**
 * The signer's pages and their JSON endpoints under {@code /sign/{token}}. The token is the
 * credential; a login, PIN or emailed code, when required, unlocks the link for one browser session (cookie).
 */
public final class SigningRoutes {
    private static final String COOKIE = "signet_unlock";
    /** Three base64 images of 1 MiB and the field values, with room to spare. */
    static final int MAX_SUBMIT_BYTES = 6 << 20;
    /** A submission: consent, the fields' values, and the signature and initials as made. */
    private static final Keys SUBMISSION = Keys.of("consent", "values", "signature", "initials");

    private final Signing signing;
    private final SignerCopies copies;
    private final LinkUnlock unlock;
    private final SessionJson sessionJson;
    private final boolean secureCookies;
    private final Language siteLanguage;
    private final List<String> embedOrigins;
    private final AttachmentUpload attachmentUpload;
    private final Brand brand;

    /**
     * What the site's settings decide for these pages, read once from the configuration.
     *
     * @param secureCookies whether the unlock cookie is {@code Secure}: the site is served over HTTPS
     * @param siteLanguage {@code site.language}, for a page whose signer and browser name no language
     * @param embedOrigins {@code embed.origins}: the sites that may frame these pages, none when empty
     * @param brand the site's name and logo, which every page shows
     */
    public record Settings(boolean secureCookies, Language siteLanguage, List<String> embedOrigins, Brand brand) {
        public Settings {
            embedOrigins = List.copyOf(embedOrigins);
        }
    }

    /** @param attachmentUpload takes the files signers attach to their attachment fields */
    public SigningRoutes(Signing signing, SignerCopies copies, LinkUnlock unlock, SessionJson sessionJson,
            AttachmentUpload attachmentUpload, Settings settings) {
        this.signing = signing;
        this.copies = copies;
        this.unlock = unlock;
        this.sessionJson = sessionJson;
        this.secureCookies = settings.secureCookies();
        this.siteLanguage = settings.siteLanguage();
        this.embedOrigins = settings.embedOrigins();
        this.attachmentUpload = attachmentUpload;
        this.brand = settings.brand();
    }

    /** Where the party with signing link {@code token} downloads their copy (the route {@link #document}). */
    static String copyPath(String token) {
        return "/sign/" + token + "/document.pdf";
    }

    public void routes(Router site) {
        site.get("/", this::home);
        site.get("/sign/{token}", this::page);
        site.get("/sign/{token}/session", this::session);
        site.get("/sign/{token}/pages/{file}", this::pageImage);
        site.get("/sign/{token}/document.pdf", this::document);
        site.post("/sign/{token}/pin", this::pin);
        site.post("/sign/{token}/login", this::login);
        site.post("/sign/{token}/email-code", this::emailCode);
        site.post("/sign/{token}/email-code/send", this::sendCode);
        site.post("/sign/{token}/submit", this::submit);
        site.get("/sign/{token}/form", this::formPage);
        site.post("/sign/{token}/form", this::postForm);
        site.post("/sign/{token}/decline", this::decline);
        site.post("/sign/{token}/delegate", this::delegate);
        site.post("/sign/{token}/attachments/{field_id}", this::attach);
    }

    /** The WordPress form of a signing link, {@code /?wps_sign=TOKEN}, goes to the page. */
    private Response home(Request req) {
        Optional<String> token = req.query("wps_sign").filter(t -> t.matches("[A-Za-z0-9_-]{1,100}"));
        if (token.isPresent()) {
            return Response.redirect("/sign/" + token.get() + keptLanguage(req));
        }
        // The landing page is no signer's page: no site may frame it.
        Messages m = words(req, null);
        String name = SiteWords.name(m);
        return Response.html(200, SigningPages.notice(m, name, m.get("home.text", name)))
                .header("Vary", "Accept-Language");
    }

    private Response page(Request req) {
        String token = req.pathParam("token");
        SignerLink link;
        try {
            link = signing.resolve(token);
        } catch (Refusal e) {
            return invalidLink(req);
        }
        Messages m = words(req, link);
        String title = link.document().title();
        String pending = unlock.pending(link, req.cookie(COOKIE));
        if (pending != null) {
            return html(200, gatePage(req, m, pending, link, null));
        }
        SignerLink.Closed closed = link.closed();
        if (closed != null) {
            return html(200, Notices.of(m, link, token, signing.senderName(link)));
        }
        if (!framed(req) && !head(req)) {
            link = signing.view(link, visit(req));
        }
        return html(200, SigningPages.signingPage(m, token, title, signing.senderName(link), link.signer().name(),
                link.signer().role().wire(), embedOrigins, link.document().allowDelegation()));
    }

    /**
     * Whether the browser asked for the page to show it in a frame. Such a page records no view: the
     * browser may yet refuse to show it (a site not in {@code embed.origins}), and when it does show
     * it, the page's script reads the session, which records the view then.
     */
    private static boolean framed(Request req) {
        String destination = req.header("Sec-Fetch-Dest");
        return "iframe".equals(destination) || "frame".equals(destination);
    }

    /** A HEAD asks what a GET would answer and changes nothing: a link checker's probe is no view. */
    private static boolean head(Request req) {
        return "HEAD".equals(req.method());
    }

    /** The login, PIN or code gate ({@code gate}) in the page's language, its form posting back with its lang. */
    private String gatePage(Request req, Messages m, String gate, SignerLink link, Refusal refusalOrNull) {
        String token = req.pathParam("token");
        String title = link.document().title();
        if (gate.equals(LinkUnlock.EMAIL_CODE)) {
            return codePage(req, m, link, refusalOrNull);
        }
        String action = "/sign/" + token + "/" + gate + keptLanguage(req);
        if (gate.equals("login")) {
            String error = refusalOrNull == null ? null : GateForm.reason(m, refusalOrNull);
            return SigningPages.loginPage(m, token, action, title, link.signer().email(), error);
        }
        boolean locked = unlock.locked(link);
        String error = refusalOrNull == null || locked ? null : GateForm.reason(m, refusalOrNull);
        return SigningPages.pinPage(m, token, action, title, error, locked);
    }

    /** The code gate: asks for a code until one is waiting, then for the code; a malformed one is named as such. */
    private String codePage(Request req, Messages m, SignerLink link, Refusal refusalOrNull) {
        String token = req.pathParam("token");
        String path = "/sign/" + token + "/email-code";
        boolean locked = unlock.locked(link);
        String error = refusalOrNull == null || locked ? null
                : refusalOrNull.code().equals("rest_invalid_param") ? m.get("code.format")
                : GateForm.reason(m, refusalOrNull);
        return SigningPages.emailCodePage(m, token, path + keptLanguage(req), path + "/send" + keptLanguage(req),
                link.document().title(), new SigningPages.CodeGate(EmailAddress.masked(link.signer().email()),
                        unlock.codeWaiting(link), error, locked));
    }

    private Response invalidLink(Request req) {
        Messages m = words(req, null);
        return html(404, SigningPages.notice(m, m.get("invalid.title"), m.get("invalid.text")));
    }

    /** The catalogue of the language this request's page speaks; {@code link} is null when the token matched nobody. */
    private Messages words(Request req, SignerLink link) {
        Language own = link == null ? null : link.signer().language();
        return SiteWords.of(Messages.of(PageHtml.BUNDLE, PageLanguage.choose(req, own, siteLanguage)), brand);
    }

    /** {@code ?lang=xx} when the request named a language, so a gate's post and its redirect keep it. */
    private static String keptLanguage(Request req) {
        return PageLanguage.asked(req).map(l -> "?lang=" + l.code()).orElse("");
    }

    /**
     * A signer's page, which {@code embed.origins} may frame, in a language that may follow the browser's
     * Accept-Language, which caches must tell apart.
     */
    private Response html(int status, String page) {
        return Response.html(status, page).framableBy(embedOrigins).header("Vary", "Accept-Language");
    }

    private Response session(Request req) {
        SignerLink link = signing.resolve(req.pathParam("token"));
        String pending = unlock.pending(link, req.cookie(COOKIE));
        if (pending == null && !head(req)) {
            link = signing.view(link, visit(req));
        }
        return Response.ok(sessionJson.render(link, pending)).header("Cache-Control", "no-store");
    }

    private Response pageImage(Request req) throws IOException {
        String file = req.pathParam("file");
        if (!file.matches("\\d{1,5}\\.png")) {
            throw Refusal.notFound("Page");
        }
        byte[] png = signing.page(req.pathParam("token"), visit(req), Integer.parseInt(file.substring(0, file.length() - 4)));
        return Response.bytes(200, "image/png", png).header("Cache-Control", "private, max-age=600")
                .fileFramableBy(embedOrigins);
    }

    /**
     * The party's copy of the document, as a download only: never shown inline, never cached,
     * since it may hold signatures. HEAD checks the same rules without making the copy.
     */
    private Response document(Request req) throws IOException {
        String token = req.pathParam("token");
        SignerCopies.Copy copy = req.method().equals("HEAD") ? copies.describe(token, visit(req))
                : copies.download(token, visit(req));
        // Opened before the answer starts, so a stored file that cannot be read is a 500, never a 200 cut short.
        InputStream opened = copy.open();
        return Response.download(copy.filename(), "application/pdf", copy.size(), out -> {
            try (InputStream in = opened) {
                in.transferTo(out);
            }
        }).fileFramableBy(embedOrigins);
    }

    private Response pin(Request req) {
        if (GateForm.posted(req)) {
            return gateForm(req, "pin", (link, form) -> unlocked(req, unlock.pin(link, form.value("pin"), visit(req))));
        }
        SignerLink link = signing.resolve(req.pathParam("token"));
        Body b = jsonBody(req).refuseUnknown(Keys.of("pin"));
        String pin = b.optString("pin").orElse(null);
        b.check();
        return withSession(req, Response.ok(Map.of("unlocked", true)), unlock.pin(link, pin, visit(req)));
    }

    private Response login(Request req) {
        if (GateForm.posted(req)) {
            return gateForm(req, "login", (link, form) -> unlocked(req, unlock.login(link, link.signer().email(),
                    form.value("password"), visit(req))));
        }
        SignerLink link = signing.resolve(req.pathParam("token"));
        Body b = jsonBody(req).refuseUnknown(Keys.of("email", "password"));
        String email = b.optString("email").orElse(null);
        String password = b.optString("password").orElse(null);
        b.check();
        return withSession(req, Response.ok(Map.of("unlocked", true)),
                unlock.login(link, email, password, visit(req)));
    }

    /** Checks the code mailed to the signer: six digits, spaces allowed between them. */
    private Response emailCode(Request req) {
        if (GateForm.posted(req)) {
            return gateForm(req, LinkUnlock.EMAIL_CODE, (link, form) -> unlocked(req,
                    unlock.emailCode(link, GateForm.sixDigits(form.value("code"), null), visit(req))));
        }
        SignerLink link = signing.resolve(req.pathParam("token"));
        Body b = jsonBody(req).refuseUnknown(Keys.of("code"));
        String code = GateForm.sixDigits(b.requireString("code"), b);
        b.check();
        return withSession(req, Response.ok(Map.of("unlocked", true)), unlock.emailCode(link, code, visit(req)));
    }

    /** Mails the signer a new code; the page then asks for it. */
    private Response sendCode(Request req) {
        if (GateForm.posted(req)) {
            return gateForm(req, LinkUnlock.EMAIL_CODE, (link, form) -> {
                unlock.sendCode(link, visit(req));
                return Response.redirect(pagePath(req));
            });
        }
        SignerLink link = signing.resolve(req.pathParam("token"));
        jsonBody(req).refuseUnknown(Keys.NONE);
        EmailCodes.Sent sent = unlock.sendCode(link, visit(req));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sent", true);
        out.put("email", sent.maskedEmail());
        out.put("expires_in", sent.expiresIn());
        return Response.ok(out).header("Cache-Control", "no-store");
    }

    /**
     * A gate posted as an HTML form, as a browser without script sends it: unlocked, back to the link's
     * page; refused, the gate again with the reason. Never a GET, so a PIN or password is never in an address.
     */
    private Response gateForm(Request req, String gate, GateForm.Attempt attempt) {
        String token = req.pathParam("token");
        SignerLink link;
        try {
            link = signing.resolve(token);
        } catch (Refusal e) {
            return invalidLink(req);
        }
        GateForm.requireSameOrigin(req);
        try {
            return attempt.attempt(link, Form.read(req));
        } catch (Refusal e) {
            Response page = html(e.status(), gatePage(req, words(req, link), gate, link, e));
            // A refusal that says how long to wait says it to the browser too, as its JSON twin does.
            return e.data().get("retry_after") instanceof Number wait
                    ? page.header("Retry-After", wait.toString()) : page;
        }
    }

    /** Back to the link's page, now unlocked by {@code sessionId}. */
    private Response unlocked(Request req, String sessionId) {
        return withSession(req, Response.redirect(pagePath(req)), sessionId);
    }

    private static String pagePath(Request req) {
        return "/sign/" + req.pathParam("token") + keptLanguage(req);
    }

    private Response withSession(Request req, Response r, String sessionId) {
        String cookie = COOKIE + "=" + sessionId + "; Path=/sign/" + req.pathParam("token") + "; HttpOnly; " + sameSite();
        return r.header("Set-Cookie", cookie);
    }

    /**
     * Strict, unless another site may frame the page: a browser sends a Strict cookie to a frame only when
     * the page around it is on the same site, so a framed gate would never stay unlocked. None is kept only
     * when Secure, which browsers accept from https and from loopback hosts (where the site must then be),
     * and a browser that blocks third-party cookies still keeps a Partitioned one (CHIPS), for this frame
     * under this embedding site only. The unlock still needs the link's token and is sent only to its path.
     */
    private String sameSite() {
        if (!embedOrigins.isEmpty()) {
            return "SameSite=None; Secure; Partitioned";
        }
        return "SameSite=Strict" + (secureCookies ? "; Secure" : "");
    }

    private Response submit(Request req) {
        Submission s = submission(jsonBody(req, MAX_SUBMIT_BYTES).refuseUnknown(SUBMISSION));
        Signing.Signed signed = signing.submit(req.pathParam("token"), visit(req), s);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", signed.approved() ? "approved" : "signed");
        out.put("document_status", signed.documentStatus().wire());
        return Response.ok(out);
    }

    /** The fields as one form, for a browser without script; a link not yet unlocked, or closed, goes to its page. */
    private Response formPage(Request req) {
        SignerLink link = linkOrNull(req);
        if (link == null) {
            return invalidLink(req);
        }
        if (unlock.pending(link, req.cookie(COOKIE)) != null || link.closed() != null) {
            return Response.redirect(pagePath(req));
        }
        return formAnswer(req, link, 200, new SigningForm.Filled(Map.of(), List.of()));
    }

    /** The form posted: signed, back to the link's page; refused, the form again naming what was refused. */
    private Response postForm(Request req) {
        SignerLink link = linkOrNull(req);
        if (link == null) {
            return invalidLink(req);
        }
        GateForm.requireSameOrigin(req);
        Form form = Form.read(req);
        List<Field> mine = signing.shown(link).mine();
        try {
            signing.submit(req.pathParam("token"), visit(req), SigningForm.read(form, mine));
            return Response.redirect(pagePath(req));
        } catch (Refusal e) {
            Messages m = words(req, link);
            return formAnswer(req, link, e.status(), new SigningForm.Filled(SigningForm.values(form, mine),
                    SigningForm.problems(m, e, mine)));
        }
    }

    /** The request's link, or null when its token matches none: a page answers that with its own notice. */
    private SignerLink linkOrNull(Request req) {
        try {
            return signing.resolve(req.pathParam("token"));
        } catch (Refusal e) {
            return null;
        }
    }

    private Response formAnswer(Request req, SignerLink link, int status, SigningForm.Filled filled) {
        Messages m = words(req, link);
        String action = "/sign/" + req.pathParam("token") + "/form" + keptLanguage(req);
        return html(status, SigningForm.page(m, link.document().title(),
                SigningForm.form(m, action, signing.shown(link).mine(), filled)));
    }

    private Response attach(Request req) throws IOException {
        return attachmentUpload.handle(req, visit(req));
    }

    private Response decline(Request req) {
        Body b = jsonBody(req).refuseUnknown(Keys.of("reason"));
        // Typed in a text box of several lines; it reaches the owner's mail, the audit trail and webhooks.
        String reason = b.requireText("reason", 1000);
        b.check();
        signing.decline(req.pathParam("token"), visit(req), reason);
        return Response.ok(Map.of("status", "declined"));
    }

    /** Hands the place over (see docs/api/signing.md, Handing over); the reason is bounded as a decline's. */
    private Response delegate(Request req) {
        Body b = jsonBody(req).refuseUnknown(Keys.of("name", "email", "reason"));
        // The name goes into mail headers and bodies and onto the certificate: one line, drawable.
        String name = b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        String email = b.requireString("email");
        if (email != null && !EmailAddress.isValid(email.strip())) {
            b.reject("email", "email is not a valid email address.");
        }
        String reason = b.requireText("reason", 1000);
        b.check();
        signing.delegate(req.pathParam("token"), visit(req), name, email.strip(), reason);
        return Response.ok(Map.of("status", "delegated"));
    }

    private static Submission submission(Body b) {
        boolean consent = Boolean.TRUE.equals(b.raw("consent"));
        Map<Long, String> values = new LinkedHashMap<>();
        Map<Long, Submission.Image> images = new LinkedHashMap<>();
        if (b.raw("values") instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String key = String.valueOf(e.getKey());
                Object v = e.getValue();
                if (!key.matches("\\d{1,18}") || !(v instanceof String || v instanceof BigDecimal || v instanceof Boolean)) {
                    throw Refusal.invalidParam("values", "values maps field ids to strings.");
                }
                String text = v instanceof Boolean bool ? (bool ? "1" : "0") : String.valueOf(v);
                if (text.startsWith("data:image/")) {
                    images.put(Long.parseLong(key), new Submission.Image("upload",
                            SignatureInput.dataUrl(text, "values." + key)));
                } else {
                    values.put(Long.parseLong(key), text);
                }
            }
        } else if (b.raw("values") != null) {
            throw Refusal.invalidParam("values", "values maps field ids to strings.");
        }
        return new Submission(consent, values, SignatureInput.from(b.raw("signature"), "signature"),
                SignatureInput.from(b.raw("initials"), "initials"), images);
    }

    /**
     * Only JSON bodies, even an empty one: a cross-site HTML form cannot send one, which keeps these
     * endpoints safe.
     */
    private static Body jsonBody(Request req) {
        req.requireJsonType();
        return req.json();
    }

    /**
     * A submission carries up to three images of 1 MiB each, base64-encoded, which the general
     * JSON body limit would refuse before the images' own checks could say what is wrong.
     */
    private static Body jsonBody(Request req, int maxBytes) {
        req.requireJsonType();
        return req.json(maxBytes);
    }

    private static Visit visit(Request req) {
        return new Visit(req.cookie(COOKIE), req.clientIp(), req.userAgent());
    }
}
