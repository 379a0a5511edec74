package org.signet.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.DocumentStatus.Trigger;
import org.signet.domain.Field;
import org.signet.domain.FieldType;
import org.signet.domain.Routing;
import org.signet.domain.Signer;
import org.signet.http.ApiException;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;

/**
 * The signing workflow (S5): send, recall, expire, remind, and inviting each group when its turn
 * comes. Every operation re-reads the document inside one write transaction, asks
 * {@link DocumentStatus#next} whether the change is allowed, and writes the change, its audit
 * events and its email together.
 */
public final class Workflow {
    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final AuditStore audit;
    private final Notifications notify;
    private final Runnable mailWaiting;

    public Workflow(Database db, DocumentStore documents, SignerStore signers, FieldStore fields, AuditStore audit,
            Notifications notify, Runnable mailWaiting) {
        this.db = db;
        this.documents = documents;
        this.signers = signers;
        this.fields = fields;
        this.audit = audit;
        this.notify = notify;
        this.mailWaiting = mailWaiting;
    }

    public <T> T inTransaction(Supplier<T> work) {
        T result = db.inTransaction(work);
        mailWaiting.run();
        return result;
    }

    public void inTransaction(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }

    /** PUT /documents/{id} with a new status: send, recall or expire (S4). */
    public void changeStatus(Document d, DocumentStatus to, Actor actor) {
        switch (to) {
            case SENT -> send(d.id(), actor);
            case DRAFT -> recall(d.id(), actor);
            case EXPIRED -> expire(d.id(), actor);
            default -> throw new IllegalArgumentException("not a status a client may set: " + to);
        }
    }

    /** Sends a draft: checks signers and signature fields, then invites the first group (S5). */
    public Document send(long documentId, Actor actor) {
        return inTransaction(() -> {
            Document d = reload(documentId);
            if (d.status() != DocumentStatus.DRAFT) {
                throw invalidState("Only a draft can be sent; this document is " + d.status().wire() + ".");
            }
            List<Signer> all = signers.forDocument(d.id());
            if (all.isEmpty()) {
                throw ApiException.badRequest("no_signers", "Add at least one signer before sending.");
            }
            requireSignatureFields(all, fields.forDocument(d.id()));
            move(d, Trigger.SEND);
            audit.record(d.id(), "document_sent", actor, null);
            inviteOpenGroups(reload(documentId), actor);
            return reload(documentId);
        });
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
            throw new ApiException(400, "missing_signature_fields",
                    "Every signer needs at least one required signature or initials field.",
                    Map.of("signer_ids", missing));
        }
    }

    /** Recall to draft while nobody has signed: links stop working until the document is sent again. */
    public Document recall(long documentId, Actor actor) {
        return inTransaction(() -> {
            Document d = reload(documentId);
            if (signers.forDocument(d.id()).stream().anyMatch(Signer::acted)) {
                throw invalidState("The document cannot be recalled: a signer has already signed or declined.");
            }
            move(d, Trigger.RECALL);
            signers.resetForRecall(d.id());
            audit.record(d.id(), "document_recalled", actor, null);
            return reload(documentId);
        });
    }

    /**
     * Expires a document whose expires_at has passed (the seed's rule). Already expired: the
     * same answer again. Completed or declined: 400 invalid_state. Not yet due: 400 not_due.
     */
    public Document expire(long documentId, Actor actor) {
        return inTransaction(() -> {
            Document d = reload(documentId);
            if (d.status() == DocumentStatus.EXPIRED) {
                return d;
            }
            if (d.status().terminal()) {
                throw invalidState("A " + d.status().wire() + " document cannot expire.");
            }
            if (d.expiresAt() == null || d.expiresAt() > nowSeconds()) {
                throw ApiException.badRequest("not_due", d.expiresAt() == null
                        ? "The document has no expiry time." : "The document's expiry time has not passed yet.");
            }
            move(d, Trigger.EXPIRE);
            audit.record(d.id(), "document_expired", actor, null);
            return reload(documentId);
        });
    }

    /**
     * Adds a signer while the document is not terminal; one who joins a group that is already
     * open is invited at once (S5).
     */
    public Signer addSigner(long documentId, SignerStore.NewSigner fresh, Actor actor) {
        return inTransaction(() -> {
            Document d = reload(documentId);
            if (d.status().terminal()) {
                throw invalidState("Signers cannot be added to a " + d.status().wire() + " document.");
            }
            if (signers.emailTaken(d.id(), fresh.email())) {
                throw ApiException.badRequest("duplicate_signer", "A signer with this email is already on the document.");
            }
            long id = signers.insert(fresh);
            audit.record(d.id(), "signer_added", actor, fresh.email());
            if (d.status().inProgress()) {
                inviteOpenGroups(d, actor);
            }
            return signers.find(id).orElseThrow();
        });
    }

    /** Replaces all fields, all or nothing, while the document is open and nobody has signed (S5). */
    public List<Field> saveFields(long documentId, List<FieldStore.NewField> replacement, Actor actor) {
        return inTransaction(() -> {
            Document d = reload(documentId);
            if (d.status().terminal() || signers.forDocument(d.id()).stream().anyMatch(Signer::acted)) {
                throw invalidState("Fields cannot change once the document is finished or someone has signed.");
            }
            fields.replaceAll(d.id(), replacement);
            audit.record(d.id(), "fields_saved", actor, replacement.size() + " field(s)");
            return fields.forDocument(d.id());
        });
    }

    /**
     * Queues the invitations of every open group member not yet invited. The audit events name
     * {@code actor}, whose request opened the group (the sender, or the signer who just signed).
     */
    void inviteOpenGroups(Document d, Actor actor) {
        for (Signer s : Routing.toInvite(signers.forDocument(d.id()))) {
            signers.markInvited(s.id());
            notify.invite(d, s);
            audit.record(d.id(), "invitation_sent", actor, s.email());
        }
    }

    /** Everyone invited so far, viewers included. */
    public List<Signer> invited(long documentId) {
        return signers.forDocument(documentId).stream().filter(Signer::invited).toList();
    }

    /** Signers and approvers invited and still to act: those a reminder may go to (S5). */
    public List<Signer> remindable(long documentId) {
        return signers.forDocument(documentId).stream()
                .filter(s -> s.invited() && s.role() != Signer.Role.VIEWER)
                .filter(s -> s.status() == Signer.Status.PENDING || s.status() == Signer.Status.VIEWED)
                .toList();
    }

    /** Queues reminders for the eligible signers (all, or just one) and returns their outbox ids by signer. */
    public Map<Signer, Long> remind(long documentId, Optional<Long> onlySigner, Actor actor) {
        return db.inTransaction(() -> {
            Document d = reload(documentId);
            List<Signer> eligible = d.status().inProgress() ? remindable(documentId) : List.of();
            if (onlySigner.isPresent()) {
                eligible = eligible.stream().filter(s -> s.id() == onlySigner.get()).toList();
            }
            if (eligible.isEmpty()) {
                throw ApiException.badRequest("no_recipients", "No signer is waiting for a reminder.");
            }
            Map<Signer, Long> queued = new java.util.LinkedHashMap<>();
            for (Signer s : eligible) {
                queued.put(s, notify.remind(d, s));
                signers.markReminded(s.id());
                audit.record(d.id(), "reminder_sent", actor, s.email());
            }
            return queued;
        });
    }

    Document reload(long id) {
        return documents.find(id).orElseThrow(() -> ApiException.notFound("Document"));
    }

    /** The one way a document's status changes: through the state machine, compare-and-set. */
    void move(Document d, Trigger trigger) {
        DocumentStatus to = d.status().next(trigger).orElseThrow(() -> invalidState("A " + d.status().wire()
                + " document cannot be " + trigger.name().toLowerCase() + "."));
        if (!documents.changeStatus(d.id(), d.status(), to)) {
            throw new IllegalStateException("document " + d.id() + " changed status concurrently");
        }
    }

    static ApiException invalidState(String message) {
        return ApiException.badRequest("invalid_state", message);
    }

    long nowSeconds() {
        return documents.now();
    }
}
