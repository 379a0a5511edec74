package org.signet.service;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus.Trigger;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.FileLayout;
import org.signet.domain.FieldType;
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
import org.signet.store.UserStore;

/**
 * What signers do through their links: open, sign or approve, decline, hand over. A link is resolved
 * once per request; an action runs in one transaction with its audit event, its emails and the
 * routing that follows, and completing the last signature hands the document to sealing once the
 * transaction has committed. Reading a link that needs no change takes no write lock.
 */
public final class Signing {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd");

    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final AttachmentStore attachments;
    private final DocumentFileStore documentFiles;
    private final AuditStore audit;
    private final UserStore users;
    private final Workflow workflow;
    private final Notifications notify;
    private final WebhookEvents events;
    private final LinkUnlock unlock;
    private final PageImages pages;
    private final ZoneId zone;
    private final LongConsumer sealing;

    /**
     * What a signer's page shows of the document: their own fields, the others' filled ones with their
     * images, and for an approver the others' fields still to be filled (what the approval covers).
     */
    public record Shown(List<Field> mine, List<Field> others, Map<Long, byte[]> imagesByField, List<Field> toReview) {
        /** A link that shows nothing of the document: locked or closed. */
        public static final Shown NOTHING = new Shown(List.of(), List.of(), Map.of(), List.of());
    }

    /** The answer to a submission: whether it was an approval, and the document's status afterwards. */
    public record Signed(boolean approved, DocumentStatus documentStatus) {}

    public Signing(DocumentStores s, UserStore users, Workflow workflow, Announcements out, LinkUnlock unlock,
            PageImages pages, ZoneId zone, LongConsumer sealing) {
        this.db = s.db();
        this.documents = s.documents();
        this.signers = s.signers();
        this.fields = s.fields();
        this.attachments = s.attachments();
        this.documentFiles = s.documentFiles();
        this.audit = s.audit();
        this.users = users;
        this.workflow = workflow;
        this.notify = out.mail();
        this.events = out.events();
        this.unlock = unlock;
        this.pages = pages;
        this.zone = zone;
        this.sealing = sealing;
    }

    /** The link's signer, document and other parties as they are now; 404 for a token that matches nobody. */
    public SignerLink resolve(String token) {
        // In a write transaction the document is locked first (on PostgreSQL), so the parties read next
        // are as the last change left them and stay so until this one commits.
        documents.lockOfSignerToken(token);
        // One snapshot: the parties and their document as they were together.
        return db.read(() -> {
            List<Signer> parties = signers.partiesOfToken(token);
            Signer s = parties.stream().filter(p -> p.accessToken().equals(token)).findFirst()
                    .orElseThrow(() -> Refusal.notFound("Signing link"));
            Document d = documents.find(s.documentId()).orElseThrow(() -> Refusal.notFound("Signing link"));
            return new SignerLink(s, d, parties, documents.now());
        });
    }

    /** The name of the person who sent the document, for the signer's pages. */
    public String senderName(SignerLink link) {
        return users.find(link.document().ownerId()).map(User::name).orElse("");
    }

    /**
     * Records the first view of a party whose turn it is (the document becomes viewed with it) and
     * returns the link as it is afterwards; a link already viewed, or closed, is returned as it is.
     */
    public SignerLink view(SignerLink link, Visit visit) {
        if (link.closed() != null || link.signer().status() != Signer.Status.PENDING) {
            return link;
        }
        return db.inTransaction(() -> {
            // Read again under the write lock: the document may have closed since the page asked.
            SignerLink now = resolve(link.signer().accessToken());
            return recordView(now, actor(now, visit));
        });
    }

    private SignerLink recordView(SignerLink link, Actor actor) {
        if (link.closed() != null || link.signer().status() != Signer.Status.PENDING
                || !signers.markViewed(link.signer().id())) {
            return link;
        }
        Document d = link.document();
        Signer viewed = link.signer().movedTo(Signer.Status.VIEWED, link.now());
        if (d.status() == DocumentStatus.SENT) {
            d = workflow.move(d, Trigger.FIRST_VIEW);
            events.document(d, "document.viewed");
        }
        audit.record(d.id(), "document_viewed", actor, link.signer().email());
        events.signer(d, viewed, "signer.viewed");
        return link.with(viewed, d);
    }

    /**
     * This signer's fields, the other parties' filled ones, and for an approver the others' empty ones,
     * from one read of the document's fields. An empty field carries no value to leak; a filled one is
     * shown to every party already.
     */
    public Shown shown(SignerLink link) {
        boolean approver = link.signer().role() == Signer.Role.APPROVER;
        List<Field> mine = new ArrayList<>();
        List<Field> others = new ArrayList<>();
        List<Field> toReview = new ArrayList<>();
        Map<Long, byte[]> images = new LinkedHashMap<>();
        for (Field f : fields.forDocument(link.document().id())) {
            if (f.signerId() == link.signer().id()) {
                mine.add(f);
            } else if (!f.value().isEmpty()) {
                others.add(f);
                if (f.type().image()) {
                    signers.image(f.signerId(), f.type().wire()).ifPresent(b -> images.put(f.id(), b));
                }
            } else if (approver) {
                toReview.add(f);
            }
        }
        return new Shown(mine, others, images, toReview);
    }

    /** Page {@code n} of an unlocked, open link's document as PNG; 404 for a page it does not have. */
    public byte[] page(String token, Visit visit, int n) throws IOException {
        SignerLink link = unlocked(resolve(token), visit);
        if (link.closed() != null) {
            requireCanAct(link);
        }
        int total = link.document().totalPages() == null ? 0 : link.document().totalPages();
        if (n < 1 || n > total) {
            throw Refusal.notFound("Page");
        }
        return pages.shown(link.document().pdfFileId(), n);
    }

    /** Signs (or approves), all in one transaction; sealing starts once it has committed. */
    public Signed submit(String token, Visit visit, Submission s) {
        return db.inTransaction(() -> {
            SignerLink link = unlocked(resolve(token), visit);
            requireCanAct(link);
            if (!s.consent()) {
                throw Refusal.invalid("consent_required", "Agree to use electronic records and signatures before signing.");
            }
            Actor actor = actor(link, visit);
            // One read of the document's fields: the signer's own and those its conditions may name.
            List<Field> all = fields.forDocument(link.document().id());
            long signerId = link.signer().id();
            List<Field> mine = all.stream().filter(f -> f.signerId() == signerId).toList();
            Submission checked = SubmissionCheck.check(link.signer(), mine, all, s, attachedNames(link));
            link = recordView(link, actor);
            fill(link, mine, checked);
            Signer signer = link.signer();
            if (!signers.markSigned(signer.id(), signer.status(), actor.ipAddress(), actor.userAgent())) {
                throw alreadyActed();
            }
            boolean approver = signer.role() == Signer.Role.APPROVER;
            audit.record(link.document().id(), approver ? "document_approved" : "document_signed", actor, null);
            Signer signed = signer.movedTo(Signer.Status.SIGNED, link.now());
            events.signer(link.document(), signed, "signer.signed");
            Document after = advance(link.with(signed, link.document()), actor);
            events.document(after, "document.signed", Map.of("signer_id", Long.toString(signed.id())));
            return new Signed(approver, after.status());
        });
    }

    /** The document's files in order, which the page tells its pages apart by. */
    public FileLayout files(SignerLink link) {
        return new FileLayout(documentFiles.forDocument(link.document().id()));
    }

    /** The files this link's signer has attached so far, by field. */
    public Map<Long, FieldAttachment> attached(SignerLink link) {
        Map<Long, FieldAttachment> mine = new LinkedHashMap<>();
        attachments.forDocument(link.document().id()).stream().filter(a -> a.signerId() == link.signer().id())
                .forEach(a -> mine.put(a.fieldId(), a));
        return mine;
    }

    /** The names of the files this signer has attached, by field: what their attachment fields show once signed. */
    private Map<Long, String> attachedNames(SignerLink link) {
        Map<Long, String> names = new LinkedHashMap<>();
        attached(link).forEach((field, a) -> {
            String drawable = DrawableText.drawablePart(a.filename());
            names.put(field, drawable.isBlank() ? "attachment." + a.kind().wire() : drawable);
        });
        return names;
    }

    /** Declines (an approver: rejects); the document is declined and the owner told. */
    public void decline(String token, Visit visit, String reason) {
        db.inTransaction(() -> {
            SignerLink link = unlocked(resolve(token), visit);
            requireCanAct(link);
            Actor actor = actor(link, visit);
            link = recordView(link, actor);
            Signer signer = link.signer();
            if (!signers.markDeclined(signer.id(), signer.status(), reason, actor.ipAddress(), actor.userAgent())) {
                throw alreadyActed();
            }
            Document d = workflow.move(link.document(), Trigger.DECLINE);
            audit.record(d.id(), "document_declined", actor, reason);
            notify.declined(d, signer, reason);
            Signer declined = signer.movedTo(Signer.Status.DECLINED, link.now());
            events.signer(d, declined, "signer.declined");
            events.document(d, "document.declined", Map.of("decline_reason", reason));
        });
    }

    /**
     * Hands this party's place to another person (see docs/api/workflow.md, Handing over), when the
     * document allows it and it is the party's turn: the new person gets a new link, this link stops,
     * and the owner is told, all in one transaction. The view is recorded first, as for a decline.
     */
    public void delegate(String token, Visit visit, String name, String email, String reason) {
        db.inTransaction(() -> {
            SignerLink link = unlocked(resolve(token), visit);
            if (!link.document().allowDelegation()) {
                throw new Refusal(Refusal.Kind.FORBIDDEN, "delegation_not_allowed",
                        "This document does not allow handing over to someone else.", Map.of());
            }
            requireCanAct(link);
            Actor actor = actor(link, visit);
            link = recordView(link, actor);
            workflow.handOver(link.document(), link.signer(), new HandOver.Person(name, email), reason, actor, true);
        });
    }

    /**
     * Invites the groups that have just opened, or completes the document; returns it as it now is.
     * Completion is recorded here, with the last signer's IP and user agent, so that it is in the
     * trail the certificate of completion prints, whenever sealing runs.
     */
    private Document advance(SignerLink link, Actor actor) {
        Document d = link.document();
        if (Routing.complete(link.parties())) {
            Document completed = workflow.move(d, Trigger.COMPLETE);
            audit.record(d.id(), "document_completed", actor, null);
            db.afterCommit(() -> sealing.accept(d.id()));
            return completed;
        }
        workflow.inviteOpenGroups(d, link.parties(), actor);
        return d;
    }

    private void fill(SignerLink link, List<Field> mine, Submission s) {
        Signer signer = link.signer();
        String today = DATE.format(Instant.ofEpochSecond(link.now()).atZone(zone));
        for (Field f : mine) {
            if (f.prefilled()) {
                continue; // filled in from the template: the signer sees it, never changes it
            }
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

    /** The link, if this browser has passed its PIN and login; 403 naming what is still needed otherwise. */
    private SignerLink unlocked(SignerLink link, Visit visit) {
        return unlock.requirePassed(link, visit.sessionId());
    }

    /** The 409s of a link that may not act now (see docs/api/signing.md, Turns and closed documents), in one place. */
    public static void requireCanAct(SignerLink link) {
        SignerLink.Closed closed = link.closed();
        if (closed == SignerLink.Closed.ALREADY_ACTED || closed == SignerLink.Closed.COMPLETED) {
            throw alreadyActed();
        }
        if (closed == SignerLink.Closed.NOT_YOUR_TURN) {
            throw Refusal.conflict("not_your_turn", "It is not your turn to sign yet; you will get an email.");
        }
        if (closed != null) {
            throw Refusal.conflict("document_closed", "This document is no longer open for signing ("
                    + closed.name().toLowerCase() + ").");
        }
        if (!link.canAct()) {
            throw Refusal.conflict("not_your_turn", "Viewers have view-only access.");
        }
    }

    private static Refusal alreadyActed() {
        return Refusal.conflict("already_completed", "This link has already been used to sign or decline.");
    }

    private static Actor actor(SignerLink link, Visit visit) {
        return Actor.signer(link.signer().id(), link.signer().name(), visit.ip(), visit.userAgent());
    }
}
