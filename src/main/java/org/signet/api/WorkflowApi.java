package org.signet.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.Document;
import org.signet.domain.Signer;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.mail.MailSender;
import org.signet.service.Workflow;
import org.signet.text.Wire;

/** send, remind and expire (see docs/api/workflow.md, Sending; Reminders; Expiry). */
public final class WorkflowApi {
    /** {@code .../remind}: optionally the one signer to remind. */
    private static final Keys REMIND = Keys.of("signer_id");
    /** {@code .../send}: optionally a message to the recipients. */
    private static final Keys SEND = Keys.of("message");

    private final Workflow workflow;
    private final MailSender mail;

    public WorkflowApi(Workflow workflow, MailSender mail) {
        this.workflow = workflow;
        this.mail = mail;
    }

    public void routes(Router r) {
        r.post("/documents/{id}/send", this::send);
        r.post("/documents/{id}/remind", this::remind);
        r.post("/documents/{id}/expire", this::expire);
    }

    private Response send(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(SEND);
        Optional<String> message = b.optString("message");
        b.check();
        // Viewers of an open group are invited too, so count invitations rather than remindable signers.
        Workflow.Sent sent = workflow.send(req.caller().principal(), id, message.orElse(null), Actors.of(req));
        return Response.ok(Json.object("sent", true, "message",
                "Document sent; " + sent.invited() + " recipient(s) invited by email."));
    }

    /** Reminders are handed to the mail server at once, so the answer can say which could not be. */
    private Response remind(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(REMIND);
        Optional<Long> only = b.optLong("signer_id", 1, Long.MAX_VALUE);
        b.check();
        Map<Signer, Long> queued = workflow.remind(req.caller().principal(), id, only, Actors.of(req));
        Map<Long, Boolean> delivered = mail.deliverNow(queued.values());
        List<String> reminded = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        queued.forEach((s, outboxId) -> (delivered.getOrDefault(outboxId, false) ? reminded : failed)
                .add(Wire.id(s.id())));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reminded", reminded);
        out.put("failed", failed);
        out.put("message", reminded.size() + " reminder(s) sent" + (failed.isEmpty() ? "."
                : "; " + failed.size() + " could not be delivered yet and will be retried."));
        return Response.ok(out);
    }

    private Response expire(Request req) {
        long id = req.pathId("id");
        req.emptyJson();
        Document expired = workflow.expire(req.caller().principal(), id, Actors.of(req));
        return Response.ok(Json.object("expired", true, "document",
                Json.object("id", Wire.id(expired.id()), "status", expired.status().wire())));
    }
}
