package org.signet.jobs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.signet.store.Database;
import org.signet.store.StagedFileStore;
import org.signet.store.StoredFiles;

/** Removes staged files nobody turned into a document within their 15 minutes, keys first. */
public final class StagingCleanupJob implements Runnable {
    private final Database db;
    private final StagedFileStore staged;
    private final StoredFiles files;
    private final Clock clock;

    public StagingCleanupJob(Database db, StagedFileStore staged, StoredFiles files, Clock clock) {
        this.db = db;
        this.staged = staged;
        this.files = files;
        this.clock = clock;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Removes every staged file older than its lifetime, a batch at a time; returns how many. */
    public int runOnce() {
        long cutoff = clock.millis() / 1000 - StagedFileStore.LIFETIME_SECONDS;
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
}
