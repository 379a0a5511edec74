package org.signet.service;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.signet.crypto.Tokens;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.MediaKind;
import org.signet.domain.Principal;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.store.Database;
import org.signet.store.StagedFileStore;
import org.signet.store.StoredFiles;

/**
 * Files staged by {@code POST /files} and turned into documents by {@code POST /documents}.
 * A staged file is named by an opaque {@code staging/<token>}, never by a location: nothing a client
 * sends is used as a path.
 */
public final class Staging {
    private static final String PREFIX = "staging/";

    private final Database db;
    private final StagedFileStore staged;
    private final Documents documents;
    private final StoredFiles files;
    private final Clock clock;

    /** A staged file as the client sees it. */
    public record Staged(String filePath, String originalFilename, long expiresAt) {}

    public Staging(Database db, StagedFileStore staged, Documents documents, StoredFiles files, Clock clock) {
        this.db = db;
        this.staged = staged;
        this.documents = documents;
        this.files = files;
        this.clock = clock;
    }

    public Staged stage(long userId, AcceptedFile f) {
        String token = Tokens.base62(32);
        db.inTransaction(() -> {
            staged.insert(new StagedFileStore.NewStaged(userId, token, f.originalFilename(), f.kind().mediaType(),
                    f.totalPages(), f.pages(), f.originalFileId(), f.pdfFileId(), f.fileHash(), f.removed(),
                    f.detected().isEmpty() ? null : Json.write(DetectedFields.saveShapes(f.detected()))));
            files.claim(f.originalFileId(), f.pdfFileId());
        });
        return new Staged(PREFIX + token, f.originalFilename(), now() + StagedFileStore.LIFETIME_SECONDS);
    }

    /**
     * Makes a draft of one of the user's own staged files, at most 15 minutes old; the staged row is
     * claimed in the same transaction, so a concurrent request or the cleanup job cannot take it too.
     * {@code filename} null keeps the staged file's name.
     */
    public Document createDocument(long userId, String filePath, String filename, DraftDetails draft, Actor actor) {
        return createDocument(new Principal(userId, false), filePath, filename, draft.forTeam(null), actor);
    }

    /**
     * As {@link #createDocument(long, String, String, DraftDetails, Actor)}, the draft going to the team
     * {@code draft} names, of which {@code p} is a member, not a viewer (see {@link Documents#create(Principal,
     * AcceptedFile, DraftDetails, Actor)}); the staged file is the one {@code p}'s key staged.
     */
    public Document createDocument(Principal p, String filePath, String filename, DraftDetails draft, Actor actor) {
        long userId = p.userId();
        return db.inTransaction(() -> {
            StagedFileStore.Staged s = ownFresh(userId, filePath);
            if (!staged.delete(s.id())) {
                throw invalidPath();
            }
            AcceptedFile file = new AcceptedFile(filename == null ? s.originalFilename() : filename,
                    MediaKind.ofMediaType(s.mediaType()), s.totalPages(), s.pages(), s.originalFileId(), s.pdfFileId(),
                    s.fileHash(), s.removed());
            Document d = documents.create(p, file, draft, actor);
            if (s.detectedFields() != null) {
                documents.keepDetected(d.id(), s.detectedFields());
            }
            return d;
        });
    }

    /** Removes every staged file older than its lifetime, a batch at a time, keys first; returns how many. */
    public int removeExpired() {
        if (db.deployment().sharedByInstances()) {
            // A Signet that died mid-upload is not restarted to clean up when others share its database.
            files.destroyAbandoned();
        }
        long cutoff = now() - StagedFileStore.LIFETIME_SECONDS;
        int removed = 0;
        for (List<StagedFileStore.Staged> batch = staged.createdBefore(cutoff); !batch.isEmpty();
                batch = staged.createdBefore(cutoff)) {
            batch.forEach(this::remove);
            removed += batch.size();
        }
        return removed;
    }

    private void remove(StagedFileStore.Staged s) {
        List<String> erase = db.inTransaction(() -> {
            List<String> names = new ArrayList<>();
            if (!staged.delete(s.id())) {
                // Turned into a document since the batch was read: its files now belong to that document.
                return names;
            }
            files.forget(s.originalFileId()).ifPresent(names::add);
            if (s.pdfFileId() != s.originalFileId()) {
                files.forget(s.pdfFileId()).ifPresent(names::add);
            }
            return names;
        });
        erase.forEach(files::erase);
    }

    /** Another user's file, a made-up path, traversal, or an expired file: all the same 400. */
    private StagedFileStore.Staged ownFresh(long userId, String path) {
        String token = path.startsWith(PREFIX) ? path.substring(PREFIX.length()) : "";
        StagedFileStore.Staged s = token.matches("[0-9A-Za-z]{32}") ? staged.findByToken(token).orElse(null) : null;
        boolean expired = s != null && now() - s.createdAt() > StagedFileStore.LIFETIME_SECONDS;
        if (s == null || s.userId() != userId || expired) {
            throw invalidPath();
        }
        return s;
    }

    private static Refusal invalidPath() {
        return Refusal.invalid("invalid_file_path",
                "file_path must be a file you staged with POST /files in the last 15 minutes.");
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
