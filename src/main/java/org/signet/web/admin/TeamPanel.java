package org.signet.web.admin;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.signet.domain.Membership;
import org.signet.domain.Owned;
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
 * Whose one document or template is, on its page: personal or a team's, with the forms that move it into a team the
 * user is a member of and, for a team's admin or owner, out of it again (see docs/api/teams.md, Moving). The forms
 * offered are what the moving rule allows; the rule itself is the Moves service's, which records each move.
 */
final class TeamPanel implements AdminRoutes.Section {
    /** What a panel is on: its pages' address, the prefix of its own words in the "teams." block, and its move. */
    enum Kind {
        DOCUMENT("documents", ""),
        TEMPLATE("templates", "template_");

        private final String area;
        private final String words;

        Kind(String area, String words) {
            this.area = area;
            this.words = words;
        }

        private String page(long id) {
            return "/admin/" + area + "/" + id;
        }
    }

    private final Teams teams;
    private final Moves moves;
    private final Kind kind;

    TeamPanel(AdminRoutes.TeamWork work, Kind kind) {
        this.teams = work.teams();
        this.moves = work.moves();
        this.kind = kind;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.post("/admin/" + kind.area + "/{id}/team", admin.action(TeamWords.action(this::move)));
    }

    /** The panel of the document or template {@code id}: where it belongs now, and the moves the user may make. */
    Html panel(AdminView v, Session s, long id, Owned thing) {
        List<Membership> mine = teams.mine(s.principal());
        Optional<Membership> here = mine.stream().filter(m -> Objects.equals(thing.teamId(), m.team().id())).findFirst();
        boolean mayMoveFromHere = thing.teamId() == null ? thing.ownerId() == s.user().id() || s.user().admin()
                : s.user().admin() || here.map(m -> m.role().atLeast(TeamRole.ADMIN)).orElse(false);
        Html where = thing.teamId() == null
                ? Html.of("<p id=\"document-team\">{}</p>\n", v.t("teams.move." + kind.words + "personal"))
                : Html.of("<p id=\"document-team\" data-team=\"{}\">{}</p>\n", thing.teamId(), v.t("teams.move."
                        + kind.words + "in_team", here.map(Membership::team)
                        .orElseGet(() -> teams.get(s.principal(), thing.teamId()).team()).name()));
        if (!mayMoveFromHere) {
            return section(v, where);
        }
        List<Membership> targets = mine.stream().filter(m -> m.role().atLeast(TeamRole.MEMBER))
                .filter(m -> !Objects.equals(thing.teamId(), m.team().id())).toList();
        String action = kind.page(id) + "/team";
        Html into = targets.isEmpty() ? Html.EMPTY : Html.of("<form method=\"post\" action=\"{}\" class=\"form\">\n{}"
                + "<label for=\"move-team\">{}</label>\n<select id=\"move-team\" name=\"team_id\">\n{}</select>\n"
                + "<button id=\"move-submit\" type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n", action,
                AdminView.csrf(s), v.t("teams.move.to"), targets.stream().map(m -> Html.of("<option value=\"{}\">{}</option>\n",
                        m.team().id(), m.team().name())).collect(Html.joining()), v.t("teams.move.submit"));
        Html out = thing.teamId() == null ? Html.EMPTY : Html.of("<form id=\"move-out\" method=\"post\" action=\"{}\" "
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

    /** Moves the document or template into the team {@code team_id} names, or with none out of its team to the user. */
    private Response move(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Body b = form.body();
        // An empty field is no value at all (see Form#body): out of the team.
        Long teamId = b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        if (kind == Kind.TEMPLATE) {
            moves.template(s.principal(), id, teamId, AdminRoutes.actor(req, s));
        } else {
            moves.document(s.principal(), id, teamId, AdminRoutes.actor(req, s));
        }
        return AdminView.redirect(kind.page(id), kind.words + (teamId == null ? "moved_out" : "moved_in"));
    }
}
