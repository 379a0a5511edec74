package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

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
        String scope = v.t(s.user().admin() ? "dashboard.scope_all" : "dashboard.scope_own");
        return v.page(200, s, "dashboard", v.m.get("dashboard.title"), req,
                "<p>" + scope + "</p>\n" + byState(v, counts) + completions(v, perDay));
    }

    private static String byState(AdminView v, Map<String, Long> counts) {
        List<BarChart.Bar> bars = new ArrayList<>();
        StringBuilder rows = new StringBuilder();
        counts.forEach((state, n) -> {
            if (!state.equals("total")) {
                bars.add(new BarChart.Bar(v.m.get("state." + state), n));
            }
            rows.append("<tr><th scope=\"row\">").append(v.t("state." + state)).append("</th><td class=\"num\" data-stat=\"")
                    .append(esc(state)).append("\">").append(v.number(n)).append("</td></tr>\n");
        });
        return "<section aria-labelledby=\"by-state\" class=\"panel\">\n<h2 id=\"by-state\">" + v.t("dashboard.by_state")
                + "</h2>\n<div class=\"chart-wrap\">\n" + BarChart.svg("chart-states", v.m.get("dashboard.by_state"),
                        v.m.get("dashboard.by_state_desc"), bars)
                + "</div>\n<table class=\"table compact\">\n<caption>" + v.t("dashboard.by_state_table") + "</caption>\n"
                + "<thead><tr><th scope=\"col\">" + v.t("dashboard.state") + "</th><th scope=\"col\" class=\"num\">"
                + v.t("dashboard.count") + "</th></tr></thead>\n<tbody>\n" + rows + "</tbody>\n</table>\n</section>\n";
    }

    private static String completions(AdminView v, Map<LocalDate, Long> perDay) {
        List<BarChart.Bar> bars = new ArrayList<>();
        StringBuilder rows = new StringBuilder();
        int[] i = {0};
        long total = perDay.values().stream().mapToLong(Long::longValue).sum();
        perDay.forEach((day, n) -> {
            // Every fifth day is labelled on the axis; all of them are in the table.
            bars.add(new BarChart.Bar(i[0]++ % 5 == 0 ? v.day(day) : "", n));
            rows.append("<tr><th scope=\"row\">").append(v.date(day)).append("</th><td class=\"num\" data-day=\"")
                    .append(day).append("\">").append(v.number(n)).append("</td></tr>\n");
        });
        return "<section aria-labelledby=\"per-day\" class=\"panel\">\n<h2 id=\"per-day\">" + v.t("dashboard.per_day", DAYS)
                + "</h2>\n<div class=\"chart-wrap\">\n" + BarChart.svg("chart-days", v.m.get("dashboard.per_day", DAYS),
                        v.m.get("dashboard.per_day_desc", v.number(total), DAYS), bars)
                + "</div>\n<details>\n<summary>" + v.t("dashboard.per_day_table") + "</summary>\n"
                + "<table class=\"table compact\">\n<thead><tr><th scope=\"col\">" + v.t("dashboard.day")
                + "</th><th scope=\"col\" class=\"num\">" + v.t("dashboard.completed") + "</th></tr></thead>\n<tbody>\n"
                + rows + "</tbody>\n</table>\n</details>\n</section>\n";
    }
}
