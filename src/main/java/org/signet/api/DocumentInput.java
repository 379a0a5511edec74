package org.signet.api;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.DocumentPatch;
import org.signet.domain.DocumentStatus;
import org.signet.domain.ExternalRef;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.service.DraftDetails;
import org.signet.service.DrawableText;
import org.signet.text.Wire;

/**
 * Reads and checks a document's client-set details: title, expires_at, reminder_interval_days, status,
 * allow_delegation, and the client's own external_id and metadata.
 */
public final class DocumentInput {
    static final int MAX_TITLE = 255;
    /** A new document's details, read by {@link #fromBody}; the bodies that carry them add their own keys. */
    static final Keys DETAILS = Keys.of("title", "expires_at", "reminder_interval_days", "external_id", "metadata",
            "allow_delegation");
    /** What a PUT may change. */
    static final Keys UPDATE = DETAILS.and("status", "retention_days");

    private final Wire wire;
    private final Clock clock;

    public DocumentInput(Wire wire, Clock clock) {
        this.wire = wire;
        this.clock = clock;
    }

    /** The text parts of an upload; an empty part (as HTML forms send) counts as not given. */
    DraftDetails fromText(Map<String, String> text) {
        Map<String, Object> values = new LinkedHashMap<>();
        text.forEach((k, v) -> {
            if (!v.isBlank()) {
                values.put(k, v);
            }
        });
        return fromBody(new Body(values));
    }

    DraftDetails fromBody(Body b) {
        String title = b.optLine("title", MAX_TITLE).orElse(null);
        DrawableText.check("title", title, b::reject);
        Long expires = expiresAt(b).orElse(null);
        Integer reminder = b.optLong("reminder_interval_days", 1, 30).map(Long::intValue).orElse(null);
        ExternalRef ref = ExternalRefInput.read(b);
        Optional<Boolean> allowDelegation = b.optBool("allow_delegation");
        Long teamId = b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        return new DraftDetails(title, expires, reminder, ref, allowDelegation, teamId);
    }

    /** A PUT's changes; the document they apply to is the service's to read. */
    DocumentPatch forUpdate(Body b) {
        b.refuseUnknown(UPDATE);
        String title = b.optLine("title", MAX_TITLE).orElse(null);
        DrawableText.check("title", title, b::reject);
        Long expires = b.isNull("expires_at") ? null : expiresAt(b).orElse(null);
        Integer reminder = b.isNull("reminder_interval_days") ? null
                : b.optLong("reminder_interval_days", 1, 30).map(Long::intValue).orElse(null);
        DocumentStatus status = b.optString("status").map(s -> DocumentStatus.fromWire(s).orElseGet(() -> {
            b.reject("status", "status is not one of draft, sent, viewed, completed, declined, expired.");
            return null;
        })).orElse(null);
        String externalId = b.isNull("external_id") ? null
                : b.optLine("external_id", ExternalRefInput.MAX_EXTERNAL_ID).orElse(null);
        Map<String, String> metadata = b.isNull("metadata") ? Map.of()
                : b.has("metadata") ? ExternalRefInput.metadata(b) : null;
        Boolean allowDelegation = b.optBool("allow_delegation").orElse(null);
        Integer retention = b.isNull("retention_days") ? null
                : b.optLong("retention_days", 0, 36_500).map(Long::intValue).orElse(null);
        b.check();
        return new DocumentPatch(title, sets(b, "expires_at"), expires, sets(b, "reminder_interval_days"), reminder,
                status, b.has("external_id"), externalId, metadata, allowDelegation, sets(b, "retention_days"),
                retention);
    }

    /** Given with a value or an explicit null; an empty expires_at string is treated as not given. */
    private static boolean sets(Body b, String name) {
        return b.isNull(name) || b.has(name) && !(b.raw(name) instanceof String s && s.isBlank());
    }

    Optional<Long> expiresAt(Body b) {
        return b.optString("expires_at").filter(s -> !s.isBlank()).map(s -> {
            try {
                long t = wire.parseTime(s);
                if (t <= clock.millis() / 1000) {
                    b.reject("expires_at", "expires_at must be in the future.");
                }
                return t;
            } catch (IllegalArgumentException e) {
                b.reject("expires_at", "expires_at must be a timestamp of the form YYYY-MM-DD HH:MM:SS.");
                return null;
            }
        });
    }
}
