package org.signet.web.admin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.EmailAddress;
import org.signet.domain.ExternalRef;
import org.signet.domain.Signer;
import org.signet.domain.TemplateField;
import org.signet.domain.TemplateSlot;
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
 * A document from a template: the sender fills each recipient's name and email and the template's variables, and
 * the document is made and sent through the same service as {@code POST /templates/{id}/documents} (a team's
 * template making the team's document, for its members, not its viewers); the sender lands on the new document's
 * page. A refusal shows the form again as it was filled, its words beside each entry.
 */
final class TemplateUsePage {
    private final Templates templates;

    TemplateUsePage(Templates templates) {
        this.templates = templates;
    }

    void routes(Router site, AdminRoutes admin) {
        site.get("/admin/templates/{id}/use", admin.page(TeamWords.page((req, s, v) -> form(req, s, v, null,
                FormErrors.NONE, 200))));
        site.post("/admin/templates/{id}/use", admin.action(TeamWords.action(this::send)));
    }

    private Response send(Request req, Session s, AdminView v, Form form) {
        Templates.Detail d = templates.usable(s.principal(), req.pathId("id"));
        try {
            Body b = form.body();
            String title = b.optLine("title", 255).orElse(null);
            DrawableText.check("title", title, b::reject);
            List<Templates.SlotSigner> signers = new ArrayList<>();
            for (TemplateSlot slot : TemplatePage.slots(d)) {
                signers.add(signer(b, slot.slot()));
            }
            Map<String, String> variables = new LinkedHashMap<>();
            d.variables().forEach(f -> b.optString(variable(f)).ifPresent(value -> variables.put(f.variableKey(), value)));
            b.check();
            Templates.Created made = templates.createDocument(s.principal(), d.template().id(),
                    new Templates.NewDocumentRequest(title, variables, signers, true, null, ExternalRef.NONE,
                            Optional.empty()), AdminRoutes.actor(req, s));
            return AdminView.redirect("/admin/documents/" + made.detail().document().id(), "templates_sent");
        } catch (Refusal r) {
            if (r.kind() == Refusal.Kind.NOT_FOUND || r.kind() == Refusal.Kind.FORBIDDEN) {
                throw r;
            }
            return form(req, s, v, form, FormErrors.of(r, v), r.status());
        }
    }

    /** One recipient's entries, checked as the REST interface checks a slot's signer. */
    private static Templates.SlotSigner signer(Body b, int slot) {
        String name = b.requireLine(entry(slot, "name"), 255);
        DrawableText.check(entry(slot, "name"), name, b::reject);
        String email = b.requireString(entry(slot, "email"));
        if (email != null && !EmailAddress.isValid(email.strip())) {
            b.reject(entry(slot, "email"), "email is not a valid email address.");
        }
        return new Templates.SlotSigner(name, email == null ? null : email.strip(), null, null, false,
                Signer.Verification.NONE, null);
    }

    private static String entry(int slot, String what) {
        return "signer" + slot + "_" + what;
    }

    /** A variable's entry is named as the service names a refused value of it, so its words land beside it. */
    private static String variable(TemplateField f) {
        return "variables." + f.variableKey();
    }

    /** @param filled the form as posted, to show again after a refusal; null for an empty one */
    private Response form(Request req, Session s, AdminView v, Form filled, FormErrors errors, int status) {
        Templates.Detail d = templates.usable(s.principal(), req.pathId("id"));
        List<String> shown = new ArrayList<>(List.of("title"));
        List<Html> recipients = new ArrayList<>();
        for (TemplateSlot slot : TemplatePage.slots(d)) {
            String name = entry(slot.slot(), "name");
            String email = entry(slot.slot(), "email");
            shown.addAll(List.of(name, email));
            recipients.add(Html.of("<fieldset>\n<legend>{}</legend>\n{}{}</fieldset>\n",
                    v.t("templates.recipient_role", slot.slot(), v.m.get("role." + slot.role().wire())),
                    errors.input(v, name, name, v.t("templates.recipient_name"), "text", value(filled, name), true),
                    errors.input(v, email, email, v.t("templates.recipient_email"), "email", value(filled, email), true)));
        }
        Html variables = d.variables().stream().map(f -> {
            shown.add(variable(f));
            return errors.input(v, "var-" + f.variableKey(), variable(f), f.name().isEmpty() ? f.variableKey() : f.name(),
                    "text", value(filled, variable(f)), false);
        }).collect(Html.joining());
        Html variablesPart = variables.isEmpty() ? Html.EMPTY : Html.of("<fieldset>\n<legend>{}</legend>\n{}</fieldset>\n",
                v.t("templates.variables"), variables);
        Html body = Html.of("{}<form method=\"post\" action=\"/admin/templates/{}/use\" class=\"form panel\">\n{}{}{}{}"
                + "<button type=\"submit\" class=\"btn btn-primary\" id=\"send-from-template\">{}</button>\n</form>\n",
                errors.summary(v, shown), d.template().id(), AdminView.csrf(s),
                errors.input(v, "document-title", "title", v.t("templates.document_title"), "text", value(filled, "title"),
                        false), Html.join(recipients), variablesPart, v.t("templates.send"));
        return v.page(status, s, "templates", v.m.get("templates.use_title", d.template().name()), req, body);
    }

    private static String value(Form filled, String name) {
        return filled == null ? "" : Optional.ofNullable(filled.value(name)).orElse("");
    }
}
