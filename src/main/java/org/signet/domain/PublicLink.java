package org.signet.domain;

/** A template's public link: anyone holding its address may sign from the template (docs/api/templates.md). */
public record PublicLink(long id, long templateId, long createdAt) {}
