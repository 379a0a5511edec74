package org.signet.web.admin;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.signet.domain.Document;
import org.signet.domain.Membership;
import org.signet.domain.TeamRole;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Moves;
import org.signet.service.Teams;
import org.signet.text.Html;

/**
 * Whose one document is, on its page: personal or a team's, with the forms that move it into a team the user is a
 * member of and, for a team's admin or owner, out of it again (see docs/api/teams.md, Moving). The forms offered are
 * what the moving rule allows; the rule itself is the Moves service's, which records each move in the audit trail.
 */
final class DocumentTeamPanel implements AdminRoutes.Section {
    private final Teams teams;
    private final Moves moves;

    DocumentTeamPanel(Teams teams, Moves moves) {
        this.teams = teams;
        this.moves = moves;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.post("/admin/documents/{id}/team", admin.action(TeamWords.action(this::move)));
    }

    /** The panel: where the document belongs now, and the moves the user may make from there. */
    Html panel(AdminView v, Session s, Document d) {
        List<Membership> mine = teams.mine(s.principal());
        Optional<Membership> here = mine.stream().filter(m -> Objects.equals(d.teamId(), m.team().id())).findFirst();
        boolean mayMoveFromHere = d.teamId() == null ? d.ownerId() == s.user().id() || s.user().admin()
                : s.user().admin() || here.map(m -> m.role().atLeast(TeamRole.ADMIN)).orElse(false);
        Html where = d.teamId() == null ? Html.of("<p id=\"document-team\">{}</p>\n", v.t("teams.move.personal"))
                : Html.of("<p id=\"document-team\" data-team=\"{}\">{}</p>\n", d.teamId(), v.t("teams.move.in_team",
                        here.map(Membership::team).orElseGet(() -> teams.get(s.principal(), d.teamId()).team()).name()));
        if (!mayMoveFromHere) {
            return section(v, where);
        }
        List<Membership> targets = mine.stream().filter(m -> m.role().atLeast(TeamRole.MEMBER))
                .filter(m -> !Objects.equals(d.teamId(), m.team().id())).toList();
        String action = "/admin/documents/" + d.id() + "/team";
        Html into = targets.isEmpty() ? Html.EMPTY : Html.of("<form method=\"post\" action=\"{}\" class=\"form\">\n{}"
                + "<label for=\"move-team\">{}</label>\n<select id=\"move-team\" name=\"team_id\">\n{}</select>\n"
                + "<button id=\"move-submit\" type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n", action,
                AdminView.csrf(s), v.t("teams.move.to"), targets.stream().map(m -> Html.of("<option value=\"{}\">{}</option>\n",
                        m.team().id(), m.team().name())).collect(Html.joining()), v.t("teams.move.submit"));
        Html out = d.teamId() == null ? Html.EMPTY : Html.of("<form id=\"move-out\" method=\"post\" action=\"{}\" "
                + "class=\"form\">\n{}<input type=\"hidden\" name=\"team_id\" value=\"\" />\n<p id=\"move-out-hint\" "
                + "class=\"hint\">{}</p>\n<button id=\"move-out-submit\" type=\"submit\" class=\"btn btn-secondary\" "
                + "aria-describedby=\"move-out-hint\">{}</button>\n</form>\n", action, AdminView.csrf(s),
                v.t("teams.move.out_hint"), v.t("teams.move.out"));
        return section(v, where.then(into).then(out));
    }

    private static Html section(AdminView v, Html body) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"team-heading\">\n<h2 id=\"team-heading\">{}</h2>\n{}"
                + "</section>\n", v.t("teams.move.heading"), body);
    }

    /** Moves the document into the team {@code team_id} names, or with none out of its team to the user. */
    private Response move(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Body b = form.body();
        // An empty field is no value at all (see Form#body): out of the team.
        Long teamId = b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        moves.document(s.principal(), id, teamId, AdminRoutes.actor(req, s));
        return AdminView.redirect("/admin/documents/" + id, teamId == null ? "moved_out" : "moved_in");
    }
}
