package org.signet.web.admin;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.http.EntityTags;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.text.Html;
import org.signet.text.Wire;

/**
 * Each recipient's step on a document's page (not invited yet, invited, opened, signed, declined) and the small JSON
 * the page's script {@code admin/follow.js} polls while the document is out, so the page follows it without a
 * reload. The answer carries an ETag of its own bytes: an unchanged document costs a 304 and no body. Ownership as
 * the page's, refusals in the error envelope since a script reads them.
 */
final class DocumentProgress {
    /** How often the page asks, in milliseconds: soon enough to see a signature land, rare enough to cost little. */
    static final int EVERY_MILLIS = 3000;

    private final Documents documents;

    DocumentProgress(Documents documents) {
        this.documents = documents;
    }

    void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents/{id}/progress", admin.page(this::progress));
    }

    /** A recipient's step as the service knows it, by the name of its words. */
    static String step(Signer p) {
        return switch (p.status()) {
            case PENDING -> p.invited() ? "invited" : "not_invited";
            case VIEWED -> "opened";
            case SIGNED -> "signed";
            case DECLINED -> "declined";
        };
    }

    /** The recipient's step as a badge the script finds by the recipient's id and rewrites when it changes. */
    static Html badge(AdminView v, Signer p) {
        String step = step(p);
        return Html.of("<span id=\"progress-{}\" class=\"badge\" data-progress=\"{}\">{}</span>", p.id(), step,
                v.t("follow.step." + step));
    }

    /**
     * For a document that is out: where the script asks, the region it announces changes in, the line saying the
     * page follows by itself (shown by the script) and, without script, that a reload shows the latest.
     */
    static Html watch(AdminView v, Document d) {
        if (!d.status().inProgress()) {
            return Html.EMPTY;
        }
        return Html.of("<div id=\"progress-watch\" data-progress-url=\"/admin/documents/{}/progress\" data-every=\"{}\">\n"
                + "<p id=\"progress-auto\" class=\"muted\" hidden=\"hidden\">{}</p>\n"
                + "<noscript><p class=\"muted\">{}</p></noscript>\n"
                + "<p id=\"progress-live\" class=\"visually-hidden\" role=\"status\" aria-live=\"polite\"></p>\n</div>\n",
                d.id(), EVERY_MILLIS, v.t("follow.auto"), v.t("follow.reload"));
    }

    private Response progress(Request req, Session s, AdminView v) {
        try {
            DocumentDetail detail = documents.detail(s.principal(), req.pathId("id"));
            byte[] body = Json.write(answer(v, detail)).getBytes(StandardCharsets.UTF_8);
            return EntityTags.answer(req, Response.JSON, body, EntityTags.of(body))
                    .header("Cache-Control", "private, no-cache").header("Vary", "Accept-Language");
        } catch (Refusal r) {
            return AdminRoutes.jsonRefusal(r);
        }
    }

    /** The state and each recipient's step, with the words the script shows and announces, in the page's language. */
    private static Map<String, Object> answer(AdminView v, DocumentDetail detail) {
        Document d = detail.document();
        String state = v.m.get("state." + d.status().wire());
        List<Map<String, Object>> signers = detail.signers().stream().map(p -> {
            String label = v.m.get("follow.step." + step(p));
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("id", Wire.id(p.id()));
            one.put("step", step(p));
            one.put("label", label);
            one.put("said", v.m.get("follow.signer_now", p.name(), label));
            return one;
        }).toList();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("state", d.status().wire());
        answer.put("state_label", state);
        answer.put("open", d.status().inProgress());
        answer.put("said", v.m.get(d.status().inProgress() ? "follow.document_now" : "follow.document_ended", state));
        answer.put("signers", signers);
        return answer;
    }
}
