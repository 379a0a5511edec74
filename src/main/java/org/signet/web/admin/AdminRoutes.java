package org.signet.web.admin;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.signet.config.Brand;
import org.signet.crypto.Tokens;
import org.signet.domain.Actor;
import org.signet.domain.Language;
import org.signet.error.ErrorEnvelope;
import org.signet.error.Refusal;
import org.signet.http.Body;
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
import org.signet.service.AuthenticatorApp;
import org.signet.service.BulkSends;
import org.signet.service.Documents;
import org.signet.service.DraftDetails;
import org.signet.service.DraftRecipients;
import org.signet.service.EditorPages;
import org.signet.service.LegalHolds;
import org.signet.service.Links;
import org.signet.service.Moves;
import org.signet.service.Passkeys;
import org.signet.service.People;
import org.signet.service.SecondFactors;
import org.signet.service.SignInRecord;
import org.signet.service.SingleSignOn;
import org.signet.service.Templates;
import org.signet.service.Teams;
import org.signet.service.Webhooks;
import org.signet.service.Workflow;
import org.signet.text.AcceptLanguage;

/**
 * The administrator pages under {@code /admin}: sign-in (its password form here, its second-factor step
 * in {@link CodeStep}) and sign-out, the sections in their own classes. Every page needs a live session
 * (else the sign-in page), and a session that must set up a second factor first reaches only that set-up
 * (else it is sent there); every POST also needs the session's CSRF token, or it is refused with a 403
 * page before anything is read or changed.
 * Each request is answered in the user's own language, else the best of the browser's
 * {@code Accept-Language}, else {@code site.language}; so is every failure under {@code /admin}, an
 * unknown address and an unexpected error included, as a page rather than the JSON envelope.
 */
public final class AdminRoutes implements ErrorPages {
    static final String SESSION_COOKIE = "signet_admin";
    /** Before a session exists, the sign-in form's token is checked against this cookie (double submit). */
    static final String LOGIN_COOKIE = "signet_login";
    /** The page scripts' JSON requests carry the CSRF token (or before a session, the sign-in form's) here. */
    static final String CSRF_HEADER = "X-CSRF-Token";
    /** Where a second factor must be set up before any other page. */
    static final String SET_UP_PAGE = "/admin/account/app";

    private final AdminSessions sessions;
    private final Map<Language, AdminView> views = new EnumMap<>(Language.class);
    private final Language siteLanguage;
    private final boolean secureCookies;
    /** Present when single sign-on is set: the button's words, or "" for the page's own. */
    private final Optional<String> ssoLabel;
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

    /** A JSON request of a signed-in user's page script, its CSRF token already checked. */
    @FunctionalInterface
    interface JsonAction {
        Response handle(Request req, Session s, Body body) throws Exception;
    }

    /** One part of the pages, registering its routes through the session and CSRF checks. */
    interface Section {
        void routes(Router site, AdminRoutes admin);
    }

    AdminRoutes(AdminSessions sessions, Settings settings, Optional<String> ssoLabel, Section... sections) {
        this.sessions = sessions;
        for (Language l : Language.values()) {
            views.put(l, new AdminView(l, settings.zone(), settings.brand()));
        }
        this.siteLanguage = settings.siteLanguage();
        this.secureCookies = settings.secureCookies();
        this.ssoLabel = ssoLabel;
        this.sections = sections.clone();
    }

    /**
     * The services the sections read and change, the same the REST interface uses; {@code singleSignOn} is
     * there when the site signs in through an OpenID provider.
     */
    public record SectionServices(Accounts accounts, ApiKeys keys, Documents documents, Workflow workflow,
            Webhooks webhooks, Links links, Optional<SingleSignOn> singleSignOn, Factors factors, DataCare care,
            Templating templating, Drafting drafting, FieldEditing editing, TeamWork teams) {}

    /**
     * Templates and bulk sends, with the REST interface's own receiver of an upload (its intake and limits) and reader
     * of a bulk send's CSV file, so that the pages accept and refuse exactly what the interface does.
     */
    public record Templating(Templates templates, BulkSends bulkSends, FormUpload upload, BulkSends.CsvRows csvRows,
            Function<Map<String, String>, String> uploadName) {}

    /** What the field editor needs besides documents: templates, the pages as images, the interface's field reader. */
    public record FieldEditing(Templates templates, EditorPages pages, FieldReading reading) {}

    /** Teams and their members, and moving a document or a template between a person and a team. */
    public record TeamWork(Teams teams, Moves moves) {}

    /** The account's second factors, its passkeys and its record of sign-ins, for "My account" and the Users page. */
    public record Factors(AuthenticatorApp app, SecondFactors factors, SignInRecord record, Passkeys passkeys) {}

    /**
     * What making a document on the pages needs besides the documents: its upload, read as the REST upload reads a new
     * draft's text parts, and its draft's parties.
     */
    public record Drafting(DraftRecipients recipients, FormUpload upload, DraftText text, FoundFields found) {}

    /**
     * How {@code POST /documents/upload} reads a new draft's text parts: the parts it names, and the details it makes
     * of them (refusing them as it does), which ignore any other part a form sends.
     */
    public record DraftText(Set<String> fields, Function<Map<String, String>, DraftDetails> read) {}

    /** What a site does for the data it keeps: a person's export and erasure, and documents' legal holds. */
    public record DataCare(People people, LegalHolds holds) {}

    /**
     * What the site's settings decide for these pages, read once from the configuration.
     *
     * @param zone the time zone the pages show times in
     * @param siteLanguage {@code site.language}, for a request whose user and browser name no language
     * @param defaultRateLimit {@code ratelimit.key_per_hour}, offered for a new key
     * @param secureCookies whether the session cookies are {@code Secure}: the site is served over HTTPS
     * @param brand the site's name and logo, which every page shows
     * @param ssoLabel {@code auth.oidc.label}, the single sign-on button's words, or "" for the page's own
     */
    public record Settings(ZoneId zone, Language siteLanguage, int defaultRateLimit, boolean secureCookies,
            Brand brand, String ssoLabel) {}

    /** The pages wired to the services the REST interface uses too. */
    public static AdminRoutes create(AdminSessions sessions, SectionServices services, Clock clock, Settings settings) {
        List<Section> sections = new ArrayList<>(List.of(new DashboardPage(services.documents(), clock),
                new KeysPage(services.keys(), services.accounts(), settings.defaultRateLimit()),
                new DocumentsPage(services.documents(), services.accounts(), services.teams().teams()),
                new DocumentPage(services.documents(), services.workflow(), services.links(), services.care().holds(),
                        new TeamPanel(services.teams(), TeamPanel.Kind.DOCUMENT)),
                new WebhooksPage(services.webhooks(), services.teams().teams()),
                new TeamsPage(services.teams().teams()), new TeamPage(services.teams().teams()),
                new UsersPage(services.accounts(), services.factors().factors()),
                new PeoplePage(services.care().people(), settings.zone(), clock),
                new AccountPage(services.accounts(), services.factors()),
                new AppPage(services.factors().app(), services.factors().factors()),
                new PasskeyRoutes(sessions, services.factors().passkeys(), settings.brand().name()),
                new TemplatesPage(services.templating(), services.documents(), services.teams()),
                new BulkSendPages(services.templating()),
                new NewDocumentPage(services.documents(), services.drafting()),
                new RecipientsPage(services.documents(), services.workflow(), services.drafting()),
                new SendPage(services.documents(), services.workflow(), settings.zone()),
                FieldEditorPage.forDocuments(services),
                FieldEditorPage.forTemplates(services)));
        services.singleSignOn().ifPresent(sso -> sections.add(new SingleSignOnPages(sso)));
        return new AdminRoutes(sessions, settings, services.singleSignOn().map(sso -> settings.ssoLabel()),
                sections.toArray(Section[]::new));
    }

    public void routes(Router site) {
        site.errorPages("/admin", this);
        site.get("/admin/login", this::loginPage);
        site.post("/admin/login", this::login);
        new CodeStep(sessions, this).routes(site);
        site.post("/admin/logout", setUpAction((req, s, v, form) -> {
            sessions.signOut(req.cookie(SESSION_COOKIE));
            return AdminView.redirect("/admin/login", "signed_out").header("Set-Cookie", clear(SESSION_COOKIE));
        }));
        for (Section section : sections) {
            section.routes(site, this);
        }
    }

    Handler page(Page page) {
        return page(page, false);
    }

    Handler action(Action action) {
        return action(action, false);
    }

    /** A page that a session which must set up a second factor reaches too: the set-up's own. */
    Handler setUpPage(Page page) {
        return page(page, true);
    }

    /** A change that a session which must set up a second factor may make too: the set-up's own, signing out. */
    Handler setUpAction(Action action) {
        return action(action, true);
    }

    private Handler page(Page page, boolean beforeSetUp) {
        return req -> {
            Optional<Session> s = sessions.find(req.cookie(SESSION_COOKIE));
            if (s.isEmpty()) {
                return toLogin(req);
            }
            if (s.get().setUpFirst() && !beforeSetUp) {
                return toSetUp();
            }
            AdminView v = view(req, s.get());
            try {
                return page.handle(req, s.get(), v);
            } catch (Refusal r) {
                return v.error(r, s.get(), req);
            }
        };
    }

    private Handler action(Action action, boolean beforeSetUp) {
        return req -> {
            Optional<Session> s = sessions.find(req.cookie(SESSION_COOKIE));
            if (s.isEmpty()) {
                return toLogin(req);
            }
            if (s.get().setUpFirst() && !beforeSetUp) {
                return toSetUp();
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

    /** Where a session that must set up a second factor goes, whatever else it asked for; it changes nothing. */
    private static Response toSetUp() {
        return AdminView.redirect(SET_UP_PAGE, "factor_required");
    }

    /**
     * A JSON endpoint of a signed-in user's page script: without a live session 401, without the session's CSRF
     * token in {@value #CSRF_HEADER} 403, each refusal answered in the error envelope rather than as a page.
     */
    Handler json(JsonAction action) {
        return req -> {
            try {
                Session s = sessions.find(req.cookie(SESSION_COOKIE)).orElseThrow(() -> new Refusal(
                        Refusal.Kind.UNAUTHORIZED, "session_ended", "Sign in again: no session is live.", Map.of()));
                if (!AdminSessions.csrfMatches(s, req.header(CSRF_HEADER))) {
                    throw csrfRefusal();
                }
                return action.handle(req, s, req.json());
            } catch (Refusal r) {
                return jsonRefusal(r);
            }
        };
    }

    static Response jsonRefusal(Refusal r) {
        return Response.json(r.status(), ErrorEnvelope.of(r));
    }

    /** Whether {@code given} is the sign-in form's token in the browser's cookie (double submit), in constant time. */
    static boolean loginTokenMatches(Request req, String given) {
        String expected = req.cookie(LOGIN_COOKIE);
        return expected != null && given != null && Tokens.constantTimeEquals(
                expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
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

    /**
     * The browser signed in: the session cookie, and a page of our own that goes on to the dashboard. A redirect
     * would not do after the provider's: a browser may treat the chain as started by another site and hold back
     * the {@code SameSite=Strict} cookie on the next request, whereas a page here going on is this site's own.
     */
    Response signedIn(Request req, AdminSessions.SignedIn in) {
        AdminView v = view(req, in.session());
        return v.goingOn(v.m.get("login.signed_in"), "/admin").header("Set-Cookie", cookie(SESSION_COOKIE, in.sessionId()));
    }

    /**
     * The cookie that binds a single sign-on to the browser that started it: {@code SameSite=Lax}, as it must come
     * back on the provider's redirect from another site, and only to the callback, for as long as a sign-in waits.
     */
    String bindingCookie(String value, long maxAgeSeconds) {
        return SingleSignOnPages.BINDING_COOKIE + "=" + value + "; Path=/admin/oidc; HttpOnly; SameSite=Lax; Max-Age="
                + maxAgeSeconds + (secureCookies ? "; Secure" : "");
    }

    private Response login(Request req) {
        try {
            Form form = Form.read(req);
            if (!loginTokenMatches(req, form.value("csrf"))) {
                return view(req, null).error(csrfRefusal(), null, req);
            }
            String email = Optional.ofNullable(form.value("email")).orElse("").strip();
            char[] password = Optional.ofNullable(form.value("password")).orElse("").toCharArray();
            try {
                AdminSessions.Step step = sessions.signIn(email, password, req.clientIp(), req.cookie(SESSION_COOKIE));
                if (step instanceof AdminSessions.CodeAsked asked) {
                    return Response.redirect(CodeStep.PATH).header("Set-Cookie", cookie(CodeStep.COOKIE,
                            asked.challengeId())).header("Set-Cookie", clear(LOGIN_COOKIE));
                }
                return signedIn((AdminSessions.SignedIn) step).header("Set-Cookie", clear(LOGIN_COOKIE));
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

    /** Into the pages with a new session: the set-up first when a second factor must be set up, else the dashboard. */
    Response signedIn(AdminSessions.SignedIn in) {
        return Response.redirect(in.session().setUpFirst() ? SET_UP_PAGE : "/admin")
                .header("Set-Cookie", cookie(SESSION_COOKIE, in.sessionId()));
    }

    /** The sign-in form with a fresh token in the form and in a cookie. */
    private Response loginForm(Request req, int status, String errorKey, String email) {
        String token = Tokens.base64Url(32);
        AdminView v = view(req, null);
        LoginForm.Choices choices = new LoginForm.Choices(sessions.passwordsAllowed(),
                ssoLabel.map(label -> label.isEmpty() ? v.m.get("login.sso") : label));
        return v.bare(status, v.m.get("login.title"), LoginForm.render(v, token, errorKey, email, req, choices))
                .header("Set-Cookie", cookie(LOGIN_COOKIE, token));
    }

    static Refusal csrfRefusal() {
        return new Refusal(Refusal.Kind.FORBIDDEN, "csrf", "The form is out of date.", Map.of());
    }

    /** Only the administrator pages get the cookie, only over HTTPS when the site is, never to scripts or other sites. */
    String cookie(String name, String value) {
        return name + "=" + value + "; Path=/admin; HttpOnly; SameSite=Strict" + (secureCookies ? "; Secure" : "");
    }

    String clear(String name) {
        return cookie(name, "") + "; Max-Age=0";
    }
}
