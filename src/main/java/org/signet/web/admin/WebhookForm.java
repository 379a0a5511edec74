package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.util.List;
import org.signet.domain.Webhook;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Webhooks;
import org.signet.http.Form;

/** The form that creates or edits a webhook: its URL, the events it wants (or all), and whether it is active. */
final class WebhookForm {
    private WebhookForm() {}

    /** @param w the webhook being edited, or null for a new one */
    static String render(AdminView v, Session s, String action, Webhook w, String submitKey) {
        boolean all = w == null || w.events().contains(Webhook.ALL);
        StringBuilder boxes = new StringBuilder(checkbox("event-all", "events", Webhook.ALL, all,
                v.t("webhooks.all_events")));
        for (String e : WebhooksPage.events()) {
            boxes.append(checkbox("event-" + e.replace('.', '-'), "events", e, w != null && w.events().contains(e), esc(e)));
        }
        boolean active = w == null || w.active();
        return "<form method=\"post\" action=\"" + esc(action) + "\" class=\"form\">\n" + AdminView.csrf(s)
                + "<label for=\"webhook-url\">" + v.t("webhooks.url") + "</label>\n"
                + "<input id=\"webhook-url\" name=\"url\" type=\"url\" maxlength=\"2000\" required=\"required\" value=\""
                + esc(w == null ? "" : w.url()) + "\" />\n"
                + "<fieldset class=\"events\">\n<legend>" + v.t("webhooks.events") + "</legend>\n" + boxes + "</fieldset>\n"
                + checkbox("webhook-active", "active", "1", active, v.t("webhooks.active"))
                + "<button type=\"submit\" class=\"btn btn-primary\">" + v.t(submitKey) + "</button>\n</form>\n";
    }

    private static String checkbox(String id, String name, String value, boolean checked, String label) {
        return "<div class=\"choice\"><input type=\"checkbox\" id=\"" + id + "\" name=\"" + name + "\" value=\""
                + esc(value) + "\"" + (checked ? " checked=\"checked\"" : "") + " /> <label for=\"" + id + "\">" + label
                + "</label></div>\n";
    }

    /** The settings a posted form asks for; ticking "all events" wins over single ones. */
    static Webhooks.Settings settings(AdminView v, Form form) {
        String url = form.value("url");
        if (url == null || url.isBlank()) {
            throw org.signet.error.Refusal.missingParams(List.of("url"));
        }
        List<String> events = form.values("events");
        if (events.isEmpty()) {
            throw WebhooksPage.noEvents(v);
        }
        if (events.contains(Webhook.ALL)) {
            events = List.of(Webhook.ALL);
        }
        return new Webhooks.Settings(url.strip(), events, form.checked("active"));
    }
}
