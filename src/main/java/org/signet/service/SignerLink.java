package org.signet.service;

import java.util.List;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Routing;
import org.signet.domain.Signer;

/**
 * A signing link resolved: the signer, their document and its other parties, and what the link
 * may do now ({@code now} in epoch seconds). The one place that decides whether a signer can act.
 */
public record SignerLink(Signer signer, Document document, List<Signer> parties, long now) {

    /** Why the document is not shown, when it is not; null when it may be shown. */
    public enum Closed {
        COMPLETED, DECLINED, EXPIRED, RECALLED, NOT_YOUR_TURN, ALREADY_ACTED
    }

    /** Null when the document may be shown to this party, otherwise why not. */
    public Closed closed() {
        DocumentStatus s = document.status();
        if (s == DocumentStatus.DECLINED) {
            return Closed.DECLINED;
        }
        // Past its expiry time the link is closed at once, not only when the expiry job next runs.
        if (s == DocumentStatus.EXPIRED || !s.terminal() && document.expiresAt() != null && document.expiresAt() <= now) {
            return Closed.EXPIRED;
        }
        if (s == DocumentStatus.DRAFT) {
            return Closed.RECALLED;
        }
        if (s == DocumentStatus.COMPLETED) {
            return signer.role() == Signer.Role.VIEWER ? null : Closed.COMPLETED;
        }
        if (signer.acted()) {
            return Closed.ALREADY_ACTED;
        }
        return signer.invited() && Routing.isTurn(parties, signer.id()) ? null : Closed.NOT_YOUR_TURN;
    }

    /** The same link after its signer or document changed: the party list carries the new signer too. */
    public SignerLink with(Signer changed, Document changedDocument) {
        List<Signer> updated = parties.stream().map(p -> p.id() == changed.id() ? changed : p).toList();
        return new SignerLink(changed, changedDocument, updated, now);
    }

    /** May sign, approve or decline now (viewers never act). */
    public boolean canAct() {
        return closed() == null && signer.role() != Signer.Role.VIEWER && document.status().inProgress();
    }
}
