package org.signet.web.admin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.DocumentPatch;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.DraftRecipients;
import org.signet.service.Workflow;
import org.signet.text.Html;

/**
 * The recipients of a draft: each one's entry to edit, move up or down the signing order, or remove, a form to add
 * one, and whether recipients may hand their place over. Every change is a plain form through the services the
 * REST interface uses; a refused one answers the page again with the words beside the entry and the input it
 * concerns, nothing changed.
 */
final class RecipientsPage implements AdminRoutes.Section {
    private final Documents documents;
    private final Workflow workflow;
    private final DraftRecipients recipients;
    private final FoundFields found;

    RecipientsPage(Documents documents, Workflow workflow, AdminRoutes.Drafting drafting) {
        this.documents = documents;
        this.workflow = workflow;
        this.recipients = drafting.recipients();
        this.found = drafting.found();
    }

    static String path(long documentId) {
        return "/admin/documents/" + documentId + "/recipients";
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents/{id}/recipients", admin.page((req, s, v) -> render(req, s, v, 200, null)));
        site.post("/admin/documents/{id}/recipients", admin.action(this::add));
        site.post("/admin/documents/{id}/recipients/{signer_id}", admin.action(this::change));
        site.post("/admin/documents/{id}/recipients/{signer_id}/move", admin.action(this::move));
        site.post("/admin/documents/{id}/recipients/{signer_id}/remove", admin.action(this::remove));
        site.post("/admin/documents/{id}/hand-over", admin.action(this::handOver));
        site.post("/admin/documents/{id}/found", admin.action(this::keepFound));
    }

    /** The last post of one entry, refused: which entry ("new" or a recipient's id), what it said, and why. */
    private record Refused(String key, Map<String, String> values, Refusal why) {}

    private Response add(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        requireDraft(documents.detail(s.principal(), id).document());
        try {
            Signer added = workflow.addSigner(s.principal(), id, RecipientInput.read(form), AdminRoutes.actor(req, s));
            return Response.redirect(path(id) + "?notice=recipient_added#recipient-" + added.id());
        } catch (Refusal r) {
            return refused(req, s, v, new Refused("new", posted(form), r));
        }
    }

    private Response change(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        long signerId = req.pathId("signer_id");
        requireDraft(documents.detail(s.principal(), id).document());
        try {
            recipients.change(s.principal(), id, signerId, RecipientInput.read(form), AdminRoutes.actor(req, s));
            return Response.redirect(path(id) + "?notice=recipient_saved#recipient-" + signerId);
        } catch (Refusal r) {
            return refused(req, s, v, new Refused(Long.toString(signerId), posted(form), r));
        }
    }

    private Response move(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        long signerId = req.pathId("signer_id");
        DraftRecipients.Move way = "up".equals(form.value("direction")) ? DraftRecipients.Move.UP
                : DraftRecipients.Move.DOWN;
        recipients.move(s.principal(), id, signerId, way, AdminRoutes.actor(req, s));
        return Response.redirect(path(id) + "?notice=recipient_moved#recipient-" + signerId);
    }

    private Response remove(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        recipients.remove(s.principal(), id, req.pathId("signer_id"), AdminRoutes.actor(req, s));
        return Response.redirect(path(id) + "?notice=recipient_removed");
    }

    /** Places the fields found in the file for the recipients chosen; a refusal is said in their panel. */
    private Response keepFound(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        requireDraft(documents.detail(s.principal(), id).document());
        try {
            found.place(s.principal(), id, FoundFieldsPanel.mapping(form, documents.foundFields(s.principal(), id)),
                    AdminRoutes.actor(req, s));
            return Response.redirect(path(id) + "?notice=found_kept#" + FoundFieldsPanel.ID);
        } catch (Refusal r) {
            return refused(req, s, v, new Refused(FoundFieldsPanel.ID, Map.of(), r));
        }
    }

    /** Whether recipients may hand their place over: the document's {@code allow_delegation}, as a PUT sets it. */
    private Response handOver(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        documents.update(s.principal(), id, new DocumentPatch(null, false, null, false, null, null, false, null, null,
                form.checked("allow_delegation"), false, null), AdminRoutes.actor(req, s));
        return Response.redirect(path(id) + "?notice=hand_over_saved#hand-over");
    }

    static void requireDraft(Document d) {
        if (d.status() != DocumentStatus.DRAFT) {
            throw Refusal.invalid("invalid_state", "Only a draft's recipients can be changed here; this document is "
                    + d.status().wire() + ".");
        }
    }

    private static Map<String, String> posted(Form form) {
        Map<String, String> values = new HashMap<>();
        for (String name : List.of("name", "email", "role", "signing_order", "language")) {
            values.put(name, form.value(name));
        }
        for (String gate : RecipientForm.GATES) {
            values.put(gate, form.checked(gate) ? "1" : "");
        }
        return values;
    }

    /**
     * The page again after a refused post of an entry; the document was found a draft the session may change before,
     * so only a recipient gone meanwhile or a document sent meanwhile is said on the error page instead.
     */
    private Response refused(Request req, Session s, AdminView v, Refused refused) {
        Refusal r = refused.why();
        if (r.kind() == Refusal.Kind.NOT_FOUND || r.code().equals("invalid_state")) {
            throw r;
        }
        return render(req, s, v, r.status(), refused);
    }

    private Response render(Request req, Session s, AdminView v, int status, Refused refused) {
        long id = req.pathId("id");
        DocumentDetail detail = documents.detail(s.principal(), id);
        Document d = detail.document();
        requireDraft(d);
        List<Html> entries = new ArrayList<>();
        List<Signer> parties = detail.signers();
        for (int i = 0; i < parties.size(); i++) {
            entries.add(entry(v, s, d, parties, i, refused));
        }
        Html list = parties.isEmpty() ? Html.of("<p id=\"no-recipients\">{}</p>\n", v.t("compose.recipients.none"))
                : Html.of("<ol class=\"recipients\" id=\"recipients\">\n{}</ol>\n", Html.join(entries));
        RecipientForm fresh = refused != null && refused.key().equals("new")
                ? new RecipientForm("new", refused.values(), refused.why())
                : new RecipientForm("new", Map.of("signing_order", Integer.toString(nextOrder(parties))), null);
        Html body = Html.join(List.of(DraftSteps.render(v, id, DraftSteps.Step.RECIPIENTS), ComposeNotice.of(v, req),
                Html.of("<p class=\"hint\">{}</p>\n", v.t("compose.recipients.intro")), list,
                Html.of("<section class=\"panel\" aria-labelledby=\"add-recipient\">\n<h2 id=\"add-recipient\">{}</h2>\n{}"
                        + "</section>\n", v.t("compose.recipients.add"),
                        fresh.form(v, s, path(id), "compose.recipients.add_button")),
                FoundFieldsPanel.render(v, s, id, documents.foundFields(s.principal(), id), parties,
                        refused != null && refused.key().equals(FoundFieldsPanel.ID) ? refused.why() : null),
                handOverForm(v, s, d), next(v, id)));
        return v.page(status, s, "documents", v.m.get("compose.recipients.title", d.title()), req, body);
    }

    /** One recipient: who, where in the order, the buttons to move or remove them, and their inputs to edit. */
    private static Html entry(AdminView v, Session s, Document d, List<Signer> parties, int at, Refused refused) {
        Signer p = parties.get(at);
        String key = Long.toString(p.id());
        RecipientForm form = refused != null && refused.key().equals(key)
                ? new RecipientForm(key, withPin(refused.values(), p), refused.why())
                : new RecipientForm(key, RecipientForm.valuesOf(p), null);
        String base = path(d.id()) + "/" + p.id();
        Html up = at == 0 ? Html.EMPTY : move(v, s, base, "up", "compose.recipients.up", p);
        Html down = at == parties.size() - 1 ? Html.EMPTY : move(v, s, base, "down", "compose.recipients.down", p);
        Html remove = Html.of("<form method=\"post\" action=\"{}/remove\" class=\"inline-form\">\n{}"
                + "<button type=\"submit\" class=\"btn btn-danger\" id=\"remove-{}\">{}</button>\n</form>\n", base,
                AdminView.csrf(s), p.id(), v.t("compose.recipients.remove", p.name()));
        boolean open = refused != null && refused.key().equals(key);
        return Html.of("<li class=\"panel recipient\" id=\"recipient-{}\">\n<h2 class=\"recipient-name\">{}</h2>\n"
                + "<p class=\"muted\">{} · {} · {}</p>\n<div class=\"actions\">{}{}{}</div>\n"
                + "<details{}>\n<summary>{}</summary>\n{}</details>\n</li>\n", p.id(), p.name(), p.email(),
                v.t("role." + p.role().wire()), v.t("compose.recipients.order_is", v.number(p.signingOrder())), up, down,
                remove, open ? Html.trusted(" open=\"open\"") : Html.EMPTY, v.t("compose.recipients.edit", p.name()),
                form.form(v, s, base, "compose.recipients.save"));
    }

    private static Map<String, String> withPin(Map<String, String> posted, Signer p) {
        Map<String, String> values = new HashMap<>(posted);
        values.put("has_pin", p.pinHash() != null ? "1" : "");
        return values;
    }

    private static Html move(AdminView v, Session s, String base, String way, String labelKey, Signer p) {
        return Html.of("<form method=\"post\" action=\"{}/move\" class=\"inline-form\">\n{}"
                + "<input type=\"hidden\" name=\"direction\" value=\"{}\" />\n"
                + "<button type=\"submit\" class=\"btn btn-quiet\" id=\"{}-{}\">{}</button>\n</form>\n", base,
                AdminView.csrf(s), way, way, p.id(), v.t(labelKey, p.name()));
    }

    /** A new recipient signs after everyone so far unless the sender says otherwise. */
    private static int nextOrder(List<Signer> parties) {
        return Math.min(RecipientInput.MAX_ORDER, parties.stream().mapToInt(Signer::signingOrder).max().orElse(0) + 1);
    }

    private static Html handOverForm(AdminView v, Session s, Document d) {
        return Html.of("<form method=\"post\" action=\"/admin/documents/{}/hand-over\" class=\"form panel\" id=\"hand-over\">\n"
                + "{}<div class=\"choice\"><input type=\"checkbox\" id=\"allow-delegation\" name=\"allow_delegation\" "
                + "value=\"1\" aria-describedby=\"allow-delegation-hint\"{} /> <label for=\"allow-delegation\">{}</label></div>\n"
                + "<p class=\"hint\" id=\"allow-delegation-hint\">{}</p>\n"
                + "<button type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n", d.id(), AdminView.csrf(s),
                d.allowDelegation() ? Html.trusted(" checked=\"checked\"") : Html.EMPTY, v.t("compose.hand_over"),
                v.t("compose.hand_over_hint"), v.t("compose.hand_over_save"));
    }

    private static Html next(AdminView v, long id) {
        return Html.of("<nav class=\"step-buttons\" aria-label=\"{}\">\n<a class=\"btn btn-secondary\" href=\"/admin/documents/{}\">"
                + "{}</a>\n<a class=\"btn btn-primary\" id=\"next-fields\" href=\"/admin/documents/{}/fields\">{}</a>\n</nav>\n",
                v.t("compose.step_buttons"), id, v.t("compose.finish_later"), id, v.t("compose.next_fields"));
    }
}
