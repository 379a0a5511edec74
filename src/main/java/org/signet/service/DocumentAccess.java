package org.signet.service;

import org.signet.domain.Document;
import org.signet.domain.Principal;
import org.signet.error.Refusal;
import org.signet.store.DocumentStore;

/**
 * The ownership rule ({@link Ownership}; see docs/api/accounts-and-keys.md, Ownership) applied to documents: 404
 * when one does not exist (checked first), 403 when not theirs.
 */
final class DocumentAccess {
    private final DocumentStore documents;

    DocumentAccess(DocumentStore documents) {
        this.documents = documents;
    }

    Document require(Principal principal, long id) {
        return Ownership.require(principal, documents.find(id), Document::ownerId, "Document");
    }

    /** {@code d} if {@code principal} may see it, else 403. */
    Document check(Principal principal, Document d) {
        return Ownership.check(principal, d, Document::ownerId, "Document");
    }

    /** The document, for Signet's own work (jobs); 404 when it no longer exists. */
    Document require(long id) {
        return documents.find(id).orElseThrow(() -> Refusal.notFound("Document"));
    }
}
