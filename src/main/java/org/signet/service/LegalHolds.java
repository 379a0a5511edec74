package org.signet.service;

import java.util.Optional;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.LegalHold;
import org.signet.domain.Principal;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.RetentionStore;

/**
 * Legal holds: a document its owner or an administrator holds is never purged, whatever its retention, until
 * the hold is released. Placing and releasing are recorded in the document's audit trail.
 */
public final class LegalHolds {
    private final Database db;
    private final DocumentAccess access;
    private final RetentionStore store;
    private final AuditStore audit;

    public LegalHolds(DocumentStores s, RetentionStore store) {
        this.db = s.db();
        this.access = new DocumentAccess(s);
        this.store = store;
        this.audit = s.audit();
    }

    /** Holds document {@code id} for {@code reason}, or gives a hold already placed this reason; the hold as it now is. */
    public LegalHold hold(Principal p, long id, String reason, Actor actor) {
        return db.inTransaction(() -> {
            Document d = access.require(p, id);
            boolean placed = store.hold(d.id(), reason);
            audit.record(d.id(), placed ? "legal_hold_placed" : "legal_hold_changed", actor, reason);
            return store.holdOf(d.id()).orElseThrow();
        });
    }

    /**
     * Releases the hold on document {@code id}, recorded in its trail; releasing a document that is not held
     * changes nothing and records nothing, so a retried release answers as the first.
     */
    public void release(Principal p, long id, Actor actor) {
        db.inTransaction(() -> {
            Document d = access.require(p, id);
            if (store.release(d.id())) {
                audit.record(d.id(), "legal_hold_released", actor, null);
            }
        });
    }

    /** The hold on document {@code id}, if any, for its owner or an administrator. */
    public Optional<LegalHold> of(Principal p, long id) {
        return db.read(() -> store.holdOf(access.read(p, id).id()));
    }
}
