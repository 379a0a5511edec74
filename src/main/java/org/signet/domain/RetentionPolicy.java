package org.signet.domain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How long the site keeps a document once it has reached a status that no longer changes by itself: days per
 * status (0: for ever), and the legal minimum below which no document's own period may go (0: none). A
 * document's own {@code retention_days} replaces the period of its status.
 */
public record RetentionPolicy(int completedDays, int declinedDays, int expiredDays, int draftDays, int minimumDays) {
    private static final long DAY = 86_400;

    /** Nothing is ever purged: what a site that sets nothing gets. */
    public static final RetentionPolicy KEEP_FOREVER = new RetentionPolicy(0, 0, 0, 0, 0);

    /** The site's period for documents in {@code status}, in days; 0 for ever, and for a status still in progress. */
    public int daysFor(DocumentStatus status) {
        return switch (status) {
            case COMPLETED -> completedDays;
            case DECLINED -> declinedDays;
            case EXPIRED -> expiredDays;
            case DRAFT -> draftDays;
            case SENT, VIEWED -> 0;
        };
    }

    /** The period of a document in {@code status} whose own period is {@code own} (null: the site's), in days. */
    public int daysFor(DocumentStatus status, Integer own) {
        if (status.inProgress()) {
            return 0;
        }
        return own != null ? own : daysFor(status);
    }

    /**
     * When a document that entered {@code status} at {@code since} (Unix seconds) is due to be purged, or
     * empty when it is kept for ever.
     */
    public Optional<Long> dueAt(DocumentStatus status, Integer own, long since) {
        int days = daysFor(status, own);
        return days == 0 ? Optional.empty() : Optional.of(since + days * DAY);
    }

    /** Why a document's own period of {@code days} is refused (below the legal minimum), or empty when it is allowed. */
    public Optional<String> refusal(int days) {
        if (days < 0) {
            return Optional.of("retention_days must be 0 (kept for ever) or more.");
        }
        if (days != 0 && days < minimumDays) {
            return Optional.of("retention_days must be 0 (kept for ever) or at least the site's minimum of "
                    + minimumDays + " days.");
        }
        return Optional.empty();
    }

    /** The site's periods below its own minimum, by setting name: a configuration that contradicts itself. */
    public Map<String, Integer> belowMinimum() {
        Map<String, Integer> below = new LinkedHashMap<>();
        Map<String, Integer> periods = Map.of("retention.completed_days", completedDays, "retention.declined_days",
                declinedDays, "retention.expired_days", expiredDays, "retention.draft_days", draftDays);
        periods.forEach((k, v) -> {
            if (v != 0 && v < minimumDays) {
                below.put(k, v);
            }
        });
        return below;
    }
}
