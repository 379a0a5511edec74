package org.signet.domain;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A party to a document. The token, PIN digest, IP and user agent are hidden and never rendered.
 * {@code language} is null when the signer has none of their own and the site's default applies.
 * {@code gateVersion} moves whenever the unlocks given for the link must end: the place handed to
 * another person, the document recalled, the gates changed.
 */
public record Signer(long id, long documentId, String name, String email, Role role, int signingOrder, Status status,
        String accessToken, String pinHash, boolean requireLogin, Verification verification, Language language,
        Long invitedAt, Long lastRemindedAt, Long viewedAt,
        Long signedAt, Long declinedAt, String declineReason, String signatureIp, String signatureUserAgent,
        int pinFailures, Long pinLockedUntil, long gateVersion, long createdAt, long updatedAt) {

    /** What the party does: signs, only views, or approves before the signers are invited. */
    public enum Role {
        SIGNER, VIEWER, APPROVER;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<Role> fromWire(String s) {
            return Arrays.stream(values()).filter(v -> v.wire().equals(s)).findFirst();
        }
    }

    /** How the link checks who opens it besides the PIN and login: not at all, or by a code mailed to the signer. */
    public enum Verification {
        NONE, EMAIL_CODE;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<Verification> fromWire(String s) {
            return Arrays.stream(values()).filter(v -> v.wire().equals(s)).findFirst();
        }
    }

    /** pending -> viewed -> signed or declined. */
    public enum Status {
        PENDING, VIEWED, SIGNED, DECLINED;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Status fromWire(String s) {
            return valueOf(s.toUpperCase(Locale.ROOT));
        }

        /** The signer's state machine: pending -> viewed, and from either to signed or declined. */
        public boolean mayMoveTo(Status to) {
            return switch (this) {
                case PENDING -> to != PENDING;
                case VIEWED -> to == SIGNED || to == DECLINED;
                case SIGNED, DECLINED -> false;
            };
        }
    }

    /**
     * This signer as it is after moving to {@code to} at {@code at} (Unix seconds), as the store
     * records it: lets a transaction go on with what it wrote instead of reading it back.
     */
    public Signer movedTo(Status to, long at) {
        if (!status.mayMoveTo(to)) {
            throw new IllegalStateException("a " + status.wire() + " signer cannot become " + to.wire());
        }
        return new Signer(id, documentId, name, email, role, signingOrder, to, accessToken, pinHash, requireLogin,
                verification, language, invitedAt, lastRemindedAt, to == Status.VIEWED ? Long.valueOf(at) : viewedAt,
                to == Status.SIGNED ? Long.valueOf(at) : signedAt, to == Status.DECLINED ? Long.valueOf(at) : declinedAt,
                declineReason, signatureIp, signatureUserAgent, pinFailures, pinLockedUntil, gateVersion, createdAt, at);
    }

    public boolean invited() {
        return invitedAt != null;
    }

    /** Has done what their role asks: signed or approved (viewers never block). */
    public boolean done() {
        return status == Status.SIGNED;
    }

    public boolean acted() {
        return status == Status.SIGNED || status == Status.DECLINED;
    }
}
