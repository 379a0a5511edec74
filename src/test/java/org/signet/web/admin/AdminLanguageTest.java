package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Language;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;

/**
 * Which language the administrator pages speak: the user's own setting on the account page, else the
 * browser's Accept-Language, else site.language (German here); and a setting the form cannot take is
 * refused without changing anything.
 */
class AdminLanguageTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("site.language=de").onSystemClock();

    private static final String FRENCH_BROWSER = "fr-CH, fr;q=0.9, en;q=0.8";

    /** A new user, signed in through a client that sends {@code acceptLanguage} (none when null). */
    private static AdminClient signedIn(String name, String acceptLanguage) {
        signet.server().app.users().add(name + "@example.com", name, false, AdminHttpTest.HASH);
        AdminClient c = new AdminClient(signet.server());
        if (acceptLanguage != null) {
            c.header("Accept-Language", acceptLanguage);
        }
        assertEquals(302, c.signIn(name + "@example.com", AdminHttpTest.PASSWORD).statusCode());
        return c;
    }

    private static User user(String name) {
        return signet.server().app.users().findByEmail(name + "@example.com").orElseThrow();
    }

    private static void speaks(String code, String words, HttpResponse<String> page) {
        assertTrue(page.body().contains("<html lang=\"" + code + "\">"), page.body());
        assertTrue(page.body().contains(words), words + " in " + page.body());
    }

    @Test
    void page_noSettingNoBrowserLanguage_speaksSiteLanguage() {
        HttpResponse<String> page = signedIn("plain", null).get("/admin");

        speaks("de", "<h1>Übersicht</h1>", page);
        assertEquals("Accept-Language", page.headers().firstValue("Vary").orElseThrow());
    }

    @Test
    void page_browserLanguage_beatsSiteLanguage() {
        AdminClient c = signedIn("browsing", FRENCH_BROWSER);

        speaks("fr", "<h1>Tableau de bord</h1>", c.get("/admin"));
        speaks("fr", "<h1>Clés d’API</h1>", c.get("/admin/keys"));
        speaks("fr", "Se déconnecter", c.get("/admin/account"));
    }

    @Test
    void page_ownSetting_beatsBrowserLanguage_untilSetBackToTheBrowsers() {
        AdminClient c = signedIn("chooser", FRENCH_BROWSER);

        HttpResponse<String> saved = c.post("/admin/account", c.csrf(), "language", "es");

        assertEquals(302, saved.statusCode(), saved.body());
        assertEquals("/admin/account?notice=language_saved", saved.headers().firstValue("Location").orElseThrow());
        assertEquals(Language.ES, user("chooser").language());
        HttpResponse<String> account = c.get(saved.headers().firstValue("Location").orElseThrow());
        speaks("es", "Se ha guardado su elección de idioma.", account);
        assertTrue(account.body().contains("<option value=\"es\" lang=\"es\" selected=\"selected\">Español</option>"),
                account.body());
        speaks("es", "<h1>Panel</h1>", c.get("/admin"));

        assertEquals(302, c.post("/admin/account", c.csrf(), "language", "").statusCode());

        assertNull(user("chooser").language());
        speaks("fr", "<h1>Tableau de bord</h1>", c.get("/admin"));
    }

    @Test
    void save_valueNotALanguage_refused400InThePagesLanguageAndNothingChanged() {
        AdminClient c = signedIn("refused", FRENCH_BROWSER);
        assertEquals(302, c.post("/admin/account", c.csrf(), "language", "de").statusCode());

        for (String bad : new String[] {"xx", "EN", "fr-CH", " fr", "english"}) {
            HttpResponse<String> r = c.post("/admin/account", c.csrf(), "language", bad);
            assertEquals(400, r.statusCode(), bad);
            speaks("de", "language muss en, de, fr oder es sein", r);
            assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        }
        HttpResponse<String> missing = c.post("/admin/account", c.csrf());
        HttpResponse<String> twice = c.post("/admin/account", c.csrf(), "language", "es", "language", "fr");
        HttpResponse<String> forged = c.post("/admin/account", "not-the-token", "language", "es");

        assertEquals(400, missing.statusCode());
        speaks("de", "Einige Pflichtfelder sind leer:", missing);
        assertTrue(missing.body().contains("<li><code>language</code></li>"), missing.body());
        assertEquals(400, twice.statusCode());
        assertEquals(403, forged.statusCode());
        speaks("de", "Dieses Formular ist abgelaufen", forged);
        assertEquals(Language.DE, user("refused").language());
    }

    @Test
    void signInPage_beforeASession_followsTheBrowserElseTheSite() {
        AdminClient spanish = new AdminClient(signet.server()).header("Accept-Language", "es-MX,es;q=0.9");

        speaks("es", "<h1>Iniciar sesión</h1>", spanish.get("/admin/login"));
        HttpResponse<String> wrong = spanish.signIn("nobody@example.com", "not the password");
        assertEquals(401, wrong.statusCode());
        speaks("es", "El correo electrónico o la contraseña no son correctos.", wrong);
        speaks("de", "<h1>Anmelden</h1>", new AdminClient(signet.server()).get("/admin/login"));
        speaks("de", "<h1>Anmelden</h1>",
                new AdminClient(signet.server()).header("Accept-Language", "it, *;q=0.5").get("/admin/login"));
    }

    @Test
    void accountPage_namesTheUserAndOffersEveryLanguageAndTheBrowsers() {
        AdminClient c = signedIn("looker", "en");

        HttpResponse<String> page = c.get("/admin/account");

        speaks("en", "<h1>My account</h1>", page);
        assertTrue(page.body().contains("looker@example.com"));
        assertTrue(page.body().contains("<option value=\"\" selected=\"selected\">My browser&#39;s language</option>"),
                page.body());
        for (Language l : Language.values()) {
            assertTrue(page.body().contains("<option value=\"" + l.code() + "\" lang=\"" + l.code() + "\">"), l.code());
        }
        assertTrue(page.body().contains("href=\"/admin/account\" aria-current=\"page\""), page.body());
    }
}
