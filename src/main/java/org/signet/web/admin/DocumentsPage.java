package org.signet.web.admin;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.signet.domain.Document;
import org.signet.domain.DocumentList;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Membership;
import org.signet.domain.User;
import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.Teams;
import org.signet.text.Html;

/**
 * The document list: the user's own documents, or everyone's for an administrator, filtered by
 * state, searched by title, twenty to a page, through the same query as {@code GET /documents}.
 */
final class DocumentsPage implements AdminRoutes.Section {
    static final int PER_PAGE = 20;

    private final Documents documents;
    private final Accounts accounts;
    private final Teams teams;

    DocumentsPage(Documents documents, Accounts accounts, Teams teams) {
        this.documents = documents;
        this.accounts = accounts;
        this.teams = teams;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents", admin.page(this::list));
    }

    private Response list(Request req, Session s, AdminView v) {
        Query q = req.query();
        String state = q.optString("status").filter(x -> !x.isEmpty()).orElse(null);
        DocumentStatus status = state == null ? null : DocumentStatus.fromWire(state).orElseGet(() -> {
            q.reject("status", v.m.get("documents.status_invalid"));
            return null;
        });
        String search = q.optLineOrBlank("search", 200).orElse(null);
        long page = q.optLong("page", 1, 1_000_000).orElse(1L);
        TeamSwitcher.Choice team = TeamSwitcher.read(v, q);
        q.check();
        DocumentList list = team.personal() ? documents.listPersonal(s.principal(), status, search, (int) page, PER_PAGE)
                : documents.list(s.principal(), team.teamId(), status, search, null, (int) page, PER_PAGE);
        List<Membership> mine = teams.mine(s.principal());
        Html switcher = TeamSwitcher.render(v, s, mine, team, "/admin/documents");
        Filters shown = new Filters(state, search, team);
        return v.page(200, s, "documents", v.m.get("documents.title"), req, switcher,
                Html.join(List.of(Html.of("<p><a class=\"btn btn-primary\" id=\"new-document\" href=\"{}\">{}</a></p>\n",
                        NewDocumentPage.PATH, v.t("compose.new_button")), filter(v, shown), table(v, s, list, mine), pager(v, list.total(), (int) page, shown))));
    }

    /** What the list is narrowed to, kept in its links and its filter form. */
    private record Filters(String state, String search, TeamSwitcher.Choice team) {}

    private static Html filter(AdminView v, Filters f) {
        String state = f.state();
        List<Html> options = new ArrayList<>(List.of(Html.of("<option value=\"\">{}</option>\n", v.t("documents.all_states"))));
        for (DocumentStatus st : DocumentStatus.values()) {
            options.add(Html.of("<option value=\"{}\"{}>{}</option>\n", st.wire(),
                    st.wire().equals(state) ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, v.t("state." + st.wire())));
        }
        return Html.of("<form method=\"get\" action=\"/admin/documents\" class=\"panel form filters\" role=\"search\">\n"
                + "<div><label for=\"filter-status\">{}</label>\n"
                + "<select id=\"filter-status\" name=\"status\">\n{}</select></div>\n"
                + "<div><label for=\"filter-search\">{}</label>\n"
                + "<input id=\"filter-search\" name=\"search\" type=\"search\" maxlength=\"200\" value=\"{}"
                + "\" /></div>\n{}<div><button type=\"submit\" class=\"btn btn-secondary\">{}"
                + "</button></div>\n</form>\n", v.t("documents.state"), Html.join(options), v.t("documents.search"),
                f.search(), f.team().equals(TeamSwitcher.Choice.ALL) ? Html.EMPTY : Html.of("<input type=\"hidden\" name=\"{}\""
                + " value=\"{}\" />\n", TeamSwitcher.PARAM, f.team().value()), v.t("documents.filter"));
    }

    private Html table(AdminView v, Session s, DocumentList list, List<Membership> mine) {
        if (list.items().isEmpty()) {
            return Html.of("<p id=\"no-documents\">{}</p>\n", v.t("documents.none"));
        }
        Map<Long, User> owners = s.user().admin() ? accounts.list(s.principal()).stream()
                .collect(Collectors.toMap(User::id, Function.identity())) : Map.of();
        List<Html> rows = new ArrayList<>();
        for (Document d : list.items()) {
            User o = owners.get(d.ownerId());
            Html owner = s.user().admin() ? Html.of("<td>{}</td>", o == null ? null : o.email()) : Html.EMPTY;
            rows.add(Html.of("<tr><td><a href=\"/admin/documents/{}\">{}</a></td><td><span class=\"badge badge-{}\">{}"
                    + "</span></td>{}{}<td>{}</td><td>{}</td></tr>\n", d.id(), d.title(), d.status().wire(),
                    v.t("state." + d.status().wire()), owner, TeamSwitcher.cell(v, mine, d.teamId()), v.time(d.createdAt()),
                    v.time(d.updatedAt())));
        }
        return Html.of("<p>{}</p>\n{}<table class=\"table\" id=\"documents\">\n<caption class=\"visually-hidden\">{}"
                + "</caption>\n<thead><tr>{}{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n",
                v.t("documents.count", v.number(list.total())), v.tableWrap("documents.title"), v.t("documents.title"),
                v.th("documents.name"), v.th("documents.state"), s.user().admin() ? v.th("documents.owner") : Html.EMPTY,
                TeamSwitcher.column(v, mine), v.th("documents.created"), v.th("documents.updated"), Html.join(rows));
    }

    private static Html pager(AdminView v, long total, int page, Filters f) {
        long pages = Math.max(1, (total + PER_PAGE - 1) / PER_PAGE);
        if (pages <= 1) {
            return Html.EMPTY;
        }
        Html prev = page > 1 ? Html.of("<a rel=\"prev\" href=\"{}\">{}</a>", url(page - 1, f),
                v.t("pager.previous")) : Html.EMPTY;
        Html next = page < pages ? Html.of("<a rel=\"next\" href=\"{}\">{}</a>", url(page + 1, f),
                v.t("pager.next")) : Html.EMPTY;
        return Html.of("<nav class=\"pager\" aria-label=\"{}\">{} <span>{}</span> {}</nav>\n", v.t("pager.label"), prev,
                v.t("pager.position", v.number(page), v.number(pages)), next);
    }

    private static String url(int page, Filters f) {
        return "/admin/documents?page=" + page + (f.state() == null ? "" : "&status=" + f.state())
                + (f.search() == null ? "" : "&search=" + URLEncoder.encode(f.search(), StandardCharsets.UTF_8))
                + f.team().inLink();
    }
}
