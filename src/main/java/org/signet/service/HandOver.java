package org.signet.service;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.EmailAddress;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.store.AuditStore;
import org.signet.store.SignerStore;

/**
 * A party's place handed to another person (see docs/api/workflow.md, Handing over), inside the
 * caller's transaction: the signer row keeps its id, role, order, fields and language and gets the new
 * person's name, email and a new link, with the {@code signer_delegated} audit event, the
 * {@code signer.delegated} webhook naming both people and, when the party handed over themselves, the
 * owner's mail. Inviting the new person is the workflow's, which knows whose turn it is.
 */
final class HandOver {
    /** Who takes the place over: a name of one line and an email address. */
    record Person(String name, String email) {}

    private final SignerStore signers;
    private final AuditStore audit;
    private final Notifications notify;
    private final WebhookEvents events;

    HandOver(SignerStore signers, AuditStore audit, Notifications notify, WebhookEvents events) {
        this.signers = signers;
        this.audit = audit;
        this.notify = notify;
        this.events = events;
    }

    /**
     * Gives {@code from}'s place to {@code to}; {@code reason} may be null when the owner does it, and
     * {@code tellOwner} mails the owner (pointless when the owner did it). Answers the place as it now is.
     */
    Signer apply(Document d, Signer from, Person to, String reason, Actor actor, boolean tellOwner) {
        if (!EmailAddress.isValid(to.email())) {
            throw Refusal.invalidParam("email", "email is not a valid email address.");
        }
        DrawableText.require("name", to.name());
        if (signers.emailTaken(d.id(), to.email())) {
            throw Refusal.invalid("duplicate_signer", "A signer with this email is already on the document.");
        }
        Signer after = signers.handOver(from.id(), from.status(), to.name(), to.email())
                .orElseThrow(() -> Refusal.conflict("already_completed",
                        "This link has already been used to sign or decline."));
        audit.record(d.id(), "signer_delegated", actor, Json.write(detail(from, after, reason)));
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("previous_signer_name", from.name());
        extra.put("previous_signer_email", from.email());
        extra.put("reason", reason);
        events.signer(d, after, "signer.delegated", extra);
        if (tellOwner) {
            notify.delegated(d, from, after, reason);
        }
        return after;
    }

    /** The trail's record of the hand-over: both people, and why when a reason was given. */
    private static Map<String, Object> detail(Signer from, Signer to, String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("from", Json.object("name", from.name(), "email", from.email()));
        m.put("to", Json.object("name", to.name(), "email", to.email()));
        if (reason != null) {
            m.put("reason", reason);
        }
        return m;
    }
}
