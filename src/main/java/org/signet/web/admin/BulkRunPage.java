package org.signet.web.admin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.BulkSend;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.BulkSends;
import org.signet.text.Html;

/**
 * A bulk send's run: its progress and each row's outcome, as {@code GET /bulk-sends/{id}} has them. A module polls
 * the small JSON form of the same while the run goes on and updates the page in place; without script, a link
 * reloads it.
 */
final class BulkRunPage {
    static final String MODULE = "/assets/admin/bulk-run.js";

    private final BulkSends bulkSends;

    BulkRunPage(BulkSends bulkSends) {
        this.bulkSends = bulkSends;
    }

    void routes(Router site, AdminRoutes admin) {
        site.get("/admin/bulk-sends/{id}", admin.page(this::show));
        site.get("/admin/bulk-sends/{id}/progress", admin.page((req, s, v) ->
                Response.ok(progress(v, bulkSends.get(s.principal(), req.pathId("id")))).header("Cache-Control", "no-store")));
    }

    private Response show(Request req, Session s, AdminView v) {
        BulkSends.Detail d = bulkSends.get(s.principal(), req.pathId("id"));
        BulkSend b = d.bulkSend();
        String self = "/admin/bulk-sends/" + b.id();
        Html rows = d.rows().stream().map(r -> Html.of("<tr><th scope=\"row\" class=\"num\">{}</th>"
                + "<td id=\"run-row-{}-status\"><span class=\"badge badge-{}\">{}</span></td><td id=\"run-row-{}-document\">{}"
                + "</td><td id=\"run-row-{}-error\"{}>{}</td></tr>\n", v.number(r.number()), r.number(), r.status().wire(),
                v.t(rowKey(r.status())), r.number(), document(v, r), r.number(),
                r.error() == null ? Html.EMPTY : v.foreign(r.error()), r.error())).collect(Html.joining());
        Html summary = Html.of("<div class=\"panel\">\n<p id=\"run-summary\" role=\"status\" aria-live=\"polite\">{}</p>\n"
                + "<progress id=\"run-progress\" max=\"{}\" value=\"{}\" aria-labelledby=\"run-summary\"></progress>\n"
                + "<dl class=\"pairs\">\n<dt>{}</dt><dd><a href=\"/admin/templates/{}\">{}</a></dd>\n"
                + "<dt>{}</dt><dd>{}</dd>\n</dl>\n<p><a id=\"run-refresh\" href=\"{}\">{}</a></p>\n</div>\n",
                summary(v, b), Math.max(1, b.total()), b.created() + b.failed(), v.t("bulk.template"), b.templateId(),
                v.t("bulk.template_link", String.valueOf(b.templateId())), v.t("bulk.started"), v.time(b.createdAt()), self,
                v.t("bulk.refresh"));
        Html table = Html.of("{}<table class=\"table\" id=\"run-rows\" data-progress=\"{}/progress\">\n"
                + "<caption class=\"visually-hidden\">{}</caption>\n<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n"
                + "</table>\n</div>\n<script type=\"module\" src=\"{}\"></script>\n",
                v.tableWrap("bulk.outcomes"), self, v.t("bulk.outcomes"), v.th("bulk.row"), v.th("bulk.outcome"),
                v.th("bulk.document"), v.th("bulk.error"), rows, MODULE);
        return v.page(200, s, "templates", v.m.get("bulk.run_title", v.number(b.id())), req, summary.then(table));
    }

    private static Html document(AdminView v, BulkSend.RowOutcome r) {
        return r.documentId() == null ? Html.EMPTY : Html.of("<a href=\"/admin/documents/{}\">{}</a>", r.documentId(),
                v.t("bulk.document_link", String.valueOf(r.documentId())));
    }

    private static String rowKey(BulkSend.RowStatus status) {
        return switch (status) {
            case PENDING -> "bulk.row_pending";
            case CREATED -> "bulk.row_created";
            case FAILED -> "bulk.row_failed";
        };
    }

    private static String summary(AdminView v, BulkSend b) {
        return v.m.get(b.status() == BulkSend.Status.COMPLETED ? "bulk.summary_done" : "bulk.summary_running",
                v.number(b.created()), v.number(b.failed()), v.number(b.total()));
    }

    /** What the page shows of the run, in its words: the summary, and each row's outcome, document and error. */
    private static Map<String, Object> progress(AdminView v, BulkSends.Detail d) {
        BulkSend b = d.bulkSend();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", b.status().wire());
        out.put("summary", summary(v, b));
        out.put("total", b.total());
        out.put("done", b.created() + b.failed());
        List<Map<String, Object>> rows = d.rows().stream().map(r -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("row", r.number());
            row.put("status", r.status().wire());
            row.put("label", v.m.get(rowKey(r.status())));
            row.put("document_id", r.documentId());
            row.put("document", r.documentId() == null ? null : v.m.get("bulk.document_link", String.valueOf(r.documentId())));
            row.put("error", r.error());
            return row;
        }).toList();
        out.put("rows", rows);
        return out;
    }
}
