package org.signet.domain;

/** A numbered place for a signer in a template: the role and signing order its signer gets by default. */
public record TemplateSlot(int slot, Signer.Role role, int signingOrder) {}
