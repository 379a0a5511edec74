package org.signet.service;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.signet.domain.Document;
import org.signet.domain.Language;
import org.signet.domain.QueuedAttachment;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.mail.MailQueue;
import org.signet.mail.MessageTemplates;
import org.signet.mail.SigningLinks;
import org.signet.store.UserStore;
import org.signet.text.FileNames;
import org.signet.text.Messages;
import org.signet.text.Wire;

/**
 * The messages Signet mails (see docs/api/mail.md, Messages), queued in the caller's transaction. Templates live in resources; this class
 * only chooses the template and its language and fills its variables. A PIN is never among them.
 * A signer is written to in their own language, else the site's; a document's owner in the site's.
 */
public final class Notifications {
    private final MailQueue queue;
    private final UserStore users;
    private final Wire wire;
    private final Language siteLanguage;

    public Notifications(MailQueue queue, UserStore users, Wire wire, Language siteLanguage) {
        this.queue = queue;
        this.users = users;
        this.wire = wire;
        this.siteLanguage = siteLanguage;
    }

    /** An invitation to sign; for an approver a request to review and approve; for a viewer a view-only link. */
    public long invite(Document d, Signer s) {
        String template = switch (s.role()) {
            case APPROVER -> "approval_request";
            case VIEWER -> "view_invitation";
            case SIGNER -> "invitation";
        };
        return queue.enqueue(template, languageOf(s), linkVars(d, s), s.email(), s.name(), d.id(), null);
    }

    /** A reminder, which the request that asked for it delivers at once (or the sender's next run). */
    public long remind(Document d, Signer s) {
        return queue.enqueueForDirectDelivery("reminder", languageOf(s), linkVars(d, s), s.email(), s.name(), d.id());
    }

    /**
     * A one-time code to open the signer's link, in their language. {@code code} is the placeholder the
     * sender replaces with the code as it delivers, so the queue never holds it.
     */
    public long emailCode(Document d, Signer s, String code) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", s.name());
        vars.put("sender_name", owner(d).name());
        vars.put("document_title", d.title());
        vars.put("code", code);
        return queue.enqueue("email_code", languageOf(s), vars, s.email(), s.name(), d.id(), null);
    }

    /**
     * Mails a public link's visitor the code that proves their address, in the words of a signer's emailed
     * code: {@code templateName} is what they are about to sign, {@code ownerId} whose link it is.
     */
    public long publicLinkCode(String templateName, long ownerId, String name, String email, String code) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", name);
        vars.put("sender_name", users.find(ownerId).orElseThrow().name());
        vars.put("document_title", templateName);
        vars.put("code", code);
        return queue.enqueue("email_code", siteLanguage, vars, email, name, null, null);
    }

    /** Tells the owner who declined (or, an approver, rejected) and why. */
    public long declined(Document d, Signer s, String reason) {
        User owner = owner(d);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", owner.name());
        vars.put("document_title", d.title());
        vars.put("signer_name", s.name());
        vars.put("signer_email", s.email());
        vars.put("decline_reason", reason);
        vars.put("document_id", Long.toString(d.id()));
        String template = s.role() == Signer.Role.APPROVER ? "rejected" : "declined";
        return queue.enqueue(template, siteLanguage, vars, owner.email(), owner.name(), d.id(), null);
    }

    /**
     * Tells the owner that {@code from} handed their place to {@code to}, and why. Sent to the owner only:
     * the new person has their own invitation, and the one who handed over knows.
     */
    public long delegated(Document d, Signer from, Signer to, String reason) {
        User owner = owner(d);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", owner.name());
        vars.put("document_title", d.title());
        vars.put("signer_name", from.name());
        vars.put("signer_email", from.email());
        vars.put("new_signer_name", to.name());
        vars.put("new_signer_email", to.email());
        vars.put("delegation_reason", reason);
        vars.put("document_id", Long.toString(d.id()));
        return queue.enqueue("delegated", siteLanguage, vars, owner.email(), owner.name(), d.id(), null);
    }

    /** The finished document, attached, to one party. */
    public long completed(Document d, Signer s, long signedFileId) {
        return completed(d, s.email(), s.name(), languageOf(s), signedFileId);
    }

    /** The finished document, attached, to its owner. */
    public long completedToOwner(Document d, User owner, long signedFileId) {
        return completed(d, owner.email(), owner.name(), siteLanguage, signedFileId);
    }

    private long completed(Document d, String email, String name, Language language, long signedFileId) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", name);
        vars.put("sender_name", owner(d).name());
        vars.put("document_title", d.title());
        QueuedAttachment pdf = new QueuedAttachment(FileNames.sealed(d.title()), "application/pdf", signedFileId);
        return queue.enqueue("completed", language, vars, email, name, d.id(), pdf);
    }

    /** Tells the owner that sealing gave up, with the cause, so a finished document is never silently stuck. */
    public long sealFailed(Document d, String error) {
        User owner = owner(d);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", owner.name());
        vars.put("document_title", d.title());
        vars.put("seal_error", error);
        vars.put("document_id", Long.toString(d.id()));
        return queue.enqueue("seal_failed", siteLanguage, vars, owner.email(), owner.name(), d.id(), null);
    }

    public User owner(Document d) {
        return users.find(d.ownerId()).orElseThrow();
    }

    private Language languageOf(Signer s) {
        return s.language() != null ? s.language() : siteLanguage;
    }

    private Map<String, String> linkVars(Document d, Signer s) {
        Messages lines = Messages.of(MessageTemplates.LINES, languageOf(s));
        String sender = owner(d).name();
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("recipient_name", s.name());
        vars.put("sender_name", sender);
        vars.put("document_title", d.title());
        // The token is a credential: the queue keeps a placeholder, the sender puts the link in.
        vars.put("link", SigningLinks.placeholder(s.id()));
        vars.put("expires_line", d.expiresAt() == null ? "" : expiresLine(lines, d.expiresAt()));
        // Says that the link is guarded, never the PIN: the sender shares that by another channel.
        String access = s.pinHash() != null ? lines.get("access_line.pin", sender)
                : s.requireLogin() ? lines.get("access_line.login") : "";
        if (s.verification() == Signer.Verification.EMAIL_CODE) {
            access = (access + " " + lines.get("access_line.email_code")).strip();
        }
        vars.put("access_line", access);
        // The sender's own words under a line that says whose they are: a paragraph of the HTML body (escaped
        // there, as every value), and in the text body a paragraph that leaves no gap when there is none.
        String message = d.sendMessage() == null ? "" : lines.get("message_line", sender) + "\n" + d.sendMessage();
        vars.put("message_line", message);
        vars.put("message_block", message.isEmpty() ? "" : message + "\n\n");
        return vars;
    }

    /** When the request expires, as people write dates and times in the recipient's language, in the site's zone. */
    private String expiresLine(Messages lines, long epochSeconds) {
        ZonedDateTime at = Instant.ofEpochSecond(epochSeconds).atZone(wire.zone());
        Locale locale = lines.language().locale();
        return lines.get("expires_line", DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG).withLocale(locale).format(at),
                DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(locale).format(at), wire.zone().getId());
    }
}
