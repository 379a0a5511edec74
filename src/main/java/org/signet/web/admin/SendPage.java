package org.signet.web.admin;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.DocumentPatch;
import org.signet.domain.Field;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.SendMessage;
import org.signet.service.Workflow;
import org.signet.text.Html;

/**
 * The last step of a draft: its recipients in signing order with their fields, an expiry day and automatic reminders
 * (the document's {@code expires_at} and {@code reminder_interval_days}, as a PUT sets them), then send with an
 * optional message to the recipients, as {@code POST /documents/{id}/send} does, or keep it as a draft for later. A refused send (no recipient, a signer
 * without a signature field, ...) answers this page again with the words beside what it concerns, nothing changed.
 */
final class SendPage implements AdminRoutes.Section {
    /** The reminder intervals offered, in days, as the REST interface takes from 1 to 30. */
    private static final List<Integer> REMINDER_DAYS = List.of(1, 2, 3, 5, 7, 14, 30);

    private final Documents documents;
    private final Workflow workflow;
    private final ZoneId zone;

    SendPage(Documents documents, Workflow workflow, ZoneId zone) {
        this.documents = documents;
        this.workflow = workflow;
        this.zone = zone;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents/{id}/send", admin.page((req, s, v) -> render(req, s, v, 200, null, null)));
        site.post("/admin/documents/{id}/send", admin.action(this::send));
    }

    /** What the form asked for, read before anything is changed. */
    private record Timing(Long expiresAt, Integer reminderDays) {}

    private Response send(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        RecipientsPage.requireDraft(documents.detail(s.principal(), id).document());
        boolean later = "later".equals(form.value("then"));
        try {
            Timing timing = timing(form);
            if (!later) {
                // Sent first: a refused send leaves the draft as it was, its expiry and reminders too.
                workflow.send(s.principal(), id, form.value("message"), AdminRoutes.actor(req, s));
            }
            documents.update(s.principal(), id, new DocumentPatch(null, true, timing.expiresAt(), true,
                    timing.reminderDays(), null, false, null, null, null, false, null), AdminRoutes.actor(req, s));
            return AdminView.redirect("/admin/documents/" + id, later ? "compose_saved" : "compose_sent");
        } catch (Refusal r) {
            if (r.kind() == Refusal.Kind.NOT_FOUND || r.kind() == Refusal.Kind.FORBIDDEN) {
                throw r;
            }
            return render(req, s, v, r.status(), r, form);
        }
    }

    private Timing timing(Form form) {
        String day = Optional.ofNullable(form.value("expires_on")).orElse("").strip();
        String every = Optional.ofNullable(form.value("reminder_interval_days")).orElse("").strip();
        Long expiresAt = null;
        if (!day.isEmpty()) {
            try {
                LocalDate last = LocalDate.parse(day);
                if (!last.isAfter(LocalDate.now(zone))) {
                    throw Refusal.invalidParam("expires_on", "expires_on must be a day after today.");
                }
                // The link works all of its last day, where the pages show times.
                expiresAt = last.plusDays(1).atStartOfDay(zone).toEpochSecond() - 1;
            } catch (DateTimeParseException e) {
                throw Refusal.invalidParam("expires_on", "expires_on must be a day as YYYY-MM-DD.");
            }
        }
        if (!every.isEmpty() && !REMINDER_DAYS.contains(parse(every))) {
            throw Refusal.invalidParam("reminder_interval_days", "reminder_interval_days is not one of those offered.");
        }
        return new Timing(expiresAt, every.isEmpty() ? null : parse(every));
    }

    private static Integer parse(String digits) {
        return digits.matches("\\d{1,2}") ? Integer.valueOf(digits) : null;
    }

    private Response render(Request req, Session s, AdminView v, int status, Refusal refused, Form posted) {
        long id = req.pathId("id");
        DocumentDetail detail = documents.detail(s.principal(), id);
        Document d = detail.document();
        RecipientsPage.requireDraft(d);
        Set<String> needing = refused != null && refused.data().get("signer_ids") instanceof List<?> ids
                ? Set.copyOf(ids.stream().map(String::valueOf).toList()) : Set.of();
        Set<String> concerned = refused == null ? Set.of() : RefusalWords.params(refused);
        Html alert = refused == null ? Html.EMPTY : Html.of("<div class=\"error\" role=\"alert\" id=\"send-error\">{}</div>\n",
                RefusalWords.words(v, "", refused));
        Html body = Html.join(List.of(DraftSteps.render(v, id, DraftSteps.Step.SEND), alert,
                review(v, detail, needing), timingForm(v, s, d, posted, refused, concerned)));
        return v.page(status, s, "documents", v.m.get("compose.send.title", d.title()), req, body);
    }

    /** The recipients in signing order, those of one number marked as signing together, each with their fields. */
    private static Html review(AdminView v, DocumentDetail detail, Set<String> needing) {
        if (detail.signers().isEmpty()) {
            return Html.of("<p class=\"panel\" id=\"no-recipients\">{} <a href=\"{}\">{}</a></p>\n",
                    v.t("compose.recipients.none"), RecipientsPage.path(detail.document().id()), v.t("compose.step.recipients"));
        }
        List<Html> rows = new ArrayList<>();
        for (Signer p : detail.signers()) {
            List<Field> theirs = detail.fields().stream().filter(f -> f.signerId() == p.id()).toList();
            Html problem = needing.contains(Long.toString(p.id()))
                    ? RefusalWords.beside("recipient-" + p.id(), v.t("compose.send.needs_signature")) : Html.EMPTY;
            rows.add(Html.of("<tr id=\"review-{}\"><td class=\"num\">{}</td><td>{}<div class=\"muted\">{}</div>{}</td>"
                    + "<td>{}</td><td>{}</td></tr>\n", p.id(), v.number(p.signingOrder()), p.name(), p.email(), problem,
                    v.t("role." + p.role().wire()), fields(v, theirs)));
        }
        // No landmark of its own: the table's scrolling region already carries the same name.
        return Html.of("<section class=\"panel\">\n<h2 id=\"review-heading\">{}</h2>\n"
                + "<p class=\"hint\">{}</p>\n{}<table class=\"table\" id=\"review\">\n<caption class=\"visually-hidden\">{}"
                + "</caption>\n<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n</section>\n",
                v.t("compose.send.review"), v.t("compose.send.together"), v.tableWrap("compose.send.review"),
                v.t("compose.send.review"), v.th("document.order"), v.th("document.signer"), v.th("document.role"),
                v.th("compose.send.fields"), Html.join(rows));
    }

    private static Html fields(AdminView v, List<Field> theirs) {
        if (theirs.isEmpty()) {
            return v.t("compose.send.no_fields");
        }
        return Html.of("<ul class=\"field-list\">\n{}</ul>\n", theirs.stream().map(f -> Html.of("<li>{}</li>\n",
                v.t(f.required() ? "compose.send.field_required" : "compose.send.field_optional", v.t("field." + f.type().wire()),
                        v.number(f.pageNumber())))).collect(Html.joining()));
    }

    private Html timingForm(AdminView v, Session s, Document d, Form posted, Refusal refused, Set<String> concerned) {
        String day = posted != null ? Optional.ofNullable(posted.value("expires_on")).orElse("")
                : d.expiresAt() == null ? "" : java.time.Instant.ofEpochSecond(d.expiresAt()).atZone(zone).toLocalDate().toString();
        String every = posted != null ? Optional.ofNullable(posted.value("reminder_interval_days")).orElse("")
                : d.reminderIntervalDays() == null ? "" : d.reminderIntervalDays().toString();
        List<Html> options = new ArrayList<>(List.of(Html.of("<option value=\"\">{}</option>\n", v.t("compose.send.no_reminders"))));
        for (int n : REMINDER_DAYS) {
            options.add(Html.of("<option value=\"{}\"{}>{}</option>\n", n, Integer.toString(n).equals(every)
                    ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, v.t("compose.send.every_days", v.number(n))));
        }
        return Html.of("<form method=\"post\" action=\"/admin/documents/{}/send\" class=\"form panel\" id=\"send-form\">\n{}"
                + "<label for=\"expires-on\">{}</label>\n<input id=\"expires-on\" name=\"expires_on\" type=\"date\" min=\"{}\" "
                + "value=\"{}\" aria-describedby=\"expires-on-hint{}\"{} />\n<p class=\"hint\" id=\"expires-on-hint\">{}</p>\n{}"
                + "<label for=\"reminders\">{}</label>\n<select id=\"reminders\" name=\"reminder_interval_days\"{}>\n{}"
                + "</select>\n{}{}<div class=\"step-buttons\">\n"
                + "<a class=\"btn btn-secondary\" href=\"/admin/documents/{}/fields\">{}</a>\n"
                + "<button type=\"submit\" class=\"btn btn-secondary\" name=\"then\" value=\"later\" id=\"save-later\">{}</button>\n"
                + "<button type=\"submit\" class=\"btn btn-primary\" name=\"then\" value=\"send\" id=\"send-now\">{}</button>\n"
                + "</div>\n</form>\n", d.id(), AdminView.csrf(s), v.t("compose.send.expires"),
                LocalDate.now(zone).plusDays(1).toString(), day, concerned.contains("expires_on") ? " expires_on-error" : "",
                described(concerned.contains("expires_on")), v.t("compose.send.expires_hint"),
                concerned.contains("expires_on") ? RefusalWords.beside(v, "expires_on", refused) : Html.EMPTY,
                v.t("compose.send.reminders"), concerned.contains("reminder_interval_days")
                        ? Html.trusted(" aria-invalid=\"true\" aria-describedby=\"reminder_interval_days-error\"") : Html.EMPTY,
                Html.join(options), concerned.contains("reminder_interval_days")
                        ? RefusalWords.beside(v, "reminder_interval_days", refused) : Html.EMPTY,
                messageInput(v, posted, refused, concerned.contains("message")), d.id(), v.t("compose.back_fields"), v.t("compose.finish_later"), v.t("compose.send.send"));
    }

    /** The message the send puts in each invitation; a refused one is shown again, with the words beside it. */
    private static Html messageInput(AdminView v, Form posted, Refusal refused, boolean bad) {
        String typed = posted == null ? "" : Optional.ofNullable(posted.value("message")).orElse("");
        return Html.of("<label for=\"send-message\">{}</label>\n<textarea id=\"send-message\" name=\"message\" rows=\"4\" "
                + "maxlength=\"{}\" aria-describedby=\"send-message-hint{}\"{}>{}</textarea>\n"
                + "<p class=\"hint\" id=\"send-message-hint\">{}</p>\n{}", v.t("compose.message"), SendMessage.MAX,
                bad ? " message-error" : "", described(bad), typed, v.t("compose.message_hint"),
                bad ? RefusalWords.beside(v, "message", refused) : Html.EMPTY);
    }

    private static Html described(boolean bad) {
        return bad ? Html.trusted(" aria-invalid=\"true\"") : Html.EMPTY;
    }
}
