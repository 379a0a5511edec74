package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Language;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Failures inside the administrator pages, for a user whose pages speak French: an unknown address, a
 * refused action and an unexpected error each answer an HTML page in French naming the request id,
 * never the JSON envelope; the REST interface still answers JSON.
 */
class AdminErrorPagesTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    static User marie;

    @BeforeAll
    static void start() {
        marie = signet.server().app.users().add("marie@example.com", "Marie", true, AdminHttpTest.HASH);
        signet.server().app.users().setLanguage(marie.id(), Language.FR);
    }

    private static AdminClient signedIn() {
        AdminClient c = new AdminClient(signet.server());
        assertEquals(302, c.signIn("marie@example.com", AdminHttpTest.PASSWORD).statusCode());
        return c;
    }

    /** An HTML page in French headed {@code heading}, saying {@code words}, with the answer's request id. */
    private static void frenchPage(int status, String heading, String words, HttpResponse<String> r) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"), r.headers().toString());
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        assertTrue(r.body().contains("<html lang=\"fr\">"), r.body());
        assertTrue(r.body().contains("<h1>" + heading + "</h1>"), r.body());
        assertTrue(r.body().contains(words), words + " in " + r.body());
        assertTrue(r.body().contains("Identifiant de requête : <code id=\"request-id\">" + id + "</code>"), r.body());
        assertFalse(r.body().contains("\"code\""), "no envelope: " + r.body());
    }

    @Test
    void unknownAddress_signedInOrNot_404PageInFrench() {
        AdminClient c = signedIn();

        frenchPage(404, "Introuvable", "Il n’y a aucune page à cette adresse.", c.get("/admin/no/such/page"));
        frenchPage(404, "Introuvable", "Il n’y a aucune page à cette adresse.", c.get("/admin/logout"));
        frenchPage(404, "Introuvable", "n’existe pas, ou n’existe plus.", c.get("/admin/documents/999999"));
        assertTrue(c.get("/admin/no/such/page").body().contains("href=\"/admin/account\""), "signed in: the navigation");
        HttpResponse<String> stranger = new AdminClient(signet.server()).header("Accept-Language", "fr")
                .get("/admin/nothing-here");
        frenchPage(404, "Introuvable", "Il n’y a aucune page à cette adresse.", stranger);
        assertFalse(stranger.body().contains("href=\"/admin/account\""), "no session: no navigation");
    }

    @Test
    void refusedAction_409And403And400_pagesInFrenchAndNothingChanged() {
        AdminClient c = signedIn();

        frenchPage(409, "Impossible pour le moment", "Vous ne pouvez pas modifier vos propres droits d’administrateur",
                c.post("/admin/users/" + marie.id() + "/disable", c.csrf()));
        frenchPage(403, "Non autorisé", "Ce formulaire a expiré ou ne provient pas de ce site.",
                c.post("/admin/users/" + marie.id() + "/disable", null));
        HttpResponse<String> bad = c.post("/admin/keys", c.csrf(), "name", "x", "permission", "full", "rate_limit", "many");
        frenchPage(400, "Veuillez vérifier votre saisie", "Certains champs contiennent des valeurs inutilisables", bad);
        assertTrue(bad.body().contains("<li lang=\"en\">rate_limit is not of type integer.</li>"), bad.body());
        HttpResponse<String> own = c.post("/admin/keys", c.csrf(), "name", "x", "permission", "admin", "rate_limit", "5");
        assertTrue(own.body().contains("<li>permission doit valoir Accès complet ou Lecture seule.</li>"), own.body());
        User now = signet.server().app.users().find(marie.id()).orElseThrow();
        assertFalse(now.disabled());
        assertEquals(List.of(), signet.server().app.keys().listForUser(marie.id()));
    }

    @Test
    void unexpectedError_500PageInFrenchWithTheRequestIdAndNothingOfWhatFailed() {
        AdminClient c = signedIn();
        // A real failure of the store: the table the webhooks page reads is gone for a moment.
        signet.server().app.database().update("ALTER TABLE webhooks RENAME TO webhooks_away");
        HttpResponse<String> r;
        try {
            r = c.get("/admin/webhooks");
        } finally {
            signet.server().app.database().update("ALTER TABLE webhooks_away RENAME TO webhooks");
        }

        frenchPage(500, "Une erreur s’est produite", "Signet n’a pas pu traiter cette requête.", r);
        assertFalse(r.body().contains("webhooks_away") || r.body().contains("SQL"), r.body());
        assertTrue(r.body().contains("href=\"/admin/webhooks\""), "the user's navigation: " + r.body());
        assertEquals(200, c.get("/admin/webhooks").statusCode());
    }

    @Test
    void restInterface_stillAnswersTheEnvelope() {
        TestServer.Account owner = signet.server().account("rest@example.com", false);

        HttpResponse<String> unknown = signet.server().send("POST", "stats", owner.full(), "{}");
        HttpResponse<String> missing = signet.server().get("documents/999999", owner.full());
        HttpResponse<String> unsigned = signet.server().get("documents/999999", null);

        for (HttpResponse<String> r : List.of(unknown, missing, unsigned)) {
            assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"), r.body());
        }
        assertEquals("rest_no_route", TestServer.code(unknown));
        assertEquals(404, missing.statusCode());
        assertEquals(401, unsigned.statusCode());
    }
}
