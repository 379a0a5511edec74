package org.signet.web.admin;

import java.util.Arrays;
import java.util.List;
import org.signet.domain.Membership;
import org.signet.domain.TeamMember;
import org.signet.domain.TeamRole;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Teams;
import org.signet.text.Html;

/**
 * One team: its members with their roles, and for those whose role allows it the forms that rename and delete
 * it, add a member by email, change a member's role and remove one (see docs/api/teams.md). Every change goes
 * through the Teams service, which decides who may make it; the forms shown are only what that rule would
 * allow, so a viewer sees the team and no form. A refusal is a page in the user's words.
 */
final class TeamPage implements AdminRoutes.Section {
    private final Teams teams;

    TeamPage(Teams teams) {
        this.teams = teams;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/teams/{id}", admin.page(TeamWords.page(this::show)));
        site.post("/admin/teams/{id}", admin.action(TeamWords.action((req, s, v, f) -> {
            long id = req.pathId("id");
            teams.rename(s.principal(), id, TeamWords.name(f));
            return AdminView.redirect(path(id), "team_renamed");
        })));
        site.post("/admin/teams/{id}/delete", admin.action(TeamWords.action((req, s, v, f) -> {
            teams.delete(s.principal(), req.pathId("id"));
            return AdminView.redirect("/admin/teams", "team_deleted");
        })));
        site.post("/admin/teams/{id}/members", admin.action(TeamWords.action(this::add)));
        site.post("/admin/teams/{id}/members/{user_id}", admin.action(TeamWords.action((req, s, v, f) -> {
            long id = req.pathId("id");
            teams.changeRole(s.principal(), id, req.pathId("user_id"), TeamWords.role(v, f));
            return AdminView.redirect(path(id), "team_role_changed");
        })));
        site.post("/admin/teams/{id}/members/{user_id}/remove", admin.action(TeamWords.action((req, s, v, f) -> {
            long id = req.pathId("id");
            long userId = req.pathId("user_id");
            teams.remove(s.principal(), id, userId);
            // Someone who left sees the team no more: back to their teams.
            return userId == s.user().id() && !s.user().admin() ? AdminView.redirect("/admin/teams", "team_left")
                    : AdminView.redirect(path(id), "team_member_removed");
        })));
    }

    static String path(long teamId) {
        return "/admin/teams/" + teamId;
    }

    private Response show(Request req, Session s, AdminView v) {
        long id = req.pathId("id");
        Membership m = teams.get(s.principal(), id);
        List<TeamMember> members = teams.members(s.principal(), id);
        TeamRole role = m.role();
        Html yours = Html.of("<p id=\"your-role\" data-role=\"{}\">{}</p>\n", role.wire(),
                v.t("teams.you_are", v.m.get("teams.role." + role.wire())));
        Html manage = role.atLeast(TeamRole.ADMIN) ? Html.join(List.of(addForm(v, s, id, role), renameForm(v, s, m)))
                : Html.EMPTY;
        Html delete = role == TeamRole.OWNER ? Html.of("<section class=\"panel\" aria-labelledby=\"delete-team\">\n"
                + "<h2 id=\"delete-team\">{}</h2>\n<p>{}</p>\n{}</section>\n", v.t("teams.delete"), v.t("teams.delete_hint"),
                v.button(s, path(id) + "/delete", "teams.delete_submit", "btn-danger", Html.EMPTY)) : Html.EMPTY;
        return v.page(200, s, "teams", m.team().name(), req,
                Html.join(List.of(yours, membersTable(v, s, id, role, members), manage, leave(v, s, id, members), delete)));
    }

    /** Anyone in the team may leave it; the last owner is refused, in words, as any removal of them. */
    private static Html leave(AdminView v, Session s, long id, List<TeamMember> members) {
        if (members.stream().noneMatch(p -> p.userId() == s.user().id())) {
            return Html.EMPTY;
        }
        return Html.of("<section class=\"panel\" aria-labelledby=\"leave-team\">\n<h2 id=\"leave-team\">{}</h2>\n{}"
                + "</section>\n", v.t("teams.leave"), v.button(s, path(id) + "/members/" + s.user().id() + "/remove",
                        "teams.leave_submit", "btn-secondary", Html.EMPTY));
    }

    private static Html membersTable(AdminView v, Session s, long id, TeamRole mine, List<TeamMember> members) {
        boolean manages = mine.atLeast(TeamRole.ADMIN);
        Html rows = members.stream().map(p -> Html.of("<tr data-member=\"{}\" data-role=\"{}\"><td>{}<div class=\"muted\">{}"
                + "</div></td><td>{}</td><td>{}</td>{}</tr>\n", p.email(), p.role().wire(), p.name(), p.email(),
                v.t("teams.role." + p.role().wire()), v.time(p.addedAt()),
                manages ? Html.of("<td class=\"actions\">{}</td>", memberActions(v, s, id, mine, p)) : Html.EMPTY))
                .collect(Html.joining());
        return Html.of("<section class=\"panel\">\n<h2 id=\"members-heading\">{}</h2>\n{}<table class=\"table\" id=\"members\">\n"
                + "<caption class=\"visually-hidden\">{}</caption>\n<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n"
                + "</table>\n</div>\n</section>\n", v.t("teams.members"), v.tableWrap("teams.members"), v.t("teams.members"),
                v.th("teams.member"), v.th("teams.role"), v.th("teams.added"),
                manages ? v.th("teams.actions") : Html.EMPTY, rows);
    }

    /** The role a member may be given here, and their removal: owners' roles only an owner changes. */
    private static Html memberActions(AdminView v, Session s, long id, TeamRole mine, TeamMember p) {
        if (p.role() == TeamRole.OWNER && mine != TeamRole.OWNER) {
            return Html.EMPTY;
        }
        String base = path(id) + "/members/" + p.userId();
        String select = "role-" + p.userId();
        Html change = Html.of("<form method=\"post\" action=\"{}\" class=\"inline-form\">\n{}"
                + "<label class=\"visually-hidden\" for=\"{}\">{}</label>\n<select id=\"{}\" name=\"role\">\n{}</select>\n"
                + "<button type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n", base, AdminView.csrf(s),
                select, v.t("teams.role_of", p.email()), select, roleOptions(v, mine, p.role()), v.t("teams.change_role"));
        return change.then(v.button(s, base + "/remove", "teams.remove", "btn-danger", Html.EMPTY));
    }

    /** The roles the user may give: every role for an owner, all but owner for an admin. */
    private static Html roleOptions(AdminView v, TeamRole mine, TeamRole chosen) {
        return Arrays.stream(TeamRole.values()).filter(r -> r != TeamRole.OWNER || mine == TeamRole.OWNER)
                .map(r -> Html.of("<option value=\"{}\"{}>{}</option>\n", r.wire(),
                        r == chosen ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, v.t("teams.role." + r.wire())))
                .collect(Html.joining());
    }

    private static Html addForm(AdminView v, Session s, long id, TeamRole mine) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"add-member-heading\">\n<h2 id=\"add-member-heading\">{}"
                + "</h2>\n<form id=\"add-member\" method=\"post\" action=\"{}/members\" class=\"form\">\n{}"
                + "<label for=\"member-email\">{}</label>\n"
                + "<input id=\"member-email\" name=\"email\" type=\"email\" maxlength=\"254\" required=\"required\""
                + " aria-describedby=\"member-email-hint\" />\n<p id=\"member-email-hint\" class=\"hint\">{}</p>\n"
                + "<label for=\"member-role\">{}</label>\n<select id=\"member-role\" name=\"role\">\n{}</select>\n"
                + "<button id=\"add-member-submit\" type=\"submit\" class=\"btn btn-primary\">{}</button>\n</form>\n"
                + "</section>\n", v.t("teams.add"), path(id), AdminView.csrf(s), v.t("teams.email"), v.t("teams.email_hint"),
                v.t("teams.role"), roleOptions(v, mine, TeamRole.MEMBER), v.t("teams.add_submit"));
    }

    private static Html renameForm(AdminView v, Session s, Membership m) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"rename-heading\">\n<h2 id=\"rename-heading\">{}</h2>\n"
                + "<form id=\"team-rename\" method=\"post\" action=\"{}\" class=\"form\">\n{}"
                + "<label for=\"rename-name\">{}</label>\n"
                + "<input id=\"rename-name\" name=\"name\" type=\"text\" maxlength=\"100\" required=\"required\" value=\"{}\" />\n"
                + "<button id=\"rename-submit\" type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n</section>\n",
                v.t("teams.rename"), path(m.team().id()), AdminView.csrf(s), v.t("teams.name"), m.team().name(),
                v.t("teams.rename_submit"));
    }

    private Response add(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Body b = form.body();
        String email = b.requireLine("email", 254);
        b.check();
        TeamRole role = TeamWords.role(v, form);
        teams.add(s.principal(), id, email, role);
        return AdminView.redirect(path(id), "team_member_added");
    }
}
