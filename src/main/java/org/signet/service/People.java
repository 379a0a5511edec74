package org.signet.service;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.Actor;
import org.signet.domain.AuditEvent;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.json.Json;
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
    public record Export(Map<String, Object> data, List<ExportFile> files) {
        /**
         * The export as files to write, in a folder or a zip: {@code person.json} (the data), each copy under
         * {@code files/}, and {@code index.json}, which says what each holds.
         */
        public List<Entry> entries() {
            List<Entry> entries = new ArrayList<>();
            List<Map<String, Object>> index = new ArrayList<>();
            byte[] person = (Json.write(data) + "\n").getBytes(StandardCharsets.UTF_8);
            entries.add(new Entry(PERSON, () -> new ByteArrayInputStream(person)));
            index.add(Json.object("file", PERSON, "holds", "the documents they take part in (their place, fields "
                    + "and the audit events naming them) and the mail sent to them"));
            for (ExportFile f : files) {
                entries.add(new Entry("files/" + f.name(), f.opener()));
                index.add(Json.object("file", "files/" + f.name(), "holds", "their copy of document "
                        + f.documentId() + ", as sealed"));
            }
            byte[] listed = (Json.write(Json.object("email", data.get("email"), "files", index)) + "\n")
                    .getBytes(StandardCharsets.UTF_8);
            entries.add(new Entry(INDEX, () -> new ByteArrayInputStream(listed)));
            return entries;
        }
    }

    /** One file of an export, by its path inside the export, and how to read it. */
    public record Entry(String path, Documents.Opener opener) {}

    private static final String PERSON = "person.json";
    private static final String INDEX = "index.json";

    /** What the erasure does, or (a dry run) would do, with one place the person has, why, and what goes with it. */
    public record Step(long documentId, String status, Action action, Reason reason, String detail) {
        /** The reason in English, for the command line. */
        public String why() {
            return switch (reason) {
                case DRAFT -> "a draft: removed from it";
                case OUT_FOR_SIGNATURE -> "out for signature: recall it to a draft, or erase again once it has ended";
                case HELD -> "held: " + detail;
                case INSIDE_RETENTION -> "sealed, and inside its retention until " + detail;
                case KEPT_FOR_EVER -> "sealed, and kept for ever by the site's retention";
                case NOTHING_KEEPS -> "ended, and neither a hold nor its retention keeps it";
                case CHANGED -> "changed meanwhile: erase again";
            };
        }
    }

    /** Why a step is what it is; each has its words on the command line ({@link Step#why}) and in the pages. */
    public enum Reason { DRAFT, OUT_FOR_SIGNATURE, HELD, INSIDE_RETENTION, KEPT_FOR_EVER, NOTHING_KEEPS, CHANGED }

    /** Removed from a document that can still change; the document purged; or kept, with the reason. */
    public enum Action { REMOVED, PURGED, KEPT }

    /** As {@link #export(String, Wire)}, asked on the administrator pages: for an administrator only, else 403. */
    public Export export(Principal p, String email, Wire wire) {
        requireAdministrator(p);
        return export(email, wire);
    }

    /** As {@link #erase(String, long, boolean)}, asked on the administrator pages: for an administrator only, else 403. */
    public List<Step> erase(Principal p, String email, long now, boolean dryRun) {
        requireAdministrator(p);
        return erase(email, now, dryRun);
    }

    /** A person's data spans every owner's documents: only an administrator may ask for it. */
    private static void requireAdministrator(Principal p) {
        if (!p.admin()) {
            throw Refusal.forbidden("person's data");
        }
    }

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
            return step(d, Action.REMOVED, Reason.DRAFT, null);
        }
        if (d.status().inProgress()) {
            return step(d, Action.KEPT, Reason.OUT_FOR_SIGNATURE, null);
        }
        return retention.keptAgainstErasure(d, now)
                .map(kept -> step(d, Action.KEPT, Reason.valueOf(kept.why().name()), kept.detail()))
                .orElseGet(() -> step(d, Action.PURGED, Reason.NOTHING_KEEPS, null));
    }

    private Step apply(Document d, PeopleStore.Place place, String address, long now) {
        Step planned = plan(d, now);
        if (planned.action() == Action.REMOVED) {
            return removeFromDraft(d, place, address) ? planned : step(d, Action.KEPT, Reason.CHANGED, null);
        }
        if (planned.action() == Action.PURGED && !retention.purgeForErasure(d.id(), now)) {
            return step(d, Action.KEPT, Reason.CHANGED, null);
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

    private static Step step(Document d, Action action, Reason reason, String detail) {
        return new Step(d.id(), d.status().wire(), action, reason, detail);
    }

    private static String requireEmail(String email) {
        if (email == null || !email.contains("@") || email.isBlank() || email.length() > 254) {
            throw Refusal.invalidParam("email", "email must be an email address.");
        }
        return email.trim();
    }
}
