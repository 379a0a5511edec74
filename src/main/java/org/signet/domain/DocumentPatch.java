package org.signet.domain;

/**
 * The changes a {@code PUT /documents/{id}} asks for. A null title or status leaves it as it
 * is; expiry and reminder interval can be cleared, so each has a flag saying whether it was given.
 */
public record DocumentPatch(String title, boolean setsExpiry, Long expiresAt, boolean setsReminder,
        Integer reminderIntervalDays, DocumentStatus status) {}
