package org.signet.service;

import java.util.List;
import org.signet.crypto.Passwords;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.NewSigner;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.SignerStore;

/**
 * What the owner may do to the parties of a draft besides adding them: change any of what they gave when adding
 * one, remove one, and move one up or down the signing order. Nobody has been invited to a draft, nobody has
 * acted, so none of it can take back what a party saw; once sent, only {@link Workflow#changeSigner} applies.
 */
public final class DraftRecipients {
    /** The highest signing order a party may have, as adding one allows. */
    static final int MAX_ORDER = 1000;

    private final Database db;
    private final SignerStore signers;
    private final AuditStore audit;
    private final DocumentAccess access;
    private final Workflow workflow;

    public DraftRecipients(DocumentStores s, Workflow workflow) {
        this.db = s.db();
        this.signers = s.signers();
        this.audit = s.audit();
        this.access = new DocumentAccess(s);
        this.workflow = workflow;
    }

    /** Which way a party moves in the signing order. */
    public enum Move { UP, DOWN }

    /** Changes a draft's party to what {@code r} says, all or nothing; a null PIN keeps the one they have. */
    public Signer change(Principal p, long documentId, long signerId, Workflow.SignerRequest r, Actor actor) {
        String pinHash = r.pin() == null ? null : Passwords.hash(r.pin().toCharArray());
        return db.inTransaction(() -> {
            Document d = draft(p, documentId);
            Signer s = partyOf(d, signerId);
            if (r.requireLogin()) {
                workflow.requireAskable(p, d, r.email());
            }
            if (!s.email().equalsIgnoreCase(r.email()) && signers.emailTaken(d.id(), r.email())) {
                throw Refusal.invalid("duplicate_signer", "A signer with this email is already on the document.");
            }
            Signer changed = signers.updateDraft(s.id(), new NewSigner(d.id(), r.name(), r.email(), r.role(),
                    r.signingOrder(), pinHash, r.requireLogin(), r.verification(), r.language())).orElseThrow();
            audit.record(d.id(), "signer_changed", actor, changed.email());
            return changed;
        });
    }

    /** Removes a draft's party, and the fields that were theirs. */
    public void remove(Principal p, long documentId, long signerId, Actor actor) {
        db.inTransaction(() -> {
            Document d = draft(p, documentId);
            Signer s = partyOf(d, signerId);
            signers.delete(s.id());
            audit.record(d.id(), "signer_removed", actor, s.email());
            return null;
        });
    }

    /**
     * Moves a draft's party one place up or down the list in signing order. Past a party of another number the
     * two exchange numbers; past one they sign together with, the party moves out of the group to a number of its
     * own just before (or after) it, and every later number moves on by one to make room.
     */
    public List<Signer> move(Principal p, long documentId, long signerId, Move way, Actor actor) {
        return db.inTransaction(() -> {
            Document d = draft(p, documentId);
            Signer s = partyOf(d, signerId);
            List<Signer> all = signers.forDocument(d.id());
            int at = indexOf(all, s.id());
            int to = way == Move.UP ? at - 1 : at + 1;
            if (to < 0 || to >= all.size()) {
                return all;
            }
            Signer other = all.get(to);
            if (other.signingOrder() != s.signingOrder()) {
                signers.setOrder(s.id(), other.signingOrder());
                signers.setOrder(other.id(), s.signingOrder());
            } else {
                leaveGroup(all, s, way);
            }
            audit.record(d.id(), "signer_changed", actor, s.email());
            return signers.forDocument(d.id());
        });
    }

    /** {@code s} alone before (or after) the group it signed with: later numbers, the group's too, move on by one. */
    private void leaveGroup(List<Signer> all, Signer s, Move way) {
        int group = s.signingOrder();
        if (all.stream().mapToInt(Signer::signingOrder).max().orElse(group) >= MAX_ORDER) {
            throw Refusal.invalidParam("signing_order", "signing_order cannot be higher than " + MAX_ORDER + ".");
        }
        for (Signer other : all) {
            boolean later = way == Move.UP ? other.signingOrder() >= group : other.signingOrder() > group;
            if (other.id() != s.id() && later) {
                signers.setOrder(other.id(), other.signingOrder() + 1);
            }
        }
        if (way == Move.DOWN) {
            signers.setOrder(s.id(), group + 1);
        }
    }

    private static int indexOf(List<Signer> all, long signerId) {
        return all.stream().map(Signer::id).toList().indexOf(signerId);
    }

    private Document draft(Principal p, long documentId) {
        Document d = access.require(p, documentId);
        if (d.status() != DocumentStatus.DRAFT) {
            throw Workflow.invalidState("Only a draft's parties can be changed this way; this document is "
                    + d.status().wire() + ".");
        }
        return d;
    }

    /** One party of {@code d}; 404 when the id names nobody, or a party of another document. */
    private Signer partyOf(Document d, long signerId) {
        return signers.find(signerId).filter(found -> found.documentId() == d.id())
                .orElseThrow(() -> Refusal.notFound("Signer"));
    }
}
