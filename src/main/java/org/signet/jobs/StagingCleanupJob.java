package org.signet.jobs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.signet.store.Database;
import org.signet.store.StagedFileStore;
import org.signet.store.StoredFiles;

/** Removes staged files nobody turned into a document within their 15 minutes, keys first. */
public final class StagingCleanupJob implements Runnable {
    private static final long LIFETIME_SECONDS = 15 * 60;

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

    public int runOnce() {
        List<StagedFileStore.Staged> old = staged.createdBefore(clock.millis() / 1000 - LIFETIME_SECONDS);
        for (StagedFileStore.Staged s : old) {
            List<String> erase = db.inTransaction(() -> {
                staged.delete(s.id());
                List<String> names = new ArrayList<>();
                files.forget(s.originalFileId()).ifPresent(names::add);
                if (s.pdfFileId() != s.originalFileId()) {
                    files.forget(s.pdfFileId()).ifPresent(names::add);
                }
                return names;
            });
            erase.forEach(files::erase);
        }
        return old.size();
    }
}
