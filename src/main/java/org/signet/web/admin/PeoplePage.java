package org.signet.web.admin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.People;
import org.signet.text.Html;
import org.signet.text.Wire;

/**
 * A person's data, for administrators only (see README.md, Your data): by email address, everything Signet holds
 * about them as a zip to download, and their erasure, first shown as what it would do, then done once confirmed.
 */
final class PeoplePage implements AdminRoutes.Section {
    private static final int MAX_EMAIL = 254;

    private final People people;
    private final Wire wire;
    private final Clock clock;

    PeoplePage(People people, ZoneId zone, Clock clock) {
        this.people = people;
        this.wire = new Wire(zone);
        this.clock = clock;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/people", admin.page((req, s, v) -> page(req, s, v, "", Html.EMPTY)));
        site.post("/admin/people/export", admin.action(this::export));
        site.post("/admin/people/erase", admin.action(this::erase));
    }

    private Response page(Request req, Session s, AdminView v, String email, Html result) {
        Html form = Html.of("<section class=\"panel\" aria-labelledby=\"people-find\">\n<h2 id=\"people-find\">{}</h2>\n"
                + "<p>{}</p>\n<form method=\"post\" action=\"/admin/people/export\" class=\"form\" id=\"people-form\">\n{}"
                + "<label for=\"people-email\">{}</label>\n"
                + "<input id=\"people-email\" name=\"email\" type=\"email\" maxlength=\"254\" required=\"required\""
                + " value=\"{}\" />\n"
                + "<div class=\"actions\">\n<button id=\"people-export\" type=\"submit\" class=\"btn btn-primary\">{}</button>\n"
                + "<button id=\"people-preview\" type=\"submit\" class=\"btn btn-secondary\" formaction=\"/admin/people/erase\">"
                + "{}</button>\n</div>\n</form>\n</section>\n", v.t("people.find"), v.t("people.intro"), AdminView.csrf(s),
                v.t("people.email"), email, v.t("people.export"), v.t("people.preview"));
        return v.page(200, s, "people", v.m.get("people.title"), req, form.then(result));
    }

    /** Everything held about the address, as a zip: index.json, person.json and their copies of sealed documents. */
    private Response export(Request req, Session s, AdminView v, Form form) throws IOException {
        String email = email(form);
        People.Export export = people.export(s.principal(), email, wire);
        // Made whole before the answer starts, so a stored file that cannot be read is an error page, never half a zip.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            for (People.Entry e : export.entries()) {
                zip.putNextEntry(new ZipEntry(e.path()));
                try (InputStream in = e.opener().open()) {
                    in.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
        byte[] body = bytes.toByteArray();
        return Response.download("personal-data.zip", "application/zip", body.length, out -> out.write(body));
    }

    /**
     * Without the confirmation, what the erasure would do, and a form to confirm it; with it, the erasure done
     * and what it did.
     */
    private Response erase(Request req, Session s, AdminView v, Form form) {
        String email = email(form);
        boolean confirmed = "1".equals(form.value("confirm"));
        List<People.Step> steps = people.erase(s.principal(), email, clock.millis() / 1000, !confirmed);
        Html table = steps(v, steps, !confirmed);
        Html next = confirmed || steps.isEmpty() ? v.notice(confirmed ? "people.erased" : "people.nothing", email)
                : Html.of("<form method=\"post\" action=\"/admin/people/erase\" class=\"form\" id=\"people-confirm\">\n{}"
                        + "<input type=\"hidden\" name=\"email\" value=\"{}\" />\n"
                        + "<div class=\"choice\"><input id=\"people-confirm-box\" name=\"confirm\" type=\"checkbox\""
                        + " value=\"1\" required=\"required\" /> <label for=\"people-confirm-box\">{}</label></div>\n"
                        + "<button id=\"people-erase\" type=\"submit\" class=\"btn btn-danger\">{}</button>\n</form>\n",
                        AdminView.csrf(s), email, v.t("people.confirm", email), v.t("people.erase"));
        Html result = Html.of("<section class=\"panel\" aria-labelledby=\"people-result\">\n"
                + "<h2 id=\"people-result\">{}</h2>\n{}{}</section>\n",
                v.t(confirmed ? "people.erased_title" : "people.preview_title", email), table, next);
        return page(req, s, v, email, result);
    }

    private static Html steps(AdminView v, List<People.Step> steps, boolean preview) {
        if (steps.isEmpty()) {
            return Html.EMPTY;
        }
        Html rows = steps.stream().map(st -> Html.of("<tr data-document=\"{}\" data-action=\"{}\"><td>{}</td><td>{}</td>"
                + "<td>{}</td><td>{}</td></tr>\n", st.documentId(), st.action().name().toLowerCase(), st.documentId(),
                v.t("state." + st.status()), v.t((preview ? "people.would." : "people.did.") + st.action().name()
                        .toLowerCase()), v.t("people.reason." + st.reason().name().toLowerCase(),
                        st.detail() == null ? "" : st.detail()))).collect(Html.joining());
        return Html.of("{}<table class=\"table\" id=\"people-steps\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n", v.tableWrap("people.steps"),
                v.t("people.steps"), v.th("people.document"), v.th("people.status"), v.th("people.action"),
                v.th("people.why"), rows);
    }

    private static String email(Form form) {
        Body b = form.body();
        String email = b.requireLine("email", MAX_EMAIL);
        b.check();
        return email;
    }
}
