package org.signet.service;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
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
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;

/**
 * What signers do through their links (S5, S7): view, sign or approve, decline. Each action runs
 * in one transaction with its audit event, its emails and the routing that follows; completing
 * the last signature hands the document to sealing.
 */
public final class Signing {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd");

    private final Workflow workflow;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final AuditStore audit;
    private final Notifications notify;
    private final java.time.ZoneId zone;
    private final LongConsumer completed;

    public Signing(Workflow workflow, DocumentStore documents, SignerStore signers, FieldStore fields, AuditStore audit,
            Notifications notify, java.time.ZoneId zone, LongConsumer completed) {
        this.workflow = workflow;
        this.documents = documents;
        this.signers = signers;
        this.fields = fields;
        this.audit = audit;
        this.notify = notify;
        this.zone = zone;
        this.completed = completed;
    }

    /** The link's signer and document as they are now; 404 for a token that matches nobody. */
    public SignerLink resolve(String token) {
        Signer s = signers.findByToken(token).orElseThrow(() -> ApiException.notFound("Signing link"));
        Document d = documents.find(s.documentId()).orElseThrow(() -> ApiException.notFound("Signing link"));
        return new SignerLink(s, d, signers.forDocument(d.id()), documents.now());
    }

    /** Records the first view of a party whose turn it is; the document becomes viewed with it. */
    public void view(String token, Actor actor) {
        workflow.inTransaction(() -> recordView(resolve(token), actor));
    }

    private void recordView(SignerLink link, Actor actor) {
        if (link.closed() != null || link.signer().status() != Signer.Status.PENDING) {
            return;
        }
        signers.markViewed(link.signer().id());
        Document d = link.document();
        if (d.status() == DocumentStatus.SENT) {
            workflow.move(d, Trigger.FIRST_VIEW);
        }
        audit.record(d.id(), "document_viewed", actor, link.signer().email());
    }

    /** Signs (or approves); returns the document's status afterwards. */
    public DocumentStatus submit(String token, Submission s, Actor actor) {
        long[] completedId = {0};
        DocumentStatus status = workflow.inTransaction(() -> {
            SignerLink link = resolve(token);
            requireCanAct(link);
            if (!s.consent()) {
                throw ApiException.badRequest("consent_required",
                        "Agree to use electronic records and signatures before signing.");
            }
            List<Field> mine = fields.forSigner(link.signer().id());
            SubmissionCheck.check(link.signer(), mine, s);
            recordView(link, actor);
            fill(link.signer(), mine, s);
            signers.markSigned(link.signer().id(), actor.ipAddress(), actor.userAgent());
            boolean approver = link.signer().role() == Signer.Role.APPROVER;
            audit.record(link.document().id(), approver ? "document_approved" : "document_signed", actor, null);
            if (advance(link.document().id(), actor)) {
                completedId[0] = link.document().id();
            }
            return documents.find(link.document().id()).orElseThrow().status();
        });
        if (completedId[0] != 0) {
            completed.accept(completedId[0]);
        }
        return status;
    }

    /** Declines (an approver: rejects); the document is declined and the owner told (S5). */
    public void decline(String token, String reason, Actor actor) {
        workflow.inTransaction(() -> {
            SignerLink link = resolve(token);
            requireCanAct(link);
            recordView(link, actor);
            signers.markDeclined(link.signer().id(), reason, actor.ipAddress(), actor.userAgent());
            Document d = documents.find(link.document().id()).orElseThrow();
            workflow.move(d, Trigger.DECLINE);
            audit.record(d.id(), "document_declined", actor, reason);
            notify.declined(d, link.signer(), reason);
        });
    }

    /**
     * Invites the groups that have just opened, or completes the document; true when completed.
     * Completion is recorded here, with the last signer's IP and user agent, so that it is in the
     * trail the certificate of completion prints, whenever sealing runs.
     */
    private boolean advance(long documentId, Actor actor) {
        List<Signer> parties = signers.forDocument(documentId);
        Document d = documents.find(documentId).orElseThrow();
        if (Routing.complete(parties)) {
            workflow.move(d, Trigger.COMPLETE);
            documents.setCompletedAt(documentId, documents.now());
            audit.record(documentId, "document_completed", actor, null);
            return true;
        }
        workflow.inviteOpenGroups(d, actor);
        return false;
    }

    private void fill(Signer signer, List<Field> mine, Submission s) {
        String today = DATE.format(Instant.ofEpochSecond(documents.now()).atZone(zone));
        for (Field f : mine) {
            String value = switch (f.type()) {
                case NAME -> signer.name();
                case EMAIL -> signer.email();
                case DATE -> today;
                case SIGNATURE, INITIALS, STAMP -> hasImage(f, s) ? "signed" : "";
                default -> s.values().getOrDefault(f.id(), "");
            };
            fields.setValue(f.id(), value);
        }
        Submission.Image signature = s.signature() != null ? s.signature() : given(mine, FieldType.SIGNATURE, s);
        Submission.Image initials = given(mine, FieldType.INITIALS, s);
        saveImage(signer, "signature", signature);
        saveImage(signer, "initials", initials != null ? initials : s.initials() != null ? s.initials() : signature);
        saveImage(signer, "stamp", given(mine, FieldType.STAMP, s));
    }

    /** The first image given for one of this signer's fields of {@code type}. */
    private static Submission.Image given(List<Field> mine, FieldType type, Submission s) {
        return mine.stream().filter(f -> f.type() == type && s.fieldImages().containsKey(f.id()))
                .map(f -> s.fieldImages().get(f.id())).findFirst().orElse(null);
    }

    private void saveImage(Signer signer, String kind, Submission.Image image) {
        if (image != null) {
            signers.saveImage(signer.id(), kind, image.method(), image.bytes());
        }
    }

    static boolean hasImage(Field f, Submission s) {
        boolean own = s.fieldImages().containsKey(f.id());
        return switch (f.type()) {
            case SIGNATURE -> own || s.signature() != null;
            case INITIALS -> own || s.initials() != null || s.signature() != null;
            case STAMP -> own;
            default -> false;
        };
    }

    /** The 409s of S7, in one place. */
    public static void requireCanAct(SignerLink link) {
        SignerLink.Closed closed = link.closed();
        if (closed == SignerLink.Closed.ALREADY_ACTED || closed == SignerLink.Closed.COMPLETED) {
            throw new ApiException(409, "already_completed", "This link has already been used to sign or decline.");
        }
        if (closed == SignerLink.Closed.NOT_YOUR_TURN) {
            throw new ApiException(409, "not_your_turn", "It is not your turn to sign yet; you will get an email.");
        }
        if (closed != null) {
            throw new ApiException(409, "document_closed", "This document is no longer open for signing ("
                    + closed.name().toLowerCase() + ").");
        }
        if (!link.canAct()) {
            throw new ApiException(409, "not_your_turn", "Viewers have view-only access.");
        }
    }

    /** Other parties' filled fields, for showing read-only. */
    public List<Field> completedValues(SignerLink link) {
        List<Field> out = new ArrayList<>();
        for (Field f : fields.forDocument(link.document().id())) {
            if (f.signerId() != link.signer().id() && !f.value().isEmpty()) {
                out.add(f);
            }
        }
        return out;
    }

    public List<Field> fieldsOf(SignerLink link) {
        return fields.forSigner(link.signer().id());
    }

    public java.util.Optional<byte[]> image(long signerId, String kind) {
        return signers.image(signerId, kind);
    }
}
