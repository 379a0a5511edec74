package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.LogCapture;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * Templates on the pages of someone in a team, over raw HTTP: the templates list's team switcher, a template made
 * for the team, a team's template used by a member and only read by a viewer, and a template moved into a team and
 * out through its page; every refusal a page that changes nothing.
 */
class TemplateTeamPagesTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    private static final Pattern MADE = Pattern.compile("/admin/templates/(\\d+)");

    static TestServer.Account olgaKeys;

    @BeforeAll
    static void start() {
        olgaKeys = TeamPeople.olgaAnd(signet.server(), "vic", "stranger", "mia");
    }

    private static AdminClient signedIn(String who) {
        return TeamPeople.signedIn(signet.server(), who);
    }

    /** A team of Olga's, made on the teams page, with Mia its member and Vic its viewer. */
    private static long team(AdminClient olga, String name) {
        long team = TeamPagesHttpTest.team(olga, name);
        TeamPagesHttpTest.add(olga, team, "mia", "member");
        TeamPagesHttpTest.add(olga, team, "vic", "viewer");
        return team;
    }

    /** A personal template of Olga's, made through the REST interface, with one recipient and their signature. */
    private static long template(String name) {
        ApiFlow flow = new ApiFlow(signet.server(), olgaKeys.full(), Clock.systemUTC());
        String doc = flow.upload(name, 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        flow.saveFields(doc, List.of(ApiFlow.field(ann.id(), "signature", 1, 72, 600, 200, 60)));
        Map<String, Object> t = TestServer.expectObject(201, flow.post("templates", Map.of("document_id",
                Long.parseLong(doc), "name", name)));
        return ((Number) t.get("id")).longValue();
    }

    private static HttpResponse<String> move(AdminClient c, long template, String team) {
        return c.post("/admin/templates/" + template + "/team", c.csrf(), "team_id", team);
    }

    /** The template a form made, read from where the page went on to. */
    private static long madeTemplate(HttpResponse<String> made) {
        assertEquals(302, made.statusCode(), made.body());
        Matcher m = MADE.matcher(made.headers().firstValue("Location").orElseThrow());
        assertTrue(m.find());
        return Long.parseLong(m.group(1));
    }

    private static long count(String sql) {
        return signet.server().app.database().queryLong(sql);
    }

    private static String teamOf(long template) {
        return String.valueOf(count("SELECT coalesce(team_id, 0) FROM templates WHERE id = " + template));
    }

    @Test
    void templatesList_switcher_showsAllPersonalOrOneTeams_andRefusesAnythingElse() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Switched templates");
        long own = template("Own terms " + System.nanoTime());
        long shared = template("Shared terms " + System.nanoTime());
        assertEquals(302, move(olga, shared, String.valueOf(team)).statusCode());
        String all = olga.get("/admin/templates").body();
        assertTrue(all.contains("/admin/templates/" + own + "\"") && all.contains("/admin/templates/" + shared + "\""), all);
        assertTrue(all.contains("id=\"team-choice\""), "the switcher is in the frame");
        assertTrue(all.contains("<td data-team=\"" + team + "\">Switched templates</td>"), "whose each template is: " + all);
        String personal = olga.get("/admin/templates?team=personal").body();
        assertTrue(personal.contains("/admin/templates/" + own + "\""), personal);
        assertFalse(personal.contains("/admin/templates/" + shared + "\""), personal);
        assertTrue(personal.contains("href=\"/admin/templates/new?team=personal\""), "a new template keeps the choice");
        String teams = olga.get("/admin/templates?team=" + team).body();
        assertTrue(teams.contains("/admin/templates/" + shared + "\""), teams);
        assertFalse(teams.contains("/admin/templates/" + own + "\""), teams);
        assertTrue(teams.contains("<option value=\"" + team + "\" selected=\"selected\">Switched templates</option>"), teams);
        assertTrue(teams.contains("href=\"/admin/templates/new?team=" + team + "\""), teams);
        String members = signedIn("vic").get("/admin/templates?team=" + team).body();
        assertTrue(members.contains("/admin/templates/" + shared + "\""), "a viewer sees the team's templates");
        assertFalse(members.contains("id=\"new-template\""), "and is offered no new one for the team");
        assertEquals(400, olga.get("/admin/templates?team=everything").statusCode());
        assertEquals(403, signedIn("stranger").get("/admin/templates?team=" + team).statusCode());
    }

    @Test
    void templatesList_ofATeam_pagerKeepsTheChoice() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Many terms");
        ApiFlow flow = new ApiFlow(signet.server(), olgaKeys.full(), Clock.systemUTC());
        long doc = Long.parseLong(flow.upload("Many terms", 1));
        for (int i = 0; i <= TemplatesPage.PER_PAGE; i++) {
            TestServer.expect(201, flow.post("templates", Map.of("document_id", doc, "name", "Terms " + i, "team_id", team)));
        }
        String first = olga.get("/admin/templates?team=" + team).body();
        assertTrue(first.contains("<a rel=\"next\" href=\"?page=2&amp;team=" + team + "\">"), first);
        String second = olga.get("/admin/templates?page=2&team=" + team).body();
        assertTrue(second.contains("<a rel=\"prev\" href=\"?page=1&amp;team=" + team + "\">"), second);
    }

    @Test
    void newTemplate_whileATeamsListIsShown_isTheTeams_aViewersIsRefused() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Made for");
        String page = olga.get("/admin/templates/new?team=" + team).body();
        assertTrue(page.contains("action=\"/admin/templates/new/upload?team=" + team + "\""), page);
        long made = madeTemplate(olga.postMultipart("/admin/templates/new/upload?team=" + team, new Multipart()
                .text("csrf", olga.csrf()).text("name", "Team lease").file("file", "lease.pdf", "application/pdf",
                        TestFiles.pdf(1))));
        assertEquals(String.valueOf(team), teamOf(made));
        String doc = new ApiFlow(signet.server(), olgaKeys.full(), Clock.systemUTC()).upload("Team offer", 1);
        long copied = madeTemplate(olga.post("/admin/templates/new/from-document?team=" + team, olga.csrf(), "document_id",
                doc, "name", "Team offer"));
        assertEquals(String.valueOf(team), teamOf(copied));
        long before = count("SELECT count(*) FROM templates");
        AdminClient vic = signedIn("vic");
        HttpResponse<String> refused = vic.postMultipart("/admin/templates/new/upload?team=" + team, new Multipart()
                .text("csrf", vic.csrf()).file("file", "lease.pdf", "application/pdf", TestFiles.pdf(1)));
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("Your role in this team (Viewer) does not allow this."), refused.body());
        assertEquals(before, count("SELECT count(*) FROM templates"));
    }

    @Test
    void teamTemplate_usedByAMember_makesTheTeamsDocuments_onTheFormAndInBulk() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Users of");
        long template = template("Team NDA " + System.nanoTime());
        assertEquals(302, move(olga, template, String.valueOf(team)).statusCode());
        AdminClient mia = signedIn("mia");
        assertEquals(200, mia.get("/admin/templates/" + template + "/use").statusCode());
        HttpResponse<String> sent = mia.post("/admin/templates/" + template + "/use", mia.csrf(), "signer1_name", "Ann",
                "signer1_email", "ann@example.org");
        assertEquals(302, sent.statusCode(), sent.body());
        assertEquals(1, count("SELECT count(*) FROM documents WHERE template_id = " + template + " AND team_id = " + team));
        HttpResponse<String> bulk = mia.postMultipart("/admin/templates/" + template + "/bulk", new Multipart()
                .text("csrf", mia.csrf()).text("change", "send").file("file", "", "application/octet-stream", new byte[0])
                .text("csv", "signer1_name,signer1_email\r\nBo,bo@example.org\r\nCy,cy@example.org\r\n"));
        assertEquals(302, bulk.statusCode(), bulk.body());
        Waits.awaitUntil(() -> count("SELECT count(*) FROM documents WHERE template_id = " + template) == 3,
                "the bulk send's two documents");
        assertEquals(3, count("SELECT count(*) FROM documents WHERE template_id = " + template + " AND team_id = " + team));
    }

    @Test
    void teamTemplate_viewerReadsIt_withoutForms_andEveryUseOrChange403NothingChanged() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Readers of");
        String name = "Read only terms " + System.nanoTime();
        long template = template(name);
        assertEquals(302, move(olga, template, String.valueOf(team)).statusCode());
        AdminClient vic = signedIn("vic");
        String base = "/admin/templates/" + template;
        HttpResponse<String> page = vic.get(base);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains(name), page.body());
        for (String absent : List.of("id=\"use-template\"", "id=\"bulk-template\"", "id=\"template-fields\"",
                "action=\"" + base + "\"", "action=\"" + base + "/recipients\"", "action=\"" + base + "/delete\"",
                "id=\"move-team\"", "id=\"move-out\"")) {
            assertFalse(page.body().contains(absent), "a viewer is offered no " + absent);
        }
        long documents = count("SELECT count(*) FROM documents");
        String csrf = vic.csrf();
        for (String path : List.of("/use", "/bulk", "/fields")) {
            HttpResponse<String> refused = vic.get(base + path);
            assertEquals(403, refused.statusCode(), path);
            assertTrue(refused.body().contains("Your role in this team (Viewer) does not allow this."), refused.body());
        }
        assertEquals(403, vic.post(base + "/use", csrf, "signer1_name", "Ann", "signer1_email", "ann@example.org")
                .statusCode());
        assertEquals(403, vic.post(base, csrf, "name", "Renamed").statusCode());
        assertEquals(403, vic.post(base + "/delete", csrf).statusCode());
        assertEquals(403, move(vic, template, "").statusCode());
        assertEquals(documents, count("SELECT count(*) FROM documents"));
        assertTrue(olga.get(base).body().contains(name));
        assertEquals(String.valueOf(team), teamOf(template));
    }

    @Test
    void move_inAndOutThroughTheTemplatesPanel_refusalsMoveNothing_andEachMoveIsLogged() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Movers of");
        AdminClient stranger = signedIn("stranger");
        long theirs = TeamPagesHttpTest.team(stranger, "Elsewhere");
        long template = template("Moved terms " + System.nanoTime());
        String base = "/admin/templates/" + template;
        String before = olga.get(base).body();
        assertTrue(before.contains("This template is personal."), before);
        assertTrue(before.contains("<option value=\"" + team + "\">Movers of</option>"), before);
        try (LogCapture log = new LogCapture("signet.teams")) {
            HttpResponse<String> in = move(olga, template, String.valueOf(team));
            assertEquals(base + "?notice=template_moved_in", in.headers().firstValue("Location").orElseThrow());
            assertTrue(olga.get(base + "?notice=template_moved_in").body().contains("The template has been moved into "
                    + "the team."));
            String inTeam = olga.get(base).body();
            assertTrue(inTeam.contains("data-team=\"" + team + "\""), inTeam);
            assertTrue(inTeam.contains("You then become its only owner."), "out of the team, it is the mover's: " + inTeam);
            assertEquals(403, move(olga, template, String.valueOf(theirs)).statusCode());
            AdminClient mia = signedIn("mia");
            assertFalse(mia.get(base).body().contains("id=\"move-out\""), "a member is offered no way out");
            assertEquals(403, move(mia, template, "").statusCode());
            assertEquals(String.valueOf(team), teamOf(template));
            HttpResponse<String> out = move(olga, template, "");
            assertEquals(base + "?notice=template_moved_out", out.headers().firstValue("Location").orElseThrow());
            assertTrue(olga.get(base).body().contains("This template is personal."));
            assertEquals(403, signedIn("vic").get(base).statusCode(), "out of the team, its viewer no longer sees it");
            assertEquals(List.of("Template " + template + " moved from personal to team " + team + " by user "
                    + olgaKeys.user().id(), "Template " + template + " moved from team " + team + " to personal by user "
                    + olgaKeys.user().id()), log.lines);
        }
    }

    @Test
    void move_staleCsrf_403AndNothingMoves() {
        AdminClient olga = signedIn("olga");
        long team = team(olga, "Careful movers");
        long template = template("Careful terms " + System.nanoTime());
        String stale = olga.csrf();
        assertEquals(302, olga.post("/admin/logout", stale).statusCode());
        AdminClient again = signedIn("olga");
        HttpResponse<String> r = again.post("/admin/templates/" + template + "/team", stale, "team_id",
                String.valueOf(team));
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("This form has expired"), r.body());
        assertEquals(403, again.post("/admin/templates/" + template + "/team", null, "team_id", String.valueOf(team))
                .statusCode());
        assertEquals("0", teamOf(template));
    }
}
