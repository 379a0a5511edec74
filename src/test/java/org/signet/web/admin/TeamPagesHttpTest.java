package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * The team pages over raw HTTP: what they refuse, as pages, and that a refusal changes nothing: someone not in the
 * team, a viewer changing it, a stale form, and a team left without an owner.
 */
class TeamPagesHttpTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true").onSystemClock();

    private static final Pattern TEAM = Pattern.compile("/admin/teams/(\\d+)");

    static TestServer.Account olgaKeys;

    @BeforeAll
    static void start() {
        olgaKeys = TeamPeople.olgaAnd(signet.server(), "vic", "stranger", "mia");
        signet.server().app.users().add("ada@example.com", "Ada", true, AdminHttpTest.HASH);
    }

    private static AdminClient signedIn(String who) {
        return TeamPeople.signedIn(signet.server(), who);
    }

    /** A team made through the teams page by {@code owner}; its id, read from where the page went on to. */
    static long team(AdminClient owner, String name) {
        HttpResponse<String> made = owner.post("/admin/teams", owner.csrf(), "name", name);
        assertEquals(302, made.statusCode(), made.body());
        Matcher m = TEAM.matcher(made.headers().firstValue("Location").orElseThrow());
        assertTrue(m.find());
        return Long.parseLong(m.group(1));
    }

    static void add(AdminClient owner, long team, String who, String role) {
        HttpResponse<String> r = owner.post("/admin/teams/" + team + "/members", owner.csrf(), "email",
                who + "@example.com", "role", role);
        assertEquals(302, r.statusCode(), r.body());
    }

    @Test
    void teamsPage_listsTheTeamWithTheRole_andTheTeamPageItsMembers() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Sales & Co");
        add(olga, team, "mia", "member");
        String list = olga.get("/admin/teams").body();
        assertTrue(list.contains("Sales &amp; Co"), list);
        assertTrue(list.contains("data-team=\"" + team + "\" data-role=\"owner\""), list);
        String page = olga.get("/admin/teams/" + team).body();
        assertTrue(page.contains("data-member=\"mia@example.com\" data-role=\"member\""), page);
        assertTrue(signedIn("mia").get("/admin/teams").body().contains("data-team=\"" + team + "\" data-role=\"member\""));
        long mia = signet.server().app.users().findByEmail("mia@example.com").orElseThrow().id();
        HttpResponse<String> raised = olga.post("/admin/teams/" + team + "/members/" + mia, olga.csrf(), "role", "admin");
        assertEquals("/admin/teams/" + team + "?notice=team_role_changed", raised.headers().firstValue("Location").orElseThrow());
        assertTrue(olga.get("/admin/teams/" + team).body().contains("data-member=\"mia@example.com\" data-role=\"admin\""));
        assertEquals(302, olga.post("/admin/teams/" + team, olga.csrf(), "name", "Sales and Co").statusCode());
        assertTrue(olga.get("/admin/teams/" + team).body().contains("<h1>Sales and Co</h1>"));
    }

    @Test
    void notAMember_teamPageAndItsForms_403AndNothingChanges() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Private");
        AdminClient stranger = signedIn("stranger");
        HttpResponse<String> page = stranger.get("/admin/teams/" + team);
        assertEquals(403, page.statusCode());
        assertTrue(page.body().contains("Not allowed"), page.body());
        assertEquals(403, stranger.post("/admin/teams/" + team + "/members", stranger.csrf(), "email",
                "stranger@example.com", "role", "owner").statusCode());
        assertEquals(403, stranger.post("/admin/teams/" + team, stranger.csrf(), "name", "Mine now").statusCode());
        assertFalse(stranger.get("/admin/teams").body().contains("data-team=\"" + team + "\""));
        assertTrue(olga.get("/admin/teams/" + team).body().contains("<h1>Private</h1>"));
        assertEquals(404, olga.get("/admin/teams/999999").statusCode());
    }

    @Test
    void viewer_seesTheTeamWithoutForms_andEveryChange403() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Read only");
        add(olga, team, "vic", "viewer");
        add(olga, team, "mia", "member");
        AdminClient vic = signedIn("vic");
        HttpResponse<String> page = vic.get("/admin/teams/" + team);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("data-member=\"olga@example.com\" data-role=\"owner\""), page.body());
        assertFalse(page.body().contains("id=\"add-member\""), "no form to add a member for a viewer");
        assertFalse(page.body().contains("id=\"team-rename\""), "no form to rename for a viewer");
        long mia = signet.server().app.users().findByEmail("mia@example.com").orElseThrow().id();
        String csrf = vic.csrf();
        HttpResponse<String> adding = vic.post("/admin/teams/" + team + "/members", csrf, "email", "stranger@example.com",
                "role", "viewer");
        assertEquals(403, adding.statusCode());
        assertTrue(adding.body().contains("Your role in this team (Viewer) does not allow this."), adding.body());
        assertEquals(403, vic.post("/admin/teams/" + team + "/members/" + mia, csrf, "role", "admin").statusCode());
        assertEquals(403, vic.post("/admin/teams/" + team + "/members/" + mia + "/remove", csrf).statusCode());
        assertEquals(403, vic.post("/admin/teams/" + team, csrf, "name", "Renamed").statusCode());
        assertEquals(403, vic.post("/admin/teams/" + team + "/delete", csrf).statusCode());
        String after = olga.get("/admin/teams/" + team).body();
        assertTrue(after.contains("<h1>Read only</h1>"), after);
        assertTrue(after.contains("data-member=\"mia@example.com\" data-role=\"member\""), after);
        assertFalse(after.contains("stranger@example.com"), after);
    }

    @Test
    void staleOrMissingCsrf_403AndNothingChanges() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Careful");
        String stale = olga.csrf();
        assertEquals(302, olga.post("/admin/logout", stale).statusCode());
        AdminClient again = signedIn("olga");
        HttpResponse<String> r = again.post("/admin/teams/" + team + "/members", stale, "email", "mia@example.com",
                "role", "admin");
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("This form has expired"), r.body());
        assertEquals(403, again.post("/admin/teams", null, "name", "Sneaky").statusCode());
        assertEquals(403, again.post("/admin/teams/" + team + "/delete", "wrong").statusCode());
        assertFalse(again.get("/admin/teams/" + team).body().contains("mia@example.com"));
        assertFalse(again.get("/admin/teams").body().contains("Sneaky"));
    }

    @Test
    void lastOwner_removedOrLowered_409InWordsAndStillOwner() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Solo");
        long self = signet.server().app.users().findByEmail("olga@example.com").orElseThrow().id();
        HttpResponse<String> removed = olga.post("/admin/teams/" + team + "/members/" + self + "/remove", olga.csrf());
        assertEquals(409, removed.statusCode());
        assertTrue(removed.body().contains("A team keeps at least one owner"), removed.body());
        HttpResponse<String> lowered = olga.post("/admin/teams/" + team + "/members/" + self, olga.csrf(), "role",
                "member");
        assertEquals(409, lowered.statusCode());
        String de = olga.header("Accept-Language", "de").post("/admin/teams/" + team + "/members/" + self + "/remove",
                olga.csrf()).body();
        assertTrue(de.contains("mindestens einen Eigentümer"), de);
        assertTrue(olga.get("/admin/teams/" + team).body().contains("data-member=\"olga@example.com\" data-role=\"owner\""));
    }

    @Test
    void badInput_400PageNamingTheField_andNoTeam() {
        AdminClient olga = signedIn("olga");
        HttpResponse<String> empty = olga.post("/admin/teams", olga.csrf(), "name", "");
        assertEquals(400, empty.statusCode());
        long team = team(olga, "Checked");
        HttpResponse<String> role = olga.post("/admin/teams/" + team + "/members", olga.csrf(), "email",
                "mia@example.com", "role", "boss");
        assertEquals(400, role.statusCode());
        HttpResponse<String> nobody = olga.post("/admin/teams/" + team + "/members", olga.csrf(), "email",
                "nobody@example.com", "role", "member");
        assertEquals(400, nobody.statusCode());
        assertFalse(olga.get("/admin/teams/" + team).body().contains("mia@example.com"));
    }

    private static String olgasDocument(String name) {
        return signet.server().uploadPdf(olgaKeys.full(), name + ".pdf", TestFiles.pdf(1));
    }

    private static HttpResponse<String> move(AdminClient c, String doc, String team) {
        return c.post("/admin/documents/" + doc + "/team", c.csrf(), "team_id", team);
    }

    @Test
    void documentsList_switcher_showsAllPersonalOrOneTeams_andRefusesAnythingElse() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Switched");
        String own = olgasDocument("own-" + System.nanoTime());
        String shared = olgasDocument("shared-" + System.nanoTime());
        assertEquals(302, move(olga, shared, String.valueOf(team)).statusCode());
        String all = olga.get("/admin/documents").body();
        assertTrue(all.contains("/admin/documents/" + own + "\"") && all.contains("/admin/documents/" + shared + "\""));
        assertTrue(all.contains("id=\"team-choice\""), "the switcher is in the frame");
        assertTrue(all.contains("<td data-team=\"" + team + "\">Switched</td>"), "whose each document is: " + all);
        String personal = olga.get("/admin/documents?team=personal").body();
        assertTrue(personal.contains("/admin/documents/" + own + "\""), personal);
        assertFalse(personal.contains("/admin/documents/" + shared + "\""), personal);
        String teams = olga.get("/admin/documents?team=" + team).body();
        assertTrue(teams.contains("/admin/documents/" + shared + "\""), teams);
        assertFalse(teams.contains("/admin/documents/" + own + "\""), teams);
        assertTrue(teams.contains("<option value=\"" + team + "\" selected=\"selected\">Switched</option>"), teams);
        assertEquals(400, olga.get("/admin/documents?team=everything").statusCode());
        assertEquals(403, signedIn("stranger").get("/admin/documents?team=" + team).statusCode());
    }

    @Test
    void move_byAViewerOrIntoATeamNotTheirs_403AndNothingMoves_outByTheOwnerIsAudited() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Movers");
        add(olga, team, "vic", "viewer");
        String doc = olgasDocument("moved-" + System.nanoTime());
        assertEquals(302, move(olga, doc, String.valueOf(team)).statusCode());
        AdminClient vic = signedIn("vic");
        assertEquals(200, vic.get("/admin/documents/" + doc).statusCode(), "a viewer reads the team's document");
        assertFalse(vic.get("/admin/documents/" + doc).body().contains("id=\"move-out\""), "and is offered no move");
        assertEquals(403, move(vic, doc, "").statusCode());
        AdminClient stranger = signedIn("stranger");
        long theirs = team(stranger, "Elsewhere");
        assertEquals(403, move(olga, doc, String.valueOf(theirs)).statusCode());
        assertTrue(olga.get("/admin/documents/" + doc).body().contains("data-team=\"" + team + "\""));

        HttpResponse<String> out = move(olga, doc, "");
        assertEquals(302, out.statusCode());
        assertTrue(out.headers().firstValue("Location").orElseThrow().endsWith("notice=moved_out"));
        String page = olga.get("/admin/documents/" + doc + "?notice=moved_out").body();
        assertTrue(page.contains("it is personal again"), page);
        assertFalse(page.contains("data-team="), page);
        assertEquals(403, vic.get("/admin/documents/" + doc).statusCode(), "out of the team, the viewer no longer sees it");
        assertEquals(2, page.split("<td>document_moved</td>", -1).length - 1, "both moves are in the audit trail");
    }

    @Test
    void member_leavesThroughTheirOwnButton_andTheTeamIsNoLongerTheirs() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Left behind");
        add(olga, team, "mia", "member");
        AdminClient mia = signedIn("mia");
        long self = signet.server().app.users().findByEmail("mia@example.com").orElseThrow().id();
        String leave = "/admin/teams/" + team + "/members/" + self + "/remove";
        assertTrue(mia.get("/admin/teams/" + team).body().contains("action=\"" + leave + "\""), "a member may leave");
        HttpResponse<String> left = mia.post(leave, mia.csrf());
        assertEquals("/admin/teams?notice=team_left", left.headers().firstValue("Location").orElseThrow());
        assertTrue(mia.get("/admin/teams?notice=team_left").body().contains("You have left the team."));
        assertEquals(403, mia.get("/admin/teams/" + team).statusCode());
        assertFalse(olga.get("/admin/teams/" + team).body().contains("mia@example.com"));
    }

    @Test
    void switcher_forAnAdministrator_namesAllAsEveryones_andIsAbsentForSomeoneInNoTeam() {
        AdminClient ada = signedIn("ada");
        assertFalse(ada.get("/admin/documents").body().contains("id=\"team-choice\""), "no team, no switcher");
        team(ada, "Site team");
        String list = ada.get("/admin/webhooks").body();
        assertTrue(list.contains("<option value=\"all\" selected=\"selected\">All: everyone’s</option>"), list);
    }

    @Test
    void webhook_madeFromATeamsList_isTheTeams_andListedThereNotAsPersonal() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Hooked");
        String url = "http://127.0.0.1:9/team-hook-" + System.nanoTime();
        HttpResponse<String> made = olga.post("/admin/webhooks?team=" + team, olga.csrf(), "url", url, "events",
                "document.completed", "active", "1");
        assertEquals(200, made.statusCode(), made.body());
        String teams = olga.get("/admin/webhooks?team=" + team).body();
        assertTrue(teams.contains(url) && teams.contains("<td data-team=\"" + team + "\">Hooked</td>"), teams);
        assertFalse(olga.get("/admin/webhooks?team=personal").body().contains(url));
        add(olga, team, "vic", "viewer");
        assertEquals(403, signedIn("vic").get("/admin/webhooks?team=" + team).statusCode(), "a team's webhooks are its admins'");
    }
}
