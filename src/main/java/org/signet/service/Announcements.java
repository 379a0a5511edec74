package org.signet.service;

/** What a change tells others once it commits: mails to the people it concerns, events to the webhooks' receivers. */
public record Announcements(Notifications mail, WebhookEvents events) {}
