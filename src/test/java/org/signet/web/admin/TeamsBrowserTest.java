package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Teams on the administrator pages in a real headless Chromium: a team made and people added to it through the
 * forms, a document moved into it and seen by a member signed in as themselves, a viewer who sees it and is
 * offered no change; and the teams list, a team's page and the documents and templates lists chosen with the team
 * switcher free of axe-core violations (best practice included) in the four languages, on a desktop and a phone.
 */
class TeamsBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    @RegisterExtension
    static final AdminBrowser pages = AdminBrowser.on(signet);

    static TestServer server;
    static Browser browser;
    static TestServer.Account olga;

    @BeforeAll
    static void start() throws Exception {
        browser = pages.browser();
        server = signet.server();
        olga = pages.account("olga@example.com");
        for (String who : List.of("mia", "vic")) {
            server.app.users().add(who + "@example.com", who, false, AdminHttpTest.HASH);
        }
    }

    private static void signIn(String who) {
        browser.reset(1280, 800);
        pages.signIn(who + "@example.com");
    }

    private static String upload(String title) {
        return new ApiFlow(server, olga.full(), Clock.systemUTC()).upload(title, 1);
    }

    private static void addMember(String who, String role) {
        browser.visible(By.id("member-email")).sendKeys(who + "@example.com");
        new Select(browser.visible(By.id("member-role"))).selectByValue(role);
        browser.click(By.id("add-member-submit"));
        browser.visible(By.cssSelector("tr[data-member='" + who + "@example.com'][data-role='" + role + "']"));
    }

    @Test
    void teamMade_memberAdded_teamDocumentSeenByTheMember_viewerOfferedNoChange() {
        String doc = upload("Front desk contract");
        signIn("olga");
        browser.click(By.linkText("Teams"));
        browser.visible(By.id("team-name")).sendKeys("Front office");
        browser.click(By.id("create-team-submit"));
        browser.visible(By.cssSelector(".notice"));
        String team = browser.driver().getCurrentUrl().replaceAll(".*/admin/teams/(\\d+).*", "$1");
        addMember("mia", "member");
        addMember("vic", "viewer");
        pages.clean("the team page of its owner");

        browser.open(pages.url("/admin/documents/" + doc));
        new Select(browser.visible(By.id("move-team"))).selectByValue(team);
        browser.click(By.id("move-submit"));
        assertTrue(browser.visible(By.cssSelector(".notice")).getText().contains("moved into the team"));
        pages.clean("the document moved into the team");

        signIn("mia");
        browser.open(pages.url("/admin/documents"));
        new Select(browser.visible(By.id("team-choice"))).selectByValue(team);
        browser.click(By.id("team-show"));
        browser.until(d -> d.getCurrentUrl().contains("team=" + team));
        browser.click(By.linkText("Front desk contract"));
        assertEquals("Front desk contract", browser.visible(By.tagName("h1")).getText());
        browser.open(pages.url("/admin/documents?team=personal"));
        assertTrue(browser.present(By.id("no-documents")), "the team's document is not the member's own");

        signIn("vic");
        browser.open(pages.url("/admin/documents?team=" + team));
        browser.click(By.linkText("Front desk contract"));
        assertFalse(browser.present(By.id("move-team")), "a viewer is offered no move");
        assertFalse(browser.present(By.id("move-out")), "a viewer is offered no move out");
        browser.open(pages.url("/admin/teams/" + team));
        assertEquals("viewer", browser.visible(By.id("your-role")).getAttribute("data-role"));
        assertEquals(3, browser.all(By.cssSelector("#members tbody tr")).size());
        assertFalse(browser.present(By.id("add-member")), "a viewer is offered no way to add a member");
        assertFalse(browser.present(By.cssSelector("#members select")), "a viewer is offered no role to change");
        pages.clean("the team page of a viewer");
    }

    @Test
    void teamsListTeamPageAndSwitchedList_fourLanguagesDesktopAndPhone_noAxeViolation() {
        AdminClient owner = new AdminClient(server);
        owner.signIn("olga@example.com", AdminHttpTest.PASSWORD);
        String made = owner.post("/admin/teams", owner.csrf(), "name", "Back office").headers().firstValue("Location")
                .orElseThrow();
        String team = made.replaceAll(".*/admin/teams/(\\d+).*", "$1");
        owner.post("/admin/teams/" + team + "/members", owner.csrf(), "email", "mia@example.com", "role", "admin");
        owner.post("/admin/documents/" + upload("Back office lease") + "/team", owner.csrf(), "team_id", team);
        Map<String, Object> form = TestServer.expectObject(201, new ApiFlow(server, olga.full(), Clock.systemUTC())
                .post("templates", Map.of("document_id", Long.parseLong(upload("Lease form")), "name", "Lease form")));
        owner.post("/admin/templates/" + form.get("id") + "/team", owner.csrf(), "team_id", team);
        signIn("olga");
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        try {
            for (String lang : List.of("en", "de", "es", "fr")) {
                chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Accept-Language", lang)));
                for (Dimension size : List.of(new Dimension(1280, 800), new Dimension(390, 844))) {
                    chrome.manage().window().setSize(size);
                    for (String path : List.of("/admin/teams", "/admin/teams/" + team, "/admin/documents?team=" + team,
                            "/admin/templates?team=" + team)) {
                        String what = path + " in " + lang + " at " + size;
                        browser.open(pages.url(path));
                        assertEquals(lang, browser.visible(By.tagName("html")).getAttribute("lang"), what);
                        long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
                        assertTrue(overflow <= 0, what + " scrolls sideways by " + overflow + " px: " + browser.js(
                                "return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect()"
                                + ".right > window.innerWidth).map(e => e.tagName + '#' + e.id + '.' + e.className).join(' ');"));
                        pages.clean(what);
                    }
                }
            }
        } finally {
            chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
        }
    }
}
