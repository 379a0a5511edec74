package org.signet.service;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.LongStream;
import org.signet.domain.Document;
import org.signet.domain.Principal;
import org.signet.domain.PurgeRecord;
import org.signet.domain.RetentionPolicy;
import org.signet.json.Json;
import org.signet.store.AttachmentStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.Lease;
import org.signet.store.RetentionStore;
import org.signet.store.StoredFiles;
import org.signet.text.Wire;

/**
 * Purges the documents whose retention has run out (see README.md, Your data): their files are
 * destroyed and every row naming their people removed, and a {@link PurgeRecord} stays. Each document goes in
 * one transaction that writes its record and removes its rows together, so a purge stopped at any point leaves
 * every document whole or purged, and the next run purges what is left; its files' keys go in that transaction
 * and their bytes after it (see {@link StoredFiles#forget}).
 */
public final class Retention {
    private static final Logger LOG = Logger.getLogger("signet.retention");
    private static final int PAGE = 200;
    private static final String JOB = "retention";
    /** Longer than any one run takes; a claim older than this is a run that stopped, and the next takes over. */
    private static final Duration CLAIM = Duration.ofHours(6);

    private final Database db;
    private final DocumentStore documents;
    private final AttachmentStore attachments;
    private final StoredFiles files;
    private final RetentionStore store;
    private final WebhookEvents events;
    private final RetentionPolicy policy;
    private final Wire wire;

    /** What a run did, or would do, with one due document. */
    public enum Action { PURGED, WOULD_PURGE, HELD, GONE }

    /** One due document in a run's report: why it was due, since when, and what became of it. */
    public record Outcome(long id, String status, long since, Integer ownDays, Action action, String holdReason) {}

    public Retention(DocumentStores s, RetentionStore store, WebhookEvents events, RetentionPolicy policy, Wire wire) {
        this.db = s.db();
        this.documents = s.documents();
        this.attachments = s.attachments();
        this.files = s.files();
        this.store = store;
        this.events = events;
        this.policy = policy;
        this.wire = wire;
    }

    /**
     * Purges every document due at {@code asOf} (Unix seconds) and not held, or with {@code dryRun} only lists
     * what would go, changing nothing; held documents are listed as held either way.
     */
    public List<Outcome> run(long asOf, boolean dryRun) {
        List<Outcome> outcomes = new ArrayList<>();
        long after = 0;
        for (List<RetentionStore.Due> page = store.due(policy, asOf, after, PAGE); !page.isEmpty();
                page = store.due(policy, asOf, after, PAGE)) {
            for (RetentionStore.Due due : page) {
                outcomes.add(outcome(due, due.hold().isPresent() ? Action.HELD : dryRun ? Action.WOULD_PURGE
                        : purge(due.id(), asOf) ? Action.PURGED : Action.GONE));
            }
            after = page.get(page.size() - 1).id();
        }
        return outcomes;
    }

    /**
     * The daily run: purges what is due at {@code now} (Unix seconds), unless another instance (or this one) ran
     * it less than a day ago or runs it now; returns what it did, empty when it was not its turn. An hour's
     * slack lets a run that starts a little earlier each day still run daily.
     */
    public Optional<List<Outcome>> runDaily(long now) {
        Lease claim = Lease.from(db.instance(), now, CLAIM);
        if (!store.claimDailyRun(JOB, claim.holder(), now, claim.until(), Duration.ofDays(1).toSeconds() - 3600)) {
            return Optional.empty();
        }
        List<Outcome> done = run(now, false);
        store.finishDailyRun(JOB, claim.holder(), now);
        return Optional.of(done);
    }

    /**
     * Purges document {@code id} if it is still due at {@code asOf} and not held, read again under its lock;
     * false when it is not (gone, held, or changed since it was found).
     */
    boolean purge(long id, long asOf) {
        List<String> erase = db.inTransaction(() -> {
            documents.lock(id);
            Optional<RetentionStore.Due> due = store.find(id).filter(d -> d.hold().isEmpty())
                    .filter(d -> policy.dueAt(d.status(), d.ownDays(), d.since()).filter(t -> t <= asOf).isPresent());
            return due.isEmpty() ? null : purgeLocked(documents.find(id).orElseThrow());
        });
        if (erase == null) {
            return false;
        }
        erase.forEach(files::erase);
        return true;
    }

    /**
     * Why ended document {@code d} is kept at {@code now} against a person's erasure: a hold, or, for a sealed
     * document, its retention period (the site's for its status or its own), whose evidence it keeps until then;
     * empty when nothing keeps it.
     */
    public Optional<Kept> keptAgainstErasure(Document d, long now) {
        Optional<RetentionStore.Due> due = store.find(d.id());
        if (due.isPresent() && due.get().hold().isPresent()) {
            return Optional.of(new Kept(Kept.Why.HELD, due.get().hold().get().reason()));
        }
        if (d.signedFileHash() == null || due.isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> until = policy.dueAt(d.status(), d.retentionDays(), due.get().since());
        if (until.isEmpty()) {
            return Optional.of(new Kept(Kept.Why.KEPT_FOR_EVER, null));
        }
        return until.get() > now ? Optional.of(new Kept(Kept.Why.INSIDE_RETENTION, wire.time(until.get())))
                : Optional.empty();
    }

    /** Why a document is kept against an erasure, with what goes with it: the hold's reason, or until when. */
    public record Kept(Why why, String detail) {
        /** Held; sealed and inside its retention period; sealed and kept for ever by the site's retention. */
        public enum Why { HELD, INSIDE_RETENTION, KEPT_FOR_EVER }
    }

    /**
     * Purges ended document {@code id} now for a person's erasure, unless a hold or its retention keeps it (read
     * again under its lock); false when it was kept or is gone.
     */
    public boolean purgeForErasure(long id, long now) {
        List<String> erase = db.inTransaction(() -> {
            documents.lock(id);
            Optional<Document> d = documents.find(id).filter(found -> found.status().terminal()
                    && keptAgainstErasure(found, now).isEmpty());
            return d.isEmpty() ? null : purgeLocked(d.get());
        });
        if (erase == null) {
            return false;
        }
        erase.forEach(files::erase);
        return true;
    }

    /**
     * Purges document {@code d}, locked by the caller's transaction, whatever its retention: its record written,
     * every row naming its people removed, its files' keys destroyed; the names of the files to erase afterwards.
     */
    List<String> purgeLocked(Document d) {
        List<Long> fileIds = new ArrayList<>(List.of(d.originalFileId(), d.pdfFileId()));
        if (d.signedFileId() != null) {
            fileIds.add(d.signedFileId());
        }
        attachments.forDocument(d.id()).forEach(a -> LongStream.of(a.fileIds()).forEach(fileIds::add));
        fileIds.addAll(store.filesOfDocument(d.id()));
        store.record(d.id());
        store.scrubUnlinked(d.id());
        documents.deletePurged(d.id());
        List<String> names = new ArrayList<>();
        fileIds.stream().distinct().forEach(f -> files.forget(f).ifPresent(names::add));
        long purgedAt = now();
        events.purged(d.ownerId(), d.id(), Json.object("document_id", Wire.id(d.id()), "status", d.status().wire(),
                "purged_at", wire.time(purgedAt)));
        db.afterCommit(() -> LOG.info("purged document " + d.id() + " (" + d.status().wire() + ") at " + Instant.ofEpochSecond(purgedAt)
                + ": its files destroyed and its personal data removed; its record stays"));
        return names;
    }

    /** The record purged document {@code id} left, for its owner or an administrator; 404 or 403 as ever. */
    public PurgeRecord record(Principal p, long id) {
        return Ownership.require(p, db.read(() -> store.purged(id)), PurgeRecord::ownerId, "Document");
    }

    /** How many documents were ever purged, for /metrics. */
    public long purgedCount() {
        return store.purgedCount();
    }

    /** The site's periods, for whoever shows them. */
    public RetentionPolicy policy() {
        return policy;
    }

    private static Outcome outcome(RetentionStore.Due due, Action action) {
        return new Outcome(due.id(), due.status().wire(), due.since(), due.ownDays(), action,
                due.hold().map(h -> h.reason()).orElse(null));
    }

    private long now() {
        return documents.now();
    }
}
