package org.signet.web.admin;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.signet.config.Brand;
import org.signet.crypto.Tokens;
import org.signet.domain.Actor;
import org.signet.domain.Language;
import org.signet.error.Refusal;
import org.signet.http.ErrorPages;
import org.signet.http.Form;
import org.signet.http.Handler;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions;
import org.signet.service.AdminSessions.Session;
import org.signet.service.ApiKeys;
import org.signet.service.Documents;
import org.signet.service.LegalHolds;
import org.signet.service.Links;
import org.signet.service.People;
import org.signet.service.Webhooks;
import org.signet.service.Workflow;
import org.signet.text.AcceptLanguage;

/**
 * The administrator pages under {@code /admin}: sign-in and sign-out here, the sections in
 * their own classes. Every page needs a live session (else the sign-in page); every POST also needs
 * the session's CSRF token, or it is refused with a 403 page before anything is read or changed.
 * Each request is answered in the user's own language, else the best of the browser's
 * {@code Accept-Language}, else {@code site.language}; so is every failure under {@code /admin}, an
 * unknown address and an unexpected error included, as a page rather than the JSON envelope.
 */
public final class AdminRoutes implements ErrorPages {
    static final String SESSION_COOKIE = "signet_admin";
    /** Before a session exists, the sign-in form's token is checked against this cookie (double submit). */
    static final String LOGIN_COOKIE = "signet_login";

    private final AdminSessions sessions;
    private final Map<Language, AdminView> views = new EnumMap<>(Language.class);
    private final Language siteLanguage;
    private final boolean secureCookies;
    private final Section[] sections;

    /** A page of a signed-in user, written with the view in the language chosen for the request. */
    @FunctionalInterface
    interface Page {
        Response handle(Request req, Session s, AdminView v) throws Exception;
    }

    /** A change posted by a signed-in user, its CSRF token already checked. */
    @FunctionalInterface
    interface Action {
        Response handle(Request req, Session s, AdminView v, Form form) throws Exception;
    }

    /** One part of the pages, registering its routes through the session and CSRF checks. */
    interface Section {
        void routes(Router site, AdminRoutes admin);
    }

    AdminRoutes(AdminSessions sessions, ZoneId zone, Language siteLanguage, boolean secureCookies, Brand brand,
            Section... sections) {
        this.sessions = sessions;
        for (Language l : Language.values()) {
            views.put(l, new AdminView(l, zone, brand));
        }
        this.siteLanguage = siteLanguage;
        this.secureCookies = secureCookies;
        this.sections = sections.clone();
    }

    /** The services the sections read and change, the same the REST interface uses. */
    public record SectionServices(Accounts accounts, ApiKeys keys, Documents documents, Workflow workflow,
            Webhooks webhooks, Links links, People people, LegalHolds holds) {}

    /**
     * What the site's settings decide for these pages, read once from the configuration.
     *
     * @param zone the time zone the pages show times in
     * @param siteLanguage {@code site.language}, for a request whose user and browser name no language
     * @param defaultRateLimit {@code ratelimit.key_per_hour}, offered for a new key
     * @param secureCookies whether the session cookies are {@code Secure}: the site is served over HTTPS
     * @param brand the site's name and logo, which every page shows
     */
    public record Settings(ZoneId zone, Language siteLanguage, int defaultRateLimit, boolean secureCookies,
            Brand brand) {}

    /** The pages wired to the services the REST interface uses too. */
    public static AdminRoutes create(AdminSessions sessions, SectionServices services, Clock clock, Settings settings) {
        return new AdminRoutes(sessions, settings.zone(), settings.siteLanguage(), settings.secureCookies(),
                settings.brand(),
                new DashboardPage(services.documents(), clock),
                new KeysPage(services.keys(), services.accounts(), settings.defaultRateLimit()),
                new DocumentsPage(services.documents(), services.accounts()),
                new DocumentPage(services.documents(), services.workflow(), services.links(), services.holds()),
                new WebhooksPage(services.webhooks()),
                new UsersPage(services.accounts()),
                new PeoplePage(services.people(), settings.zone(), clock),
                new AccountPage(services.accounts()));
    }

    public void routes(Router site) {
        site.errorPages("/admin", this);
        site.get("/admin/login", this::loginPage);
        site.post("/admin/login", this::login);
        site.post("/admin/logout", action((req, s, v, form) -> {
            sessions.signOut(req.cookie(SESSION_COOKIE));
            return AdminView.redirect("/admin/login", "signed_out").header("Set-Cookie", clear(SESSION_COOKIE));
        }));
        for (Section section : sections) {
            section.routes(site, this);
        }
    }

    Handler page(Page page) {
        return req -> {
            Optional<Session> s = sessions.find(req.cookie(SESSION_COOKIE));
            if (s.isEmpty()) {
                return toLogin(req);
            }
            AdminView v = view(req, s.get());
            try {
                return page.handle(req, s.get(), v);
            } catch (Refusal r) {
                return v.error(r, s.get(), req);
            }
        };
    }

    Handler action(Action action) {
        return req -> {
            Optional<Session> s = sessions.find(req.cookie(SESSION_COOKIE));
            if (s.isEmpty()) {
                return toLogin(req);
            }
            AdminView v = view(req, s.get());
            try {
                Form form = Form.read(req);
                if (!AdminSessions.csrfMatches(s.get(), form.value("csrf"))) {
                    return v.error(csrfRefusal(), s.get(), req);
                }
                return action.handle(req, s.get(), v, form);
            } catch (Refusal r) {
                return v.error(r, s.get(), req);
            }
        };
    }

    /**
     * The view in the language of this request: the user's own setting, else the best language of the
     * browser's {@code Accept-Language}, else the site's; {@code s} is null before a session exists.
     */
    AdminView view(Request req, Session s) {
        Language chosen = Optional.ofNullable(s == null ? null : s.user().language())
                .or(() -> AcceptLanguage.preferred(req.header("Accept-Language"))).orElse(siteLanguage);
        return views.get(chosen);
    }

    /** A refusal that no page caught, such as an address under {@code /admin} that is no page: its error page. */
    @Override
    public Response refused(Request req, Refusal r) {
        Session s = sessionOrNull(req);
        return view(req, s).error(r, s, req);
    }

    /** An unexpected failure inside the pages: a page with the request id and nothing of what failed. */
    @Override
    public Response failed(Request req) {
        Session s = sessionOrNull(req);
        return view(req, s).failure(s, req);
    }

    /** The request's session, or null; null too when it cannot be read, which may be what failed the page. */
    private Session sessionOrNull(Request req) {
        try {
            return sessions.find(req.cookie(SESSION_COOKIE)).orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Who the audit trail records for an action taken on these pages: the signed-in user, from where.
     * Every section passes this to the services, so no admin-page event goes without its user.
     */
    static Actor actor(Request req, Session s) {
        return Actor.user(s.user().id(), req.clientIp(), req.userAgent());
    }

    private Response toLogin(Request req) {
        return AdminView.redirect("/admin/login", req.cookie(SESSION_COOKIE) != null ? "expired" : null);
    }

    private Response loginPage(Request req) {
        if (sessions.find(req.cookie(SESSION_COOKIE)).isPresent()) {
            return Response.redirect("/admin");
        }
        return loginForm(req, 200, null, "");
    }

    private Response login(Request req) {
        try {
            Form form = Form.read(req);
            String expected = req.cookie(LOGIN_COOKIE);
            String given = form.value("csrf");
            if (expected == null || given == null || !Tokens.constantTimeEquals(
                    expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8))) {
                return view(req, null).error(csrfRefusal(), null, req);
            }
            String email = Optional.ofNullable(form.value("email")).orElse("").strip();
            char[] password = Optional.ofNullable(form.value("password")).orElse("").toCharArray();
            try {
                AdminSessions.SignedIn in = sessions.signIn(email, password, req.clientIp(), req.cookie(SESSION_COOKIE));
                return Response.redirect("/admin").header("Set-Cookie", cookie(SESSION_COOKIE, in.sessionId()))
                        .header("Set-Cookie", clear(LOGIN_COOKIE));
            } finally {
                java.util.Arrays.fill(password, '\0');
            }
        } catch (Refusal r) {
            return switch (r.kind()) {
                case UNAUTHORIZED -> loginForm(req, 401, "login.failed", "");
                case TOO_MANY -> loginForm(req, 429, "login.locked", "")
                        .header("Retry-After", String.valueOf(r.data().get("retry_after")));
                default -> view(req, null).error(r, null, req);
            };
        }
    }

    /** The sign-in form with a fresh token in the form and in a cookie. */
    private Response loginForm(Request req, int status, String errorKey, String email) {
        String token = Tokens.base64Url(32);
        AdminView v = view(req, null);
        return v.bare(status, v.m.get("login.title"), LoginForm.render(v, token, errorKey, email, req))
                .header("Set-Cookie", cookie(LOGIN_COOKIE, token));
    }

    private static Refusal csrfRefusal() {
        return new Refusal(Refusal.Kind.FORBIDDEN, "csrf", "The form is out of date.", Map.of());
    }

    /** Only the administrator pages get the cookie, only over HTTPS when the site is, never to scripts or other sites. */
    private String cookie(String name, String value) {
        return name + "=" + value + "; Path=/admin; HttpOnly; SameSite=Strict" + (secureCookies ? "; Secure" : "");
    }

    private String clear(String name) {
        return cookie(name, "") + "; Max-Age=0";
    }
}
