package org.signet.domain;

import java.util.Map;

/**
 * The changes a {@code PUT /documents/{id}} asks for. A null title or status leaves it as it
 * is; expiry, reminder interval and external id can be cleared, so each has a flag saying whether it
 * was given; null metadata leaves it as it is, an empty map clears it; a null allowDelegation leaves it; the
 * document's own retention period may be cleared (the site's again), so it has a flag too.
 */
public record DocumentPatch(String title, boolean setsExpiry, Long expiresAt, boolean setsReminder,
        Integer reminderIntervalDays, DocumentStatus status, boolean setsExternalId, String externalId,
        Map<String, String> metadata, Boolean allowDelegation, boolean setsRetention, Integer retentionDays) {

    /** A change of status alone, every detail left as it is: what the administrator pages' recall asks for. */
    public static DocumentPatch status(DocumentStatus to) {
        return new DocumentPatch(null, false, null, false, null, to, false, null, null, null, false, null);
    }
}
