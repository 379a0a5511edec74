package org.signet.web.admin;

import java.util.List;
import org.signet.domain.Membership;
import org.signet.http.Query;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;

/**
 * The team switcher of the lists (documents, templates, webhooks): whose items a list shows, kept in the address as
 * {@code ?team=} ({@code all}, {@code personal} or a team's id), so that a list chosen can be bookmarked, shared
 * between tabs and reloaded, and each tab shows what it says. Without it a list shows all: the user's own items
 * and those of their teams, as the REST interface's lists without {@code team_id}.
 */
final class TeamSwitcher {
    static final String PARAM = "team";

    private TeamSwitcher() {}

    /** What a list shows: all ({@code teamId} null, not personal), the user's personal items, or one team's. */
    record Choice(Long teamId, boolean personal) {
        static final Choice ALL = new Choice(null, false);
        static final Choice PERSONAL = new Choice(null, true);

        /** The parameter's value that names this choice. */
        String value() {
            return teamId != null ? teamId.toString() : personal ? "personal" : "all";
        }

        /** The choice for a link to another page of the same list, "" for all (the default). */
        String inLink() {
            return teamId == null && !personal ? "" : "&" + PARAM + "=" + value();
        }
    }

    /** The choice in {@code ?team=}; a value that is none of the three is rejected as the field's. */
    static Choice read(AdminView v, Query q) {
        String value = q.optString(PARAM).orElse("all");
        if (value.isEmpty() || value.equals("all")) {
            return Choice.ALL;
        }
        if (value.equals("personal")) {
            return Choice.PERSONAL;
        }
        if (value.matches("[1-9][0-9]{0,17}")) {
            return new Choice(Long.parseLong(value), false);
        }
        q.reject(PARAM, v.m.get("teams.switcher.invalid"));
        return Choice.ALL;
    }

    /**
     * The switcher for the list at {@code action}, among {@code teams} of {@code s}'s user: a form that reloads the
     * list with the choice, which works without a script; a user in no team has nothing to switch between and is
     * shown none.
     */
    static Html render(AdminView v, Session s, List<Membership> teams, Choice chosen, String action) {
        if (teams.isEmpty()) {
            return Html.EMPTY;
        }
        // An administrator's lists show everyone's items, not only their own and their teams'.
        Html all = v.t(s.user().admin() ? "teams.switcher.everyone" : "teams.switcher.all");
        Html options = option(v, "all", all, chosen).then(option(v, "personal",
                v.t("teams.switcher.personal"), chosen)).then(teams.stream().map(m -> option(v, String.valueOf(m.team().id()),
                Html.of("{}", m.team().name()), chosen)).collect(Html.joining()));
        return Html.of("<div class=\"team-bar\">\n<form method=\"get\" action=\"{}\" class=\"team-switcher\">\n"
                + "<label for=\"team-choice\">{}</label>\n<select id=\"team-choice\" name=\"{}\">\n{}</select>\n"
                + "<button id=\"team-show\" type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n</div>\n",
                action, v.t("teams.switcher.label"), PARAM, options, v.t("teams.switcher.show"));
    }

    /** The heading of a list's column that says whose each item is, for a user in a team; none for anyone else. */
    static Html column(AdminView v, List<Membership> teams) {
        return teams.isEmpty() ? Html.EMPTY : v.th("teams.column");
    }

    /** An item's cell in that column: its team's name, or personal (an administrator may see a team they are not in). */
    static Html cell(AdminView v, List<Membership> teams, Long teamId) {
        if (teams.isEmpty()) {
            return Html.EMPTY;
        }
        if (teamId == null) {
            return Html.of("<td>{}</td>", v.t("teams.personal"));
        }
        String name = teams.stream().filter(m -> m.team().id() == teamId).map(m -> m.team().name()).findFirst()
                .orElse("#" + teamId);
        return Html.of("<td data-team=\"{}\">{}</td>", teamId, name);
    }

    private static Html option(AdminView v, String value, Html label, Choice chosen) {
        return Html.of("<option value=\"{}\"{}>{}</option>\n", value,
                value.equals(chosen.value()) ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, label);
    }
}
