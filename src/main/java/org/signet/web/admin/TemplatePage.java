package org.signet.web.admin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Signer;
import org.signet.domain.TemplateField;
import org.signet.domain.TemplateSlot;
import org.signet.domain.VariableKeys;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.DrawableText;
import org.signet.service.Templates;
import org.signet.text.Html;

/**
 * One template: its name and description, its recipients (the slots a document's signers fill, each with the role and
 * signing order its signer gets), the variables its fields can be filled ahead of time by, and the ways on: its
 * fields in the field editor, a document from it, a bulk send, and deleting it; and whose it is, with the moves
 * between a person and a team ({@link TeamPanel}). A team's viewer reads it and is offered none of these. A refused
 * change shows the page again with the words beside the entry they concern, nothing changed.
 */
final class TemplatePage {
    private final Templates templates;
    private final TeamPanel team;

    TemplatePage(Templates templates, TeamPanel team) {
        this.templates = templates;
        this.team = team;
    }

    void routes(Router site, AdminRoutes admin) {
        site.get("/admin/templates/{id}", admin.page((req, s, v) -> show(req, s, v, FormErrors.NONE, 200)));
        site.post("/admin/templates/{id}", admin.action(TeamWords.action((req, s, v, form) -> change(req, s, v, () -> {
            Body b = form.body();
            String name = b.requireLine("name", 255);
            DrawableText.check("name", name, b::reject);
            String description = b.optText("description", 2000).orElse("");
            b.check();
            templates.update(s.principal(), req.pathId("id"), name, description);
        }))));
        site.post("/admin/templates/{id}/recipients", admin.action(TeamWords.action((req, s, v, form) -> change(req, s, v,
                () -> templates.saveSlots(s.principal(), req.pathId("id"), slots(form,
                        templates.usable(s.principal(), req.pathId("id"))))))));
        site.post("/admin/templates/{id}/variables", admin.action(TeamWords.action((req, s, v, form) -> change(req, s, v,
                () -> templates.saveVariables(s.principal(), req.pathId("id"), variables(form,
                        templates.usable(s.principal(), req.pathId("id"))))))));
        site.post("/admin/templates/{id}/delete", admin.action(TeamWords.action((req, s, v, form) -> {
            templates.delete(s.principal(), req.pathId("id"));
            return AdminView.redirect("/admin/templates", "templates_deleted");
        })));
        team.routes(site, admin);
    }

    /** Makes a change and goes back to the page saying so, or shows the page again with why it was refused. */
    private Response change(Request req, Session s, AdminView v, Runnable change) {
        try {
            change.run();
            return AdminView.redirect("/admin/templates/" + req.pathId("id"), "templates_saved");
        } catch (Refusal r) {
            if (r.kind() == Refusal.Kind.NOT_FOUND || r.kind() == Refusal.Kind.FORBIDDEN) {
                throw r;
            }
            return show(req, s, v, FormErrors.of(r, v), r.status());
        }
    }

    private Response show(Request req, Session s, AdminView v, FormErrors errors, int status) {
        Templates.Detail d = templates.get(s.principal(), req.pathId("id"));
        Html whose = team.panel(v, s, d.template().id(), d.template());
        if (!templates.usableBy(s.principal(), d.template())) {
            return v.page(status, s, "templates", d.template().name(), req, TemplateReading.render(v, d).then(whose));
        }
        String base = "/admin/templates/" + d.template().id();
        Html ways = Html.of("<div class=\"panel actions\">\n<a class=\"btn btn-primary\" id=\"use-template\" href=\"{}/use\">"
                + "{}</a>\n<a class=\"btn btn-secondary\" id=\"bulk-template\" href=\"{}/bulk\">{}</a>\n"
                + "<a class=\"btn btn-secondary\" id=\"template-fields\" href=\"{}/fields\">{}</a>\n{}</div>\n", base,
                v.t("templates.use"), base, v.t("templates.bulk"), base, v.t("templates.fields"),
                v.button(s, base + "/delete", "templates.delete", "btn-danger", Html.EMPTY));
        List<String> shown = new ArrayList<>(List.of("name", "description", "slots"));
        d.variables().forEach(f -> shown.add("variables." + f.id()));
        return v.page(status, s, "templates", d.template().name(), req, Html.join(List.of(errors.summary(v, shown), ways,
                details(v, s, d, errors, base), whose, recipients(v, s, d, errors, base),
                variables(v, s, d, errors, base))));
    }

    private static Html details(AdminView v, Session s, Templates.Detail d, FormErrors errors, String base) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"template-details\">\n<h2 id=\"template-details\">{}</h2>\n"
                + "<p>{}</p>\n<form method=\"post\" action=\"{}\" class=\"form\">\n{}{}"
                + "<label for=\"template-description\">{}</label>\n<textarea id=\"template-description\" name=\"description\" "
                + "rows=\"3\" maxlength=\"2000\"{}>\n{}</textarea>\n{}<button type=\"submit\" class=\"btn btn-primary\">{}"
                + "</button>\n</form>\n</section>\n", v.t("templates.details"),
                v.t("templates.file_summary", d.template().originalFilename(), v.number(d.template().totalPages())), base,
                AdminView.csrf(s), errors.input(v, "template-name", "name", v.t("templates.name"), "text",
                        d.template().name(), true), v.t("templates.description"),
                errors.attributes("description", "template-description"), d.template().description(),
                errors.beside(v, "description", "template-description"), v.t("templates.save"));
    }

    private static Html recipients(AdminView v, Session s, Templates.Detail d, FormErrors errors, String base) {
        List<Html> rows = new ArrayList<>();
        for (TemplateSlot slot : slots(d)) {
            int n = slot.slot();
            Html roles = List.of(Signer.Role.values()).stream().map(r -> Html.of("<option value=\"{}\"{}>{}</option>",
                    r.wire(), r == slot.role() ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, v.t("role." + r.wire())))
                    .collect(Html.joining());
            long fields = d.fields().stream().filter(f -> f.signerSlot() == n).count();
            rows.add(Html.of("<tr><th scope=\"row\">{}</th><td><label class=\"visually-hidden\" for=\"role-{}\">{}</label>"
                    + "<select id=\"role-{}\" name=\"role_{}\">{}</select></td><td><label class=\"visually-hidden\" "
                    + "for=\"order-{}\">{}</label><input id=\"order-{}\" name=\"order_{}\" type=\"number\" min=\"1\" "
                    + "max=\"1000\" value=\"{}\" /></td><td class=\"num\">{}</td></tr>\n", v.t("templates.recipient", n), n,
                    v.t("templates.role_of", n), n, n, roles, n, v.t("templates.order_of", n), n, n, slot.signingOrder(),
                    v.number(fields)));
        }
        // Not a landmark of its own: the scrolling box of its table is one by the same name.
        return Html.of("<section class=\"panel\">\n<h2 id=\"template-recipients\">"
                + "{}</h2>\n<p class=\"hint\">{}</p>\n<form method=\"post\" action=\"{}/recipients\" class=\"form\">\n{}"
                + "{}<table class=\"table\" id=\"slots\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n{}"
                + "<div class=\"actions\">\n<button type=\"submit\" name=\"change\" value=\"save\" class=\"btn btn-primary\">{}"
                + "</button>\n<button type=\"submit\" name=\"change\" value=\"add\" class=\"btn btn-secondary\" "
                + "id=\"add-recipient\">{}</button>\n{}</div>\n</form>\n</section>\n", v.t("templates.recipients"),
                v.t("templates.recipients_hint"), base, AdminView.csrf(s), v.tableWrap("templates.recipients"),
                v.t("templates.recipients"), v.th("templates.recipient_column"), v.th("templates.role"),
                v.th("templates.order"), v.th("templates.field_count"), Html.join(rows), errors.beside(v, "slots", "slots"),
                v.t("templates.save_recipients"), v.t("templates.add_recipient"), rows.isEmpty() ? Html.EMPTY
                        : Html.of("<button type=\"submit\" name=\"change\" value=\"remove\" class=\"btn btn-quiet\">{}"
                        + "</button>\n", v.t("templates.remove_recipient")));
    }

    private static Html variables(AdminView v, Session s, Templates.Detail d, FormErrors errors, String base) {
        List<TemplateField> prefillable = d.fields().stream().filter(f -> VariableKeys.prefillable(f.type())).toList();
        if (prefillable.isEmpty()) {
            return Html.of("<section class=\"panel\" aria-labelledby=\"template-variables\">\n<h2 id=\"template-variables\">"
                    + "{}</h2>\n<p>{}</p>\n</section>\n", v.t("templates.variables"), v.t("templates.no_variables"));
        }
        Html entries = prefillable.stream().map(f -> errors.input(v, "variable-" + f.id(), "variables." + f.id(),
                v.t("templates.variable_of", f.name().isEmpty() ? v.m.get("field." + f.type().wire()) : f.name(),
                        f.signerSlot()), "text", f.variableKey() == null ? "" : f.variableKey(), false))
                .collect(Html.joining());
        return Html.of("<section class=\"panel\" aria-labelledby=\"template-variables\">\n<h2 id=\"template-variables\">{}"
                + "</h2>\n<p class=\"hint\">{}</p>\n<form method=\"post\" action=\"{}/variables\" class=\"form\">\n{}{}"
                + "<button type=\"submit\" class=\"btn btn-primary\">{}</button>\n</form>\n</section>\n",
                v.t("templates.variables"), v.t("templates.variables_hint"), base, AdminView.csrf(s), entries,
                v.t("templates.save_variables"));
    }

    /** Every slot of the template, recorded or only named by a field (then with the defaults a document gives it). */
    static List<TemplateSlot> slots(Templates.Detail d) {
        Map<Integer, TemplateSlot> known = new LinkedHashMap<>();
        d.slots().forEach(s -> known.put(s.slot(), s));
        return d.slotNumbers().stream().map(n -> known.getOrDefault(n, new TemplateSlot(n, Signer.Role.SIGNER, n))).toList();
    }

    /** The slots the form asks for: as posted, then one more added or the last one removed when it says so. */
    private static List<TemplateSlot> slots(Form form, Templates.Detail d) {
        Body b = form.body();
        List<TemplateSlot> out = new ArrayList<>();
        for (TemplateSlot slot : slots(d)) {
            int n = slot.slot();
            Signer.Role role = b.optString("role_" + n).map(r -> Signer.Role.fromWire(r).orElseGet(() -> {
                b.reject("role_" + n, "role must be one of signer, viewer, approver.");
                return slot.role();
            })).orElse(slot.role());
            int order = b.optLong("order_" + n, 1, 1000).map(Long::intValue).orElse(slot.signingOrder());
            out.add(new TemplateSlot(n, role, order));
        }
        String change = b.optString("change").orElse("save");
        b.check();
        if (change.equals("add")) {
            out.add(new TemplateSlot(out.size() + 1, Signer.Role.SIGNER, out.size() + 1));
        } else if (change.equals("remove") && !out.isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** The variable key posted for each field that may take one, by field id; a field left out keeps its key. */
    private static Map<Long, String> variables(Form form, Templates.Detail d) {
        Map<Long, String> keys = new LinkedHashMap<>();
        d.fields().stream().filter(f -> VariableKeys.prefillable(f.type())).forEach(f -> {
            String given = form.value("variables." + f.id());
            if (given != null) {
                keys.put(f.id(), given);
            }
        });
        return keys;
    }
}
