package org.signet.web.admin;

import java.util.ArrayList;
import java.util.List;
import org.signet.domain.Webhook;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Webhooks;
import org.signet.http.Form;
import org.signet.text.Html;

/** The form that creates or edits a webhook: its URL, the events it wants (or all), and whether it is active. */
final class WebhookForm {
    private WebhookForm() {}

    /** @param w the webhook being edited, or null for a new one */
    static Html render(AdminView v, Session s, String action, Webhook w, String submitKey) {
        boolean all = w == null || w.events().contains(Webhook.ALL);
        List<Html> boxes = new ArrayList<>(List.of(checkbox("event-all", "events", Webhook.ALL, all,
                v.t("webhooks.all_events"))));
        for (String e : WebhooksPage.events()) {
            boxes.add(checkbox("event-" + e.replace('.', '-'), "events", e, w != null && w.events().contains(e), e));
        }
        boolean active = w == null || w.active();
        return Html.of("<form method=\"post\" action=\"{}\" class=\"form\">\n{}"
                + "<label for=\"webhook-url\">{}</label>\n"
                + "<input id=\"webhook-url\" name=\"url\" type=\"url\" maxlength=\"2000\" required=\"required\" value=\"{}\" />\n"
                + "<fieldset class=\"events\">\n<legend>{}</legend>\n{}</fieldset>\n{}"
                + "<button type=\"submit\" class=\"btn btn-primary\">{}</button>\n</form>\n", action, AdminView.csrf(s),
                v.t("webhooks.url"), w == null ? "" : w.url(), v.t("webhooks.events"), Html.join(boxes),
                checkbox("webhook-active", "active", "1", active, v.t("webhooks.active")), v.t(submitKey));
    }

    /** @param label text, or markup when it is {@link Html} */
    private static Html checkbox(String id, String name, String value, boolean checked, Object label) {
        return Html.of("<div class=\"choice\"><input type=\"checkbox\" id=\"{}\" name=\"{}\" value=\"{}\"{} />"
                + " <label for=\"{}\">{}</label></div>\n", id, name, value,
                checked ? Html.trusted(" checked=\"checked\"") : Html.EMPTY, id, label);
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
