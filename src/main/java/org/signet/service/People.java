package org.signet.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.Actor;
import org.signet.domain.AuditEvent;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.FieldStore;
import org.signet.store.PeopleStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.text.Wire;

/**
 * A person's request about their data, by email address (see README.md, Your data): an export of everything
 * Signet holds about them, and their erasure, which removes them from the documents that can still change,
 * purges the ended documents nothing keeps, and says what it kept and why.
 */
public final class People {
    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final FieldStore fields;
    private final AuditStore audit;
    private final StoredFiles files;
    private final PeopleStore people;
    private final Retention retention;

    public People(DocumentStores s, PeopleStore people, Retention retention) {
        this.db = s.db();
        this.documents = s.documents();
        this.signers = s.signers();
        this.fields = s.fields();
        this.audit = s.audit();
        this.files = s.files();
        this.people = people;
        this.retention = retention;
    }

    /** A file of the export: the person's own copy of a finished document, named for the document. */
    public record ExportFile(String name, long documentId, Documents.Opener opener) {}

    /** Everything held about one address: as plain values ready to be written as JSON, and the files. */
    public record Export(Map<String, Object> data, List<ExportFile> files) {}

    /** What the erasure does, or (a dry run) would do, with one place the person has, and why. */
    public record Step(long documentId, String status, Action action, String why) {}

    /** Removed from a document that can still change; the document purged; or kept, with the reason. */
    public enum Action { REMOVED, PURGED, KEPT }

    /** Everything Signet holds about {@code email}: the documents they take part in, the events, the mail, their copies. */
    public Export export(String email, Wire wire) {
        String address = requireEmail(email);
        return db.read(() -> {
            List<Map<String, Object>> places = new ArrayList<>();
            List<ExportFile> copies = new ArrayList<>();
            for (PeopleStore.Place place : people.places(address)) {
                documents.find(place.documentId()).ifPresent(d -> {
                    Signer s = signers.find(place.signerId()).orElseThrow();
                    places.add(place(d, s, wire));
                    if (d.signedFileId() != null) {
                        long fileId = d.signedFileId();
                        copies.add(new ExportFile("document-" + d.id() + "-sealed.pdf", d.id(), () -> files.open(fileId)));
                    }
                });
            }
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("email", address);
            data.put("documents", places);
            data.put("mail", people.mailsTo(address).stream().map(m -> mail(m, wire)).toList());
            return new Export(data, copies);
        });
    }

    private Map<String, Object> place(Document d, Signer s, Wire wire) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("document_id", Wire.id(d.id()));
        m.put("title", d.title());
        m.put("status", d.status().wire());
        m.put("created_at", wire.time(d.createdAt()));
        m.put("completed_at", wire.time(d.completedAt()));
        m.put("name", s.name());
        m.put("email", s.email());
        m.put("role", s.role().wire());
        m.put("party_status", s.status().wire());
        m.put("viewed_at", wire.time(s.viewedAt()));
        m.put("signed_at", wire.time(s.signedAt()));
        m.put("declined_at", wire.time(s.declinedAt()));
        m.put("decline_reason", s.declineReason());
        m.put("signature_ip", s.signatureIp());
        m.put("signature_user_agent", s.signatureUserAgent());
        m.put("fields", fields.forSigner(s.id()).stream().map(f -> Map.of("type", f.type().wire(), "name", f.name(),
                "value", f.value())).toList());
        m.put("audit_events", audit.list(d.id()).stream().filter(e -> names(e, s)).map(e -> event(e, wire)).toList());
        return m;
    }

    private static boolean names(AuditEvent e, Signer s) {
        return Long.valueOf(s.id()).equals(e.signerId()) || e.detail() != null
                && (e.detail().toLowerCase().contains(s.email().toLowerCase()) || e.detail().contains(s.name()));
    }

    private static Map<String, Object> event(AuditEvent e, Wire wire) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("action", e.action());
        m.put("at", wire.time(e.createdAt()));
        m.put("ip_address", e.ipAddress());
        m.put("user_agent", e.userAgent());
        m.put("detail", e.detail());
        return m;
    }

    private static Map<String, Object> mail(PeopleStore.Mail mail, Wire wire) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("template", mail.template());
        m.put("subject", mail.subject());
        m.put("status", mail.status());
        m.put("document_id", mail.documentId() == null ? null : Wire.id(mail.documentId()));
        m.put("queued_at", wire.time(mail.createdAt()));
        m.put("sent_at", wire.time(mail.sentAt()));
        return m;
    }

    /**
     * Erases {@code email} as of {@code now} (Unix seconds), or with {@code dryRun} only says what it would do:
     * removed from drafts, documents that have ended purged unless held or (sealed) inside their retention, and
     * for each place kept, why.
     */
    public List<Step> erase(String email, long now, boolean dryRun) {
        String address = requireEmail(email);
        List<Step> steps = new ArrayList<>();
        for (PeopleStore.Place place : db.read(() -> people.places(address))) {
            Optional<Document> found = db.read(() -> documents.find(place.documentId()));
            found.ifPresent(d -> steps.add(dryRun ? plan(d, now) : apply(d, place, address, now)));
        }
        if (!dryRun) {
            db.inTransaction(() -> people.removeMail(address, null));
        }
        return steps;
    }

    private Step plan(Document d, long now) {
        if (d.status() == DocumentStatus.DRAFT) {
            return step(d, Action.REMOVED, "a draft: removed from it");
        }
        if (d.status().inProgress()) {
            return step(d, Action.KEPT, "out for signature: recall it to a draft, or erase again once it has ended");
        }
        return retention.keptAgainstErasure(d, now).map(why -> step(d, Action.KEPT, why))
                .orElseGet(() -> step(d, Action.PURGED, "ended, and neither a hold nor its retention keeps it"));
    }

    private Step apply(Document d, PeopleStore.Place place, String address, long now) {
        Step planned = plan(d, now);
        if (planned.action() == Action.REMOVED) {
            return removeFromDraft(d, place, address) ? planned : step(d, Action.KEPT, "changed meanwhile: erase again");
        }
        if (planned.action() == Action.PURGED && !retention.purgeForErasure(d.id(), now)) {
            return step(d, Action.KEPT, "changed meanwhile: erase again");
        }
        return planned;
    }

    /** Takes the person out of a draft: their party, fields and mail gone, their traces taken out of its trail. */
    private boolean removeFromDraft(Document d, PeopleStore.Place place, String address) {
        return db.inTransaction(() -> {
            documents.lock(d.id());
            Optional<Signer> s = signers.find(place.signerId());
            if (documents.find(d.id()).filter(now -> now.status() == DocumentStatus.DRAFT).isEmpty() || s.isEmpty()) {
                return false;
            }
            audit.redact(d.id(), s.get().id(), List.of(s.get().name(), s.get().email()));
            people.removePlace(s.get().id());
            people.removeMail(address, d.id());
            audit.record(d.id(), "personal_data_erased", Actor.system(), null);
            return true;
        });
    }

    private static Step step(Document d, Action action, String why) {
        return new Step(d.id(), d.status().wire(), action, why);
    }

    private static String requireEmail(String email) {
        if (email == null || !email.contains("@") || email.isBlank() || email.length() > 254) {
            throw Refusal.invalidParam("email", "email must be an email address.");
        }
        return email.trim();
    }
}
