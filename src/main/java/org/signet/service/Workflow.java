package org.signet.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.signet.crypto.Passwords;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus.Trigger;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.FieldType;
import org.signet.domain.FileLayout;
import org.signet.domain.Language;
import org.signet.domain.NewField;
import org.signet.domain.NewSigner;
import org.signet.domain.Principal;
import org.signet.domain.Routing;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentFileStore;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.store.UserStore;

/**
 * The signing workflow: send, recall, expire, remind, adding signers, saving fields, showing a
 * signer's link, and inviting each group when its turn comes. Every operation reads the document once
 * inside one write transaction, asks {@link DocumentStatus#next} whether the change is allowed, and
 * writes the change, its audit events and its email together.
 */
public final class Workflow {
    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final DocumentFileStore documentFiles;
    private final AttachmentStore attachments;
    private final StoredFiles files;
    private final AuditStore audit;
    private final UserStore users;
    private final Notifications notify;
    private final WebhookEvents events;
    private final DocumentAccess access;
    private final HandOver handOver;

    /**
     * A signer to add, as the client gave it; the PIN in clear until it is hashed here, the language null
     * for the site's default.
     */
    public record SignerRequest(String name, String email, Signer.Role role, int signingOrder, boolean requireLogin,
            String pin, Signer.Verification verification, Language language) {}

    /**
     * Reads a fields payload against the document, its files (fields name one and a page inside it) and its
     * signers' ids, listing every problem at once.
     */
    @FunctionalInterface
    public interface FieldReader {
        List<NewField> read(Document d, FileLayout files, Set<Long> signerIds);
    }

    /** The fields as saved, with the files they lie on, which the answer names them by. */
    public record SavedFields(List<Field> fields, FileLayout files) {}

    /**
     * What the owner changes of a party: their language ({@code setsLanguage}, null for the site's
     * default) and, with {@code handOverTo}, who holds the place (see docs/api/workflow.md, Handing over),
     * with an optional {@code reason}.
     */
    public record SignerChange(boolean setsLanguage, Language language, String handOverName, String handOverEmail,
            String reason) {
        boolean handsOver() {
            return handOverEmail != null;
        }
    }

    /** A sent document and how many parties were invited by sending it. */
    public record Sent(Document document, int invited) {}

    public Workflow(DocumentStores s, UserStore users, Announcements out) {
        this.db = s.db();
        this.documents = s.documents();
        this.signers = s.signers();
        this.fields = s.fields();
        this.documentFiles = s.documentFiles();
        this.attachments = s.attachments();
        this.files = s.files();
        this.audit = s.audit();
        this.users = users;
        this.notify = out.mail();
        this.events = out.events();
        this.access = new DocumentAccess(s);
        this.handOver = new HandOver(signers, audit, notify, events);
    }

    /** Sends a draft: checks signers and signature fields, then invites the first group. */
    public Sent send(Principal p, long documentId, Actor actor) {
        return send(p, documentId, null, actor);
    }

    /**
     * The same with the sender's {@code message} (null or blank for none), which each invitation of this send
     * and its reminders carry (see docs/api/workflow.md, Sending); 400 naming {@code message} when it is not
     * text of at most {@link SendMessage#MAX} characters, and nothing is sent.
     */
    public Sent send(Principal p, long documentId, String message, Actor actor) {
        String checked = SendMessage.checked(message);
        return db.inTransaction(() -> send(access.require(p, documentId), checked, actor));
    }

    /** PUT /documents/{id} with a new status: send, recall or expire, inside the caller's transaction. */
    Document changeStatus(Document d, DocumentStatus to, Actor actor) {
        return switch (to) {
            case SENT -> send(d, null, actor).document();
            case DRAFT -> recall(d, actor);
            case EXPIRED -> expire(d, actor);
            default -> throw new IllegalArgumentException("not a status a client may set: " + to);
        };
    }

    private Sent send(Document d, String message, Actor actor) {
        if (d.status() != DocumentStatus.DRAFT) {
            throw invalidState("Only a draft can be sent; this document is " + d.status().wire() + ".");
        }
        List<Signer> parties = signers.forDocument(d.id());
        if (parties.isEmpty()) {
            throw Refusal.invalid("no_signers", "Add at least one signer before sending.");
        }
        requireSignatureFields(parties, fields.forDocument(d.id()));
        // Each send says its own words: a draft recalled and sent again without a message carries none.
        documents.setSendMessage(d.id(), message);
        Document sent = move(d, Trigger.SEND);
        audit.record(d.id(), "document_sent", actor, null);
        events.document(sent, "document.sent");
        return new Sent(sent, inviteOpenGroups(sent, parties, actor));
    }

    private static void requireSignatureFields(List<Signer> all, List<Field> placed) {
        List<String> missing = new ArrayList<>();
        for (Signer s : all) {
            boolean has = placed.stream().anyMatch(f -> f.signerId() == s.id() && f.required()
                    && (f.type() == FieldType.SIGNATURE || f.type() == FieldType.INITIALS));
            if (s.role() == Signer.Role.SIGNER && !has) {
                missing.add(Long.toString(s.id()));
            }
        }
        if (!missing.isEmpty()) {
            throw Refusal.invalid("missing_signature_fields",
                    "Every signer needs at least one required signature or initials field.",
                    Map.of("signer_ids", missing));
        }
    }

    /** Recall to draft while nobody has signed: links stop working until the document is sent again. */
    private Document recall(Document d, Actor actor) {
        if (signers.forDocument(d.id()).stream().anyMatch(Signer::acted)) {
            throw invalidState("The document cannot be recalled: a signer has already signed or declined.");
        }
        Document recalled = move(d, Trigger.RECALL);
        signers.resetForRecall(d.id());
        audit.record(d.id(), "document_recalled", actor, null);
        return recalled;
    }

    /**
     * Expires a document whose expires_at has passed (see docs/api/workflow.md, Expiry). Already expired: the same
     * answer again. Completed or declined: 400 invalid_state. Not yet due: 400 not_due.
     */
    public Document expire(Principal p, long documentId, Actor actor) {
        return db.inTransaction(() -> expire(access.require(p, documentId), actor));
    }

    /** The expiry job's way in: the same rule and audit event, acted by Signet itself. */
    public Document expireDue(long documentId) {
        return db.inTransaction(() -> expire(access.require(documentId), Actor.system()));
    }

    private Document expire(Document d, Actor actor) {
        if (d.status() == DocumentStatus.EXPIRED) {
            return d;
        }
        if (d.status().terminal()) {
            throw invalidState("A " + d.status().wire() + " document cannot expire.");
        }
        if (d.expiresAt() == null || d.expiresAt() > documents.now()) {
            throw Refusal.invalid("not_due", d.expiresAt() == null
                    ? "The document has no expiry time." : "The document's expiry time has not passed yet.");
        }
        Document expired = move(d, Trigger.EXPIRE);
        audit.record(d.id(), "document_expired", actor, null);
        events.document(expired, "document.expired");
        return expired;
    }

    /**
     * Adds a signer while the document is not terminal; one who joins a group that is already open
     * is invited at once.
     */
    public Signer addSigner(Principal p, long documentId, SignerRequest r, Actor actor) {
        // 310,000 rounds of PBKDF2 take a fifth of a second: before the transaction, not holding every writer up.
        String pinHash = r.pin() == null ? null : Passwords.hash(r.pin().toCharArray());
        return db.inTransaction(() -> {
            Document d = access.require(p, documentId);
            if (d.status().terminal()) {
                throw invalidState("Signers cannot be added to a " + d.status().wire() + " document.");
            }
            if (r.requireLogin()) {
                requireAskable(p, d, r.email());
            }
            if (signers.emailTaken(d.id(), r.email())) {
                throw Refusal.invalid("duplicate_signer", "A signer with this email is already on the document.");
            }
            // Nobody on a draft has acted (a document is recalled to draft only before anyone did), so
            // only a sent document needs its parties read: a draft's many signers are not read per add.
            if (d.status() != DocumentStatus.DRAFT) {
                requireTurnAfterActed(signers.forDocument(d.id()), r);
            }
            Signer added = signers.insert(new NewSigner(d.id(), r.name(), r.email(), r.role(), r.signingOrder(),
                    pinHash, r.requireLogin(), r.verification(), r.language()));
            audit.record(d.id(), "signer_added", actor, added.email());
            events.signer(d, added, "signer.added");
            if (d.status().inProgress() && inviteOpenGroups(d, signers.forDocument(d.id()), actor) > 0) {
                return signers.find(added.id()).orElseThrow();
            }
            return added;
        });
    }

    /**
     * A signer who must sign in as a host-site account: the account must exist, and an administrator's
     * password may be asked for only by an administrator's document, through an administrator's key.
     */
    void requireAskable(Principal p, Document d, String email) {
        User account = users.findByEmail(email).orElseThrow(() -> Refusal.invalidParam("require_wp_login",
                "require_wp_login needs an email that belongs to a user of this site."));
        boolean adminAsks = p.admin() && users.find(d.ownerId()).map(User::admin).orElse(false);
        if (!account.passwordAskableBy(adminAsks)) {
            throw new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "Only an administrator's key, on an "
                    + "administrator's document, may ask a signer to sign in as an administrator.", Map.of());
        }
    }

    /**
     * Nobody may be put before, or beside, a party who has already signed or approved: what they signed
     * was the document as it stood, with the parties before them.
     */
    private static void requireTurnAfterActed(List<Signer> parties, SignerRequest r) {
        OptionalInt first = Routing.firstOrderAfterActed(parties, r.role());
        if (first.isEmpty()) {
            throw Refusal.invalidParam("role", "An approver cannot be added once a signer has signed: "
                    + "approvers come before every signer.");
        }
        if (r.signingOrder() < first.getAsInt()) {
            throw Refusal.invalidParam("signing_order", "signing_order must be at least " + first.getAsInt()
                    + ", after every party who has already signed or approved.");
        }
    }

    /**
     * Changes a party as the owner asks, all or nothing. The language may change in any state of the
     * document: it only decides how later pages and emails speak to them. The place may be handed over
     * while the document is not finished and the party has not acted (400 {@code signer_already_acted}
     * after), whatever the document's {@code allow_delegation} says: the owner decides who signs.
     */
    public Signer changeSigner(Principal p, long documentId, long signerId, SignerChange c, Actor actor) {
        return db.inTransaction(() -> {
            Document d = access.require(p, documentId);
            Signer s = signerOf(d, signerId);
            if (c.setsLanguage()) {
                signers.setLanguage(s.id(), c.language());
                s = signers.find(s.id()).orElseThrow();
            }
            if (c.handsOver()) {
                if (s.acted()) {
                    throw Refusal.invalid("signer_already_acted", "The signer has already "
                            + s.status().wire() + ", so their place can no longer be handed over.");
                }
                if (d.status().terminal()) {
                    throw invalidState("A " + d.status().wire() + " document's parties cannot be handed over.");
                }
                s = handOver(d, s, new HandOver.Person(c.handOverName(), c.handOverEmail()), c.reason(), actor, false);
            }
            return s;
        });
    }

    /**
     * Gives {@code from}'s place to another person inside the caller's transaction, and invites them at
     * once when the document is out and their group is open, as their predecessor was. Files the
     * predecessor attached go: the new person attaches their own, and the certificate never names
     * them for a file they did not give.
     */
    Signer handOver(Document d, Signer from, HandOver.Person to, String reason, Actor actor, boolean tellOwner) {
        Signer after = handOver.apply(d, from, to, reason, actor, tellOwner);
        List<FieldAttachment> theirs = attachments.forDocument(d.id()).stream()
                .filter(a -> a.signerId() == from.id()).toList();
        attachments.removeForSigner(d.id(), from.id());
        forget(theirs);
        if (d.status().inProgress()) {
            inviteOpenGroups(d, signers.forDocument(d.id()), actor);
        }
        return signers.find(after.id()).orElseThrow();
    }

    /** One party of {@code d}; 404 when the id names nobody, or a party of another document. */
    private Signer signerOf(Document d, long signerId) {
        return signers.find(signerId).filter(found -> found.documentId() == d.id())
                .orElseThrow(() -> Refusal.notFound("Signer"));
    }

    /** Replaces all fields, all or nothing, while the document is open and nobody has signed. */
    public SavedFields saveFields(Principal p, long documentId, FieldReader reader, Actor actor) {
        return db.inTransaction(() -> {
            Document d = access.require(p, documentId);
            List<Signer> parties = signers.forDocument(d.id());
            FileLayout layout = new FileLayout(documentFiles.forDocument(d.id()));
            List<NewField> replacement = reader.read(d, layout,
                    parties.stream().map(Signer::id).collect(Collectors.toSet()));
            if (d.status().terminal() || parties.stream().anyMatch(Signer::acted)) {
                throw invalidState("Fields cannot change once the document is finished or someone has signed.");
            }
            requireNothingForApproversToFill(parties, replacement);
            List<FieldAttachment> attached = attachments.forDocument(d.id());
            fields.replaceAll(d.id(), replacement);
            forget(attached);
            audit.record(d.id(), "fields_saved", actor, replacement.size() + " field(s)");
            return new SavedFields(fields.forDocument(d.id()), layout);
        });
    }

    /**
     * An approver approves the document as it stands and fills in nothing, as a submit of theirs
     * carrying values is refused: a field of theirs that Signet does not fill at the approval (name,
     * email, date) or that no template prefilled could never be filled, and a required one would be
     * approved past empty. 400 {@code approver_field} naming each such field as validation does.
     */
    private static void requireNothingForApproversToFill(List<Signer> parties, List<NewField> fields) {
        Set<Long> approvers = parties.stream().filter(s -> s.role() == Signer.Role.APPROVER).map(Signer::id)
                .collect(Collectors.toSet());
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            NewField f = fields.get(i);
            if (approvers.contains(f.signerId()) && !f.type().automatic() && f.value().isEmpty()) {
                errors.add("Field " + (i + 1) + ": signer_id " + f.signerId() + " is an approver, who fills in no "
                        + "fields; an approver's fields may only be name, email and date, which Signet fills.");
            }
        }
        if (!errors.isEmpty()) {
            throw Refusal.invalid("approver_field", "Approvers fill in no fields.", Map.of("errors", errors));
        }
    }

    /**
     * The files attached to fields that were just replaced (their rows went with the fields): their keys go
     * in this transaction, their bytes once it has committed.
     */
    private void forget(List<FieldAttachment> attached) {
        for (FieldAttachment a : attached) {
            for (long id : a.fileIds()) {
                files.forget(id).ifPresent(name -> db.afterCommit(() -> files.erase(name)));
            }
        }
    }

    /**
     * Queues the invitations of every open group member not yet invited, given the document's
     * parties as they are now; returns how many. The audit events name {@code actor}, whose request
     * opened the group (the sender, or the signer who just signed).
     */
    int inviteOpenGroups(Document d, List<Signer> parties, Actor actor) {
        List<Signer> open = Routing.toInvite(parties);
        for (Signer s : open) {
            signers.markInvited(s.id());
            notify.invite(d, s);
            audit.record(d.id(), "invitation_sent", actor, s.email());
        }
        return open.size();
    }

    /** Signers and approvers invited and still to act: those a reminder may go to. */
    static List<Signer> remindable(List<Signer> parties) {
        return parties.stream()
                .filter(s -> s.invited() && s.role() != Signer.Role.VIEWER)
                .filter(s -> s.status() == Signer.Status.PENDING || s.status() == Signer.Status.VIEWED)
                .toList();
    }

    /** Queues reminders for the eligible signers (all, or just one) and returns their outbox ids by signer. */
    public Map<Signer, Long> remind(Principal p, long documentId, Optional<Long> onlySigner, Actor actor) {
        return db.inTransaction(() -> remind(access.require(p, documentId), onlySigner, actor));
    }

    /**
     * The reminder job's way in: one signer's automatic reminder, acted by Signet itself, if it is still
     * due once the document is locked (another instance's job, or the owner, may have reminded them since
     * the job listed it); 409 {@code not_due} otherwise.
     */
    public Map<Signer, Long> remindDue(long documentId, long signerId) {
        return db.inTransaction(() -> {
            Document d = access.require(documentId);
            if (!documents.reminderStillDue(documentId, signerId, documents.now())) {
                throw Refusal.conflict("not_due", "The reminder is no longer due.");
            }
            return remind(d, Optional.of(signerId), Actor.system());
        });
    }

    private Map<Signer, Long> remind(Document d, Optional<Long> onlySigner, Actor actor) {
        List<Signer> eligible = d.status().inProgress() ? remindable(signers.forDocument(d.id())) : List.of();
        if (onlySigner.isPresent()) {
            eligible = eligible.stream().filter(s -> s.id() == onlySigner.get()).toList();
        }
        if (eligible.isEmpty()) {
            throw Refusal.invalid("no_recipients", "No signer is waiting for a reminder.");
        }
        Map<Signer, Long> queued = new LinkedHashMap<>();
        for (Signer s : eligible) {
            queued.put(s, notify.remind(d, s));
            signers.markReminded(s.id());
            audit.record(d.id(), "reminder_sent", actor, s.email());
            events.signer(d, s, "signer.reminded");
        }
        return queued;
    }

    /**
     * A party still to sign, approve or view on a document in progress: the one whose signing link
     * the administrator pages may show.
     */
    public static boolean waiting(Document d, Signer s) {
        return d.status().inProgress() && !s.acted();
    }

    /**
     * The party whose signing link the owner asked to see, recorded as {@code signing_link_shown}
     * under {@code actor}: whoever holds the link can act as the party, so who took it belongs in the
     * trail. Only while the party is {@link #waiting}; else a conflict, {@code signer_not_waiting}.
     */
    public Signer showLink(Principal p, long documentId, long signerId, Actor actor) {
        return db.inTransaction(() -> {
            Document d = access.require(p, documentId);
            Signer s = signerOf(d, signerId);
            if (!waiting(d, s)) {
                throw Refusal.conflict("signer_not_waiting",
                        "The signer is not waiting to sign the document now, so their signing link is not shown.");
            }
            audit.record(d.id(), "signing_link_shown", actor, s.email());
            return s;
        });
    }

    /** The one way a document's status changes: through the state machine, compare-and-set. */
    Document move(Document d, Trigger trigger) {
        DocumentStatus to = d.status().next(trigger).orElseThrow(() -> invalidState("A " + d.status().wire()
                + " document cannot be " + trigger.name().toLowerCase() + "."));
        return documents.changeStatus(d.id(), d.status(), to).orElseThrow(() ->
                new IllegalStateException("document " + d.id() + " changed status concurrently"));
    }

    static Refusal invalidState(String message) {
        return Refusal.invalid("invalid_state", message);
    }
}
