package org.signet.web.admin;

import java.util.List;
import org.signet.domain.Membership;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Teams;
import org.signet.text.Html;

/**
 * The teams the signed-in user is in, each with their role there, and the form that makes a new one with them
 * its owner (see docs/api/teams.md); each team's own page is {@link TeamPage}.
 */
final class TeamsPage implements AdminRoutes.Section {
    private final Teams teams;

    TeamsPage(Teams teams) {
        this.teams = teams;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/teams", admin.page(TeamWords.page(this::list)));
        site.post("/admin/teams", admin.action(TeamWords.action(this::create)));
    }

    private Response list(Request req, Session s, AdminView v) {
        List<Membership> mine = teams.mine(s.principal());
        Html rows = mine.stream().map(m -> Html.of("<tr data-team=\"{}\" data-role=\"{}\"><td><a href=\"/admin/teams/{}\">{}"
                + "</a></td><td>{}</td><td>{}</td></tr>\n", m.team().id(), m.role().wire(), m.team().id(), m.team().name(),
                v.t("teams.role." + m.role().wire()), v.time(m.team().createdAt()))).collect(Html.joining());
        Html table = rows.isEmpty() ? Html.of("<p id=\"no-teams\">{}</p>\n", v.t("teams.none"))
                : Html.of("{}<table class=\"table\" id=\"teams\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n", v.tableWrap("teams.title"),
                v.t("teams.title"), v.th("teams.name"), v.th("teams.your_role"), v.th("teams.created"), rows);
        return v.page(200, s, "teams", v.m.get("teams.title"), req, table.then(createForm(v, s)));
    }

    private static Html createForm(AdminView v, Session s) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"create-team\">\n<h2 id=\"create-team\">{}</h2>\n"
                + "<form method=\"post\" action=\"/admin/teams\" class=\"form\">\n{}"
                + "<label for=\"team-name\">{}</label>\n"
                + "<input id=\"team-name\" name=\"name\" type=\"text\" maxlength=\"100\" required=\"required\""
                + " aria-describedby=\"team-name-hint\" />\n<p id=\"team-name-hint\" class=\"hint\">{}</p>\n"
                + "<button id=\"create-team-submit\" type=\"submit\" class=\"btn btn-primary\">{}</button>\n"
                + "</form>\n</section>\n", v.t("teams.create"), AdminView.csrf(s), v.t("teams.name"),
                v.t("teams.create_hint"), v.t("teams.create_submit"));
    }

    private Response create(Request req, Session s, AdminView v, Form form) {
        Membership made = teams.create(s.principal(), TeamWords.name(form));
        return AdminView.redirect("/admin/teams/" + made.team().id(), "team_created");
    }
}
