package org.signet.web.admin;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.text.Html;

/**
 * The statistics dashboard at {@code /admin}: the same counters as {@code GET /stats} (the user's own,
 * everyone's for an administrator) and completions per day over the last 30 days, each as a chart
 * and as a table.
 */
final class DashboardPage implements AdminRoutes.Section {
    static final int DAYS = 30;

    private final Documents documents;
    private final Clock clock;

    DashboardPage(Documents documents, Clock clock) {
        this.documents = documents;
        this.clock = clock;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin", admin.page(this::show));
    }

    private Response show(Request req, Session s, AdminView v) {
        ZoneId zone = v.zone();
        Map<String, Long> counts = documents.stats(s.principal());
        Map<LocalDate, Long> perDay = documents.completionsPerDay(s.principal(), LocalDate.now(clock.withZone(zone)),
                DAYS, zone);
        Html scope = v.t(s.user().admin() ? "dashboard.scope_all" : "dashboard.scope_own");
        return v.page(200, s, "dashboard", v.m.get("dashboard.title"), req,
                Html.of("<p>{}</p>\n{}{}", scope, byState(v, counts), completions(v, perDay)));
    }

    private static Html byState(AdminView v, Map<String, Long> counts) {
        List<BarChart.Bar> bars = new ArrayList<>();
        List<Html> rows = new ArrayList<>();
        counts.forEach((state, n) -> {
            if (!state.equals("total")) {
                bars.add(new BarChart.Bar(v.m.get("state." + state), n));
            }
            rows.add(Html.of("<tr><th scope=\"row\">{}</th><td class=\"num\" data-stat=\"{}\">{}</td></tr>\n",
                    v.t("state." + state), state, v.number(n)));
        });
        return Html.of("<section aria-labelledby=\"by-state\" class=\"panel\">\n<h2 id=\"by-state\">{}"
                + "</h2>\n<div class=\"chart-wrap\">\n{}"
                + "</div>\n<table class=\"table compact\">\n<caption>{}</caption>\n"
                + "<thead><tr><th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">"
                + "{}</th></tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</section>\n", v.t("dashboard.by_state"),
                BarChart.svg("chart-states", v.m.get("dashboard.by_state"), v.m.get("dashboard.by_state_desc"), bars),
                v.t("dashboard.by_state_table"), v.t("dashboard.state"), v.t("dashboard.count"), Html.join(rows));
    }

    private static Html completions(AdminView v, Map<LocalDate, Long> perDay) {
        List<BarChart.Bar> bars = new ArrayList<>();
        List<Html> rows = new ArrayList<>();
        int[] i = {0};
        long total = perDay.values().stream().mapToLong(Long::longValue).sum();
        perDay.forEach((day, n) -> {
            // Every fifth day is labelled on the axis; all of them are in the table.
            bars.add(new BarChart.Bar(i[0]++ % 5 == 0 ? v.day(day) : "", n));
            rows.add(Html.of("<tr><th scope=\"row\">{}</th><td class=\"num\" data-day=\"{}\">{}</td></tr>\n",
                    v.date(day), day, v.number(n)));
        });
        return Html.of("<section aria-labelledby=\"per-day\" class=\"panel\">\n<h2 id=\"per-day\">{}"
                + "</h2>\n<div class=\"chart-wrap\">\n{}"
                + "</div>\n<details>\n<summary>{}</summary>\n"
                + "<table class=\"table compact\">\n<thead><tr><th scope=\"col\">{}"
                + "</th><th scope=\"col\" class=\"num\">{}</th></tr></thead>\n<tbody>\n"
                + "{}</tbody>\n</table>\n</details>\n</section>\n", v.t("dashboard.per_day", DAYS),
                BarChart.svg("chart-days", v.m.get("dashboard.per_day", DAYS),
                        v.m.get("dashboard.per_day_desc", v.number(total), DAYS), bars),
                v.t("dashboard.per_day_table"), v.t("dashboard.day"), v.t("dashboard.completed"), Html.join(rows));
    }
}
