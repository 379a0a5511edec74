package org.signet.domain;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The document workflow's states and every allowed change between them, in one place.
 * Whatever changes a document's status asks {@link #next} first.
 */
public enum DocumentStatus {
    DRAFT, SENT, VIEWED, COMPLETED, DECLINED, EXPIRED;

    /** What happened to the document. */
    public enum Trigger {
        SEND, RECALL, FIRST_VIEW, COMPLETE, DECLINE, EXPIRE
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<DocumentStatus> fromWire(String s) {
        return Arrays.stream(values()).filter(v -> v.wire().equals(s)).findFirst();
    }

    public boolean terminal() {
        return this == COMPLETED || this == DECLINED || this == EXPIRED;
    }

    /** Open for signers: invitations are out and links work. */
    public boolean inProgress() {
        return this == SENT || this == VIEWED;
    }

    /** The state after {@code trigger}, or empty when the trigger is not allowed from here. */
    public Optional<DocumentStatus> next(Trigger trigger) {
        return Optional.ofNullable(switch (trigger) {
            case SEND -> this == DRAFT ? SENT : null;
            case RECALL -> inProgress() ? DRAFT : null;
            case FIRST_VIEW -> this == SENT ? VIEWED : null;
            case COMPLETE -> inProgress() ? COMPLETED : null;
            case DECLINE -> inProgress() ? DECLINED : null;
            case EXPIRE -> terminal() ? null : EXPIRED;
        });
    }

    /** The statuses a client may ask for with PUT /documents/{id} from here. */
    public Set<DocumentStatus> allowedByUpdate() {
        Set<DocumentStatus> out = EnumSet.noneOf(DocumentStatus.class);
        next(Trigger.SEND).ifPresent(out::add);
        next(Trigger.RECALL).ifPresent(out::add);
        next(Trigger.EXPIRE).ifPresent(out::add);
        return out;
    }
}
