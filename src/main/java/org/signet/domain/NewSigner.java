package org.signet.domain;

/** A signer to add to a document; the PIN only as its digest, the language null for the site's default. */
public record NewSigner(long documentId, String name, String email, Signer.Role role, int signingOrder,
        String pinHash, boolean requireLogin, Signer.Verification verification, Language language) {}
