package org.signet.service;

import java.util.Map;
import java.util.Optional;
import org.signet.domain.Document;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.store.DocumentStore;

/**
 * The ownership rule ({@link Ownership}; see docs/api/accounts-and-keys.md, Ownership, and docs/api/teams.md)
 * applied to documents: 404 when one does not exist (checked first), 403 when not theirs, nor their team's
 * with a role that allows what is asked. {@link #require} is for a change (a team's member or more),
 * {@link #read} for reading (a viewer too).
 */
final class DocumentAccess {
    private final DocumentStore documents;
    private final Ownership ownership;

    DocumentAccess(DocumentStores s) {
        this.documents = s.documents();
        this.ownership = new Ownership(s.teams());
    }

    /**
     * The document, when {@code principal} may change it. A purged document is 410 {@code document_purged} to its
     * owner or an administrator (only its record remains, which reading the document answers) and 403 to others.
     */
    Document require(Principal principal, long id) {
        return find(principal, id, TeamRole.MEMBER);
    }

    /** The document, when {@code principal} may read it (its files and trail too); otherwise as {@link #require}. */
    Document read(Principal principal, long id) {
        return find(principal, id, TeamRole.VIEWER);
    }

    private Document find(Principal principal, long id, TeamRole needed) {
        Optional<Document> found = documents.find(id);
        if (found.isEmpty()) {
            documents.purged(id).ifPresent(purged -> {
                Ownership.check(principal, purged, DocumentStore.Purged::ownerId, "Document");
                throw purged();
            });
        }
        return ownership.require(principal, found, needed, "Document");
    }

    /** 410: the document's files and personal data were purged under the site's retention. */
    static Refusal purged() {
        return new Refusal(Refusal.Kind.GONE, "document_purged", "The document was purged under the site's retention: "
                + "its files and personal data are destroyed and only its record remains.", Map.of());
    }

    /** {@code d} if {@code principal} may read it, else 403. */
    Document check(Principal principal, Document d) {
        return ownership.check(principal, d, TeamRole.VIEWER, "Document");
    }

    /** The document, for Signet's own work (jobs); 404 when it no longer exists. */
    Document require(long id) {
        return documents.find(id).orElseThrow(() -> Refusal.notFound("Document"));
    }

    /** The rule itself, for what a document's service decides beside one document: listings, new documents. */
    Ownership ownership() {
        return ownership;
    }
}
