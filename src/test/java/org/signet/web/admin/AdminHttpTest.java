package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.domain.User;
import org.signet.metrics.Scrape;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/** The administrator pages over raw HTTP: cookies, headers, CSRF, ownership, bad input, and keys that stop at once. */
class AdminHttpTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    static final String PASSWORD = "admin-pages-test";
    private static final String HASHES = "signet_password_hashes_total";
    static final String HASH = Passwords.hash(PASSWORD.toCharArray());

    static User admin;
    static User sam;
    static TestServer.Account other;

    @BeforeAll
    static void start() throws Exception {
        admin = signet.server().app.users().add("admin@example.com", "Ada Admin", true, HASH);
        sam = signet.server().app.users().add("sam@example.com", "Sam", false, HASH);
        other = signet.server().account("other@example.com", false);
    }

    private static AdminClient signedIn(String email) {
        AdminClient c = new AdminClient(signet.server());
        HttpResponse<String> r = c.signIn(email, PASSWORD);
        assertEquals(302, r.statusCode(), r.body());
        return c;
    }

    @Test
    void signIn_setsStrictHttpOnlyCookieForAdminPathOnly() {
        AdminClient c = new AdminClient(signet.server());
        HttpResponse<String> r = c.signIn("admin@example.com", PASSWORD);
        assertEquals("/admin", r.headers().firstValue("Location").orElseThrow());
        String cookie = AdminClient.setCookies(r).stream().filter(s -> s.startsWith("signet_admin=")).findFirst()
                .orElseThrow();
        assertTrue(cookie.contains("; Path=/admin"), cookie);
        assertTrue(cookie.contains("; HttpOnly"), cookie);
        assertTrue(cookie.contains("; SameSite=Strict"), cookie);
        assertFalse(cookie.contains("Secure"), "the site is http here: " + cookie);
        assertEquals(200, c.get("/admin").statusCode());
    }

    @Test
    void signIn_again_rotatesSessionIdAndEndsTheOldOne() {
        AdminClient c = signedIn("sam@example.com");
        String before = c.cookie("signet_admin");
        // Signed in, the form is not shown again; a second tab that still has it signs in once more.
        AdminClient tab = new AdminClient(signet.server());
        String token = AdminClient.csrfOf(tab.get("/admin/login"));
        c.setCookie("signet_login", tab.cookie("signet_login"));
        assertEquals(302, c.post("/admin/login", token, "email", "sam@example.com", "password", PASSWORD).statusCode());
        assertNotEquals(before, c.cookie("signet_admin"));
        AdminClient stale = new AdminClient(signet.server());
        stale.setCookie("signet_admin", before);
        assertEquals(302, stale.get("/admin/keys").statusCode());
    }

    @Test
    void signIn_wrongPassword_answers401WithFormAndMessage() {
        HttpResponse<String> r = new AdminClient(signet.server()).signIn("sam@example.com", "not the password");
        assertEquals(401, r.statusCode());
        assertTrue(r.body().contains("The email or password is not correct."), r.body());
        assertTrue(r.body().contains("name=\"csrf\""));
    }

    @Test
    void signIn_whileTheAccountIsLocked_refusedWithoutComputingAPasswordHash() {
        signet.server().app.users().add("flood@example.com", "Flo", true, HASH);
        double before = Scrape.of(signet.server()).value(HASHES);
        for (int i = 0; i < 5; i++) {
            new AdminClient(signet.server()).signIn("flood@example.com", "not the password");
        }
        double locking = Scrape.of(signet.server()).value(HASHES);
        assertEquals(5, locking - before, "each wrong password is one hash");

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            statuses.add(new AdminClient(signet.server()).signIn("flood@example.com", PASSWORD).statusCode());
        }

        assertEquals(Collections.nCopies(8, 429), statuses);
        assertEquals(0, Scrape.of(signet.server()).value(HASHES) - locking, "hashes computed for refusals at the lock");
    }

    @Test
    void signIn_withoutLoginToken_refused403() {
        AdminClient c = new AdminClient(signet.server());
        HttpResponse<String> r = c.post("/admin/login", null, "email", "sam@example.com", "password", PASSWORD);
        assertEquals(403, r.statusCode());
        assertTrue(c.cookie("signet_admin") == null);
    }

    @Test
    void pages_carrySecurityHeaders() {
        AdminClient c = signedIn("admin@example.com");
        for (String path : List.of("/admin/login", "/admin", "/admin/keys", "/admin/documents", "/admin/webhooks",
                "/admin/users")) {
            HttpResponse<String> r = path.equals("/admin/login") ? new AdminClient(signet.server()).get(path) : c.get(path);
            assertEquals(200, r.statusCode(), path);
            String csp = r.headers().firstValue("Content-Security-Policy").orElseThrow();
            assertTrue(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'self'"), csp);
            assertFalse(csp.contains("unsafe-inline"), csp);
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElseThrow(), path);
            assertEquals("no-referrer", r.headers().firstValue("Referrer-Policy").orElseThrow(), path);
            assertEquals("no-store", r.headers().firstValue("Cache-Control").orElseThrow(), path);
            assertFalse(r.body().contains(" style=\"") || r.body().contains("<script>"), path);
        }
    }

    @Test
    void page_withoutSession_redirectsToSignIn() {
        HttpResponse<String> r = new AdminClient(signet.server()).get("/admin/keys");
        assertEquals(302, r.statusCode());
        assertEquals("/admin/login", r.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void post_withoutOrWithWrongCsrf_refused403AndChangesNothing() {
        AdminClient c = signedIn("sam@example.com");
        int keys = signet.server().app.keys().listForUser(sam.id()).size();
        HttpResponse<String> none = c.post("/admin/keys", null, "name", "x", "permission", "full", "rate_limit", "10");
        HttpResponse<String> wrong = c.post("/admin/keys", "not-the-token", "name", "x", "permission", "full",
                "rate_limit", "10");
        assertEquals(403, none.statusCode());
        assertEquals(403, wrong.statusCode());
        assertTrue(none.body().contains("This form has expired"), none.body());
        assertTrue(none.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertEquals(keys, signet.server().app.keys().listForUser(sam.id()).size());
    }

    @Test
    void createKey_secretShownOnceThenWorksUntilRevoked() {
        AdminClient c = signedIn("sam@example.com");
        HttpResponse<String> created = c.post("/admin/keys", c.csrf(), "name", "CRM", "description", "sync",
                "permission", "read", "rate_limit", "50");
        assertEquals(200, created.statusCode(), created.body());
        String key = match("id=\"new-key\">([^<]+)<", created.body());
        String secret = match("id=\"new-secret\">([^<]+)<", created.body());
        TestServer.Credentials creds = new TestServer.Credentials(key, secret);
        assertEquals(200, signet.server().get("stats", creds).statusCode());
        HttpResponse<String> list = c.get("/admin/keys");
        assertTrue(list.body().contains(key));
        assertFalse(list.body().contains(secret), "the secret appears only on the creating page");
        long id = signet.server().app.keys().findByKey(key).orElseThrow().id();
        assertEquals(302, c.post("/admin/keys/" + id + "/revoke", c.csrf()).statusCode());
        assertEquals(401, signet.server().get("stats", creds).statusCode());
    }

    @Test
    void createKey_badInput_answers400PageNamingTheField() {
        AdminClient c = signedIn("sam@example.com");
        HttpResponse<String> r = c.post("/admin/keys", c.csrf(), "name", "x", "permission", "full", "rate_limit", "many");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("rate_limit"), r.body());
        HttpResponse<String> bad = c.post("/admin/keys", c.csrf(), "name", "", "permission", "admin", "rate_limit", "5");
        assertEquals(400, bad.statusCode(), bad.body());
        assertEquals(400, c.get("/admin/documents?page=0").statusCode());
        assertEquals(400, c.get("/admin/documents?status=lost").statusCode());
    }

    @Test
    void createKey_nameOrDescriptionBreakingTheTextRule_400PageSayingWhyAndNoKey() {
        AdminClient c = signedIn("sam@example.com");

        HttpResponse<String> name = c.post("/admin/keys", c.csrf(), "name", "Evil\u202egnp.exe", "permission", "full",
                "rate_limit", "5");
        HttpResponse<String> description = c.post("/admin/keys", c.csrf(), "name", "Quiet", "description",
                "sync\u0000", "permission", "full", "rate_limit", "5");

        assertEquals(400, name.statusCode(), name.body());
        assertTrue(name.body().contains("name must not contain bidirectional"), name.body());
        assertEquals(400, description.statusCode(), description.body());
        assertTrue(description.body().contains("description must not contain control characters"), description.body());
        String keys = c.get("/admin/keys").body();
        assertFalse(keys.contains("Evil") || keys.contains("Quiet"), "no key was made");
        assertEquals(400, c.get("/admin/documents?search=a%E2%80%AEb").statusCode());
    }

    @Test
    void nonAdministrator_cannotReachUsersOrAnotherUsersDocumentOrKey() {
        String theirs = signet.server().uploadPdf(other.full(), "theirs.pdf", org.signet.support.TestFiles.pdf(1));
        AdminClient c = signedIn("sam@example.com");
        assertEquals(403, c.get("/admin/users").statusCode());
        assertEquals(403, c.post("/admin/users", c.csrf(), "email", "x@example.com", "name", "X").statusCode());
        assertEquals(403, c.get("/admin/documents/" + theirs).statusCode());
        assertEquals(403, c.get("/admin/documents/" + theirs + "/file?version=original").statusCode());
        assertEquals(404, c.get("/admin/documents/999999").statusCode());
        long theirKey = signet.server().app.keys().findByKey(other.full().key()).orElseThrow().id();
        assertEquals(403, c.post("/admin/keys/" + theirKey + "/revoke", c.csrf()).statusCode());
        assertFalse(c.get("/admin/documents").body().contains("theirs"));
        assertFalse(c.get("/admin").body().contains("href=\"/admin/users\""));
    }

    @Test
    void administrator_seesEveryonesDocumentsAndDownloadsOriginal() {
        String theirs = signet.server().uploadPdf(other.full(), "every\u202eone.html", org.signet.support.TestFiles.pdf(1));
        AdminClient c = signedIn("admin@example.com");
        assertTrue(c.get("/admin/documents").body().contains("/admin/documents/" + theirs + "\""));
        HttpResponse<String> page = c.get("/admin/documents/" + theirs);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("data-chain-valid=\"true\""), page.body());
        HttpResponse<String> file = c.get("/admin/documents/" + theirs + "/file?version=original");
        assertEquals(200, file.statusCode());
        assertTrue(file.body().startsWith("%PDF"));
        // Named as the REST download names it: no direction override, and ending in the type served.
        assertEquals("attachment; filename=\"everyone.html.pdf\"; filename*=UTF-8''everyone.html.pdf",
                file.headers().firstValue("Content-Disposition").orElseThrow());
        assertEquals(404, c.get("/admin/documents/" + theirs + "/file?version=signed").statusCode());
    }

    /** A link of a document of {@code other}'s, sent, that asks for a sign-in as {@code email}; its token. */
    private static String loginLink(String email) {
        String doc = otherFlow().upload("Guarded", 1);
        Party p = otherFlow().addSigner(doc, Map.of("name", "Guarded", "email", email, "require_wp_login", true));
        otherFlow().saveFields(doc, List.of(ApiFlow.field(p.id(), "signature", 1, 72, 100, 200, 60)));
        otherFlow().send(doc);
        return p.token();
    }

    private static ApiFlow otherFlow() {
        return new ApiFlow(signet.server(), other.full(), Clock.systemUTC());
    }

    /** The cookie of a signing link unlocked by signing in as {@code email}. */
    private static String unlocked(String token, String email) {
        return ApiFlow.cookie(TestServer.expect(200, otherFlow().postToLink(token, "login",
                Map.of("email", email, "password", PASSWORD))));
    }

    private static Object requires(String token, String cookie) {
        return TestServer.object(otherFlow().session(token, cookie)).get("requires");
    }

    @Test
    void disableUser_endsTheirSessionAndKeysAtOnce() {
        User victim = signet.server().app.users().add("leaving@example.com", "Leaving", false, HASH);
        var key = signet.server().app.keys().create(victim.id(), "k", "", org.signet.domain.ApiKey.Permission.FULL, 100);
        TestServer.Credentials creds = new TestServer.Credentials(key.key().key(), key.secret());
        assertEquals(200, signet.server().get("stats", creds).statusCode());
        String token = loginLink("leaving@example.com");
        String gate = unlocked(token, "leaving@example.com");
        AdminClient theirs = signedIn("leaving@example.com");
        AdminClient c = signedIn("admin@example.com");
        assertEquals(302, c.post("/admin/users/" + victim.id() + "/disable", c.csrf()).statusCode());
        assertEquals(302, theirs.get("/admin").statusCode());
        assertEquals("login", requires(token, gate), "the signing link's sign-in ends too");
        assertEquals(401, signet.server().get("stats", creds).statusCode());
        assertEquals(401, new AdminClient(signet.server()).signIn("leaving@example.com", PASSWORD).statusCode());
    }

    @Test
    void makeAdministratorAndWithdraw_eachEndsTheirSessions() {
        User u = signet.server().app.users().add("rising@example.com", "Rising", false, HASH);
        String token = loginLink("rising@example.com");
        String gate = unlocked(token, "rising@example.com");
        AdminClient theirs = signedIn("rising@example.com");
        AdminClient c = signedIn("admin@example.com");

        assertEquals(302, c.post("/admin/users/" + u.id() + "/admin", c.csrf(), "admin", "1").statusCode());

        assertEquals(302, theirs.get("/admin/keys").statusCode());
        assertEquals("login", requires(token, gate));
        AdminClient again = signedIn("rising@example.com");
        assertEquals(200, again.get("/admin/users").statusCode());
        assertEquals(302, c.post("/admin/users/" + u.id() + "/admin", c.csrf(), "admin", "0").statusCode());
        assertEquals(302, again.get("/admin/keys").statusCode());
        assertEquals(403, signedIn("rising@example.com").get("/admin/users").statusCode(), "signed in again, as a user");
    }

    @Test
    void documentPageActions_auditEventsNameTheSignedInUser() {
        ApiFlow owner = otherFlow();
        String doc = owner.upload("Audited", 1);
        Party reader = owner.addSignerWithSignatureField(doc, "reader@example.com");
        owner.send(doc);
        AdminClient c = signedIn("admin@example.com");

        assertEquals(200, c.get("/admin/documents/" + doc + "/file?version=original").statusCode());
        assertEquals(302, c.post("/admin/documents/" + doc + "/remind", c.csrf()).statusCode());
        assertEquals(200, c.post("/admin/documents/" + doc + "/signers/" + reader.id() + "/link", c.csrf())
                .statusCode());

        for (String action : List.of("document_downloaded", "reminder_sent", "signing_link_shown")) {
            List<Map<String, Object>> events = owner.audit(doc, action);
            assertEquals(1, events.size(), action);
            Map<String, Object> e = events.get(0);
            assertEquals(String.valueOf(admin.id()), e.get("user_id"), action);
            assertFalse(e.containsKey("api_key_id"), action);
            assertEquals("127.0.0.1", e.get("ip_address"), action);
            assertTrue(String.valueOf(e.get("user_agent")).startsWith("Java-http-client"), action + ": " + e);
        }
        assertEquals(String.valueOf(owner.audit(doc, "document_sent").get(0).get("api_key_id")),
                String.valueOf(signet.server().app.keys().findByKey(other.full().key()).orElseThrow().id()));
        assertEquals(true, TestServer.object(owner.get("documents/" + doc + "/audit")).get("chain_valid"));
        assertTrue(c.get("/admin/documents/" + doc).body().contains("User " + admin.id()));
    }

    /** A user of the pages, their REST flow, and their sent document with two waiting signers. */
    private record Owned(User user, ApiFlow flow, String doc, Party ann, Party bob) {}

    private static Owned sentByNewUser(String name) {
        TestServer.Account owner = signet.server().account(name + "@example.com", false);
        signet.server().app.users().setPassword(owner.user().email(), HASH);
        ApiFlow flow = new ApiFlow(signet.server(), owner.full(), Clock.systemUTC());
        String doc = flow.upload("Links", 1);
        Party ann = flow.addSigner(doc, "Ann Link", name + "-ann@example.com", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Link", name + "-bob@example.com", "signer", 2);
        flow.signatureFields(doc, ann.id(), bob.id());
        flow.send(doc);
        return new Owned(owner.user(), flow, doc, ann, bob);
    }

    private static String linkPath(Owned o, Party p) {
        return "/admin/documents/" + o.doc() + "/signers/" + p.id() + "/link";
    }

    @Test
    void documentPage_get_showsButtonsButNoSigningLink() {
        Owned o = sentByNewUser("getter");
        String page = signedIn("getter@example.com").get("/admin/documents/" + o.doc()).body();

        assertFalse(page.contains(o.ann().token()) || page.contains(o.bob().token()), page);
        assertFalse(page.contains("/sign/"), page);
        assertTrue(page.contains("action=\"" + linkPath(o, o.ann()) + "\""), page);
        assertTrue(page.contains("action=\"" + linkPath(o, o.bob()) + "\""), page);
    }

    @Test
    void showLink_owner_answersPageWithThatLinkAloneNoStoreAndAuditsTheUser() {
        Owned o = sentByNewUser("shower");
        AdminClient c = signedIn("shower@example.com");

        HttpResponse<String> r = c.post(linkPath(o, o.ann()), c.csrf());

        assertEquals(200, r.statusCode(), r.body());
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElseThrow());
        assertTrue(r.body().contains("value=\"" + o.ann().url() + "\""), r.body());
        assertTrue(r.body().contains("data-copy=\"link-" + o.ann().id() + "\""), r.body());
        assertFalse(r.body().contains(o.bob().token()), "only the link asked for");
        assertTrue(r.body().contains("action=\"" + linkPath(o, o.bob()) + "\""), r.body());
        List<Map<String, Object>> events = o.flow().audit(o.doc(), "signing_link_shown");
        assertEquals(1, events.size(), events.toString());
        assertEquals(String.valueOf(o.user().id()), events.get(0).get("user_id"));
        assertEquals(o.ann().email(), events.get(0).get("detail"));
        assertFalse(events.get(0).containsKey("api_key_id"));
        assertEquals(true, TestServer.object(o.flow().get("documents/" + o.doc() + "/audit")).get("chain_valid"));
    }

    @Test
    void showLink_withoutCsrf_refused403AndNothingRecorded() {
        Owned o = sentByNewUser("forger");
        AdminClient c = signedIn("forger@example.com");

        HttpResponse<String> none = c.post(linkPath(o, o.ann()), null);
        HttpResponse<String> wrong = c.post(linkPath(o, o.ann()), "not-the-token");

        assertEquals(403, none.statusCode());
        assertEquals(403, wrong.statusCode());
        assertFalse(none.body().contains(o.ann().token()) || wrong.body().contains(o.ann().token()));
        assertEquals(List.of(), o.flow().audit(o.doc(), "signing_link_shown"));
    }

    @Test
    void showLink_notTheirs403_noSuchDocumentOrSigner404_nothingRecorded() {
        Owned o = sentByNewUser("keeper");
        Owned elsewhere = sentByNewUser("neighbour");
        AdminClient sam = signedIn("sam@example.com");
        AdminClient keeper = signedIn("keeper@example.com");

        HttpResponse<String> notTheirs = sam.post(linkPath(o, o.ann()), sam.csrf());
        HttpResponse<String> noDocument = sam.post("/admin/documents/999999/signers/" + o.ann().id() + "/link",
                sam.csrf());
        HttpResponse<String> otherDocsSigner = keeper.post(linkPath(o, elsewhere.ann()), keeper.csrf());
        HttpResponse<String> noSigner = keeper.post("/admin/documents/" + o.doc() + "/signers/999999/link",
                keeper.csrf());

        assertEquals(403, notTheirs.statusCode());
        assertTrue(notTheirs.body().contains("You are not allowed to see or change this."), notTheirs.body());
        assertEquals(404, noDocument.statusCode());
        assertEquals(404, otherDocsSigner.statusCode());
        assertEquals(404, noSigner.statusCode());
        for (HttpResponse<String> r : List.of(notTheirs, noDocument, otherDocsSigner, noSigner)) {
            assertFalse(r.body().contains("/sign/"), r.body());
        }
        assertEquals(List.of(), o.flow().audit(o.doc(), "signing_link_shown"));
        assertEquals(List.of(), elsewhere.flow().audit(elsewhere.doc(), "signing_link_shown"));
    }

    @Test
    void showLink_signerNoLongerWaiting_409PageSayingWhyAndNothingRecorded() {
        Owned o = sentByNewUser("finisher");
        TestServer.expect(200, o.flow().sign(o.ann().token()));
        AdminClient c = signedIn("finisher@example.com");

        HttpResponse<String> r = c.post(linkPath(o, o.ann()), c.csrf());

        assertEquals(409, r.statusCode(), r.body());
        assertTrue(r.body().contains("This signer is not waiting to sign the document now"), r.body());
        assertFalse(r.body().contains(o.ann().token()));
        assertFalse(c.get("/admin/documents/" + o.doc()).body().contains(linkPath(o, o.ann())), "no button for Ann");
        assertEquals(List.of(), o.flow().audit(o.doc(), "signing_link_shown"));
    }

    @Test
    void administrator_cannotDisableThemselves() {
        AdminClient c = signedIn("admin@example.com");
        assertEquals(409, c.post("/admin/users/" + admin.id() + "/disable", c.csrf()).statusCode());
    }

    @Test
    void createUserAndMakeAdministrator_theyCanSignIn() {
        AdminClient c = signedIn("admin@example.com");
        assertEquals(302, c.post("/admin/users", c.csrf(), "email", "new@example.com", "name", "New One",
                "password", "a good password").statusCode());
        User u = signet.server().app.users().findByEmail("new@example.com").orElseThrow();
        assertFalse(u.admin());
        assertEquals(302, c.post("/admin/users/" + u.id() + "/admin", c.csrf(), "admin", "1").statusCode());
        assertTrue(signet.server().app.users().find(u.id()).orElseThrow().admin());
        AdminClient theirs = new AdminClient(signet.server());
        assertEquals(302, theirs.signIn("new@example.com", "a good password").statusCode());
        assertEquals(200, theirs.get("/admin/users").statusCode());
        assertEquals(409, c.post("/admin/users", c.csrf(), "email", "new@example.com", "name", "Again").statusCode());
    }

    @Test
    void signOut_endsSession() {
        AdminClient c = signedIn("sam@example.com");
        String id = c.cookie("signet_admin");
        assertEquals(302, c.post("/admin/logout", c.csrf()).statusCode());
        AdminClient stale = new AdminClient(signet.server());
        stale.setCookie("signet_admin", id);
        assertEquals(302, stale.get("/admin").statusCode());
    }

    @Test
    void head_answeredWhereGetIs() {
        AdminClient c = signedIn("sam@example.com");
        HttpResponse<String> r = signet.server().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(signet.server().app.siteUrl() + "/admin/login")).method("HEAD",
                java.net.http.HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, r.statusCode());
        assertTrue(c.get("/assets/admin.css").headers().firstValue("Content-Type").orElseThrow().startsWith("text/css"));
    }

    static String match(String regex, String text) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), "no " + regex + " in " + text);
        return m.group(1);
    }
}
