package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.signet.domain.Document;
import org.signet.domain.DocumentList;
import org.signet.domain.DocumentStatus;
import org.signet.domain.User;
import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;

/**
 * The document list: the user's own documents, or everyone's for an administrator, filtered by
 * state, searched by title, twenty to a page, through the same query as {@code GET /documents}.
 */
final class DocumentsPage implements AdminRoutes.Section {
    static final int PER_PAGE = 20;

    private final Documents documents;
    private final Accounts accounts;

    DocumentsPage(Documents documents, Accounts accounts) {
        this.documents = documents;
        this.accounts = accounts;
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
        q.check();
        DocumentList list = documents.list(s.principal(), status, search, (int) page, PER_PAGE);
        return v.page(200, s, "documents", v.m.get("documents.title"), req,
                filter(v, state, search) + table(v, s, list) + pager(v, list.total(), (int) page, state, search));
    }

    private static String filter(AdminView v, String state, String search) {
        StringBuilder options = new StringBuilder("<option value=\"\">" + v.t("documents.all_states") + "</option>\n");
        for (DocumentStatus st : DocumentStatus.values()) {
            options.append("<option value=\"").append(st.wire()).append('"')
                    .append(st.wire().equals(state) ? " selected=\"selected\"" : "").append('>')
                    .append(v.t("state." + st.wire())).append("</option>\n");
        }
        return "<form method=\"get\" action=\"/admin/documents\" class=\"panel form filters\" role=\"search\">\n"
                + "<div><label for=\"filter-status\">" + v.t("documents.state") + "</label>\n"
                + "<select id=\"filter-status\" name=\"status\">\n" + options + "</select></div>\n"
                + "<div><label for=\"filter-search\">" + v.t("documents.search") + "</label>\n"
                + "<input id=\"filter-search\" name=\"search\" type=\"search\" maxlength=\"200\" value=\"" + esc(search)
                + "\" /></div>\n<div><button type=\"submit\" class=\"btn btn-secondary\">" + v.t("documents.filter")
                + "</button></div>\n</form>\n";
    }

    private String table(AdminView v, Session s, DocumentList list) {
        if (list.items().isEmpty()) {
            return "<p id=\"no-documents\">" + v.t("documents.none") + "</p>\n";
        }
        Map<Long, User> owners = s.user().admin() ? accounts.list(s.principal()).stream()
                .collect(Collectors.toMap(User::id, Function.identity())) : Map.of();
        StringBuilder rows = new StringBuilder();
        for (Document d : list.items()) {
            rows.append("<tr><td><a href=\"/admin/documents/").append(d.id()).append("\">").append(esc(d.title()))
                    .append("</a></td><td><span class=\"badge badge-").append(d.status().wire()).append("\">")
                    .append(v.t("state." + d.status().wire())).append("</span></td>");
            if (s.user().admin()) {
                User o = owners.get(d.ownerId());
                rows.append("<td>").append(o == null ? "" : esc(o.email())).append("</td>");
            }
            rows.append("<td>").append(v.time(d.createdAt())).append("</td><td>").append(v.time(d.updatedAt()))
                    .append("</td></tr>\n");
        }
        return "<p>" + v.t("documents.count", v.number(list.total())) + "</p>\n" + v.tableWrap("documents.title")
                + "<table class=\"table\" id=\"documents\">\n<caption class=\"visually-hidden\">" + v.t("documents.title")
                + "</caption>\n<thead><tr>" + v.th("documents.name") + v.th("documents.state")
                + (s.user().admin() ? v.th("documents.owner") : "") + v.th("documents.created") + v.th("documents.updated")
                + "</tr></thead>\n<tbody>\n" + rows + "</tbody>\n</table>\n</div>\n";
    }

    private static String pager(AdminView v, long total, int page, String state, String search) {
        long pages = Math.max(1, (total + PER_PAGE - 1) / PER_PAGE);
        if (pages <= 1) {
            return "";
        }
        String prev = page > 1 ? "<a rel=\"prev\" href=\"" + esc(url(page - 1, state, search)) + "\">"
                + v.t("pager.previous") + "</a>" : "";
        String next = page < pages ? "<a rel=\"next\" href=\"" + esc(url(page + 1, state, search)) + "\">"
                + v.t("pager.next") + "</a>" : "";
        return "<nav class=\"pager\" aria-label=\"" + v.t("pager.label") + "\">" + prev + " <span>"
                + v.t("pager.position", v.number(page), v.number(pages)) + "</span> " + next + "</nav>\n";
    }

    private static String url(int page, String state, String search) {
        return "/admin/documents?page=" + page + (state == null ? "" : "&status=" + state)
                + (search == null ? "" : "&search=" + URLEncoder.encode(search, StandardCharsets.UTF_8));
    }
}
