package org.signet.service;

import java.util.Map;
import java.util.Optional;
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

    /**
     * The document, when {@code principal} may see it. A purged document is 410 {@code document_purged} to its
     * owner or an administrator (only its record remains, which reading the document answers) and 403 to others.
     */
    Document require(Principal principal, long id) {
        Optional<Document> found = documents.find(id);
        if (found.isEmpty()) {
            documents.purged(id).ifPresent(purged -> {
                Ownership.check(principal, purged, DocumentStore.Purged::ownerId, "Document");
                throw purged();
            });
        }
        return Ownership.require(principal, found, Document::ownerId, "Document");
    }

    /** 410: the document's files and personal data were purged under the site's retention. */
    static Refusal purged() {
        return new Refusal(Refusal.Kind.GONE, "document_purged", "The document was purged under the site's retention: "
                + "its files and personal data are destroyed and only its record remains.", Map.of());
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
