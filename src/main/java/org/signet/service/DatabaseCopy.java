package org.signet.service;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.signet.files.FileVault;
import org.signet.files.FolderBytes;
import org.signet.store.Database;
import org.signet.store.FileChunks;
import org.signet.store.MasterKeyCheck;
import org.signet.store.SiteCopy;
import org.signet.store.StoredFiles;

/**
 * Moves a SQLite site to an empty PostgreSQL database: every row with its id, every file's sealed
 * bytes from the folder into the database (copied as they are, never decrypted on the way), and the
 * master key's check value; then checks the copy: rows per table, each file decrypted from the
 * target to its recorded SHA-256, and each document's audit chain.
 */
public final class DatabaseCopy {
    private final Database source;
    private final Database target;
    private final Path dataDir;
    private final Clock clock;

    /** What was copied and checked; {@code problems} is empty when the copy is whole. */
    public record Report(int tables, long rows, int files, long bytes, int chains, List<String> problems) {}

    public DatabaseCopy(Database source, Database target, Path dataDir, Clock clock) {
        this.source = source;
        this.target = target;
        this.dataDir = dataDir;
        this.clock = clock;
    }

    /** Copies and checks; refuses, changing nothing, a target where any table holds a row. */
    public Report run() throws IOException, Refused {
        FileVault vault = FileVault.openExisting(dataDir);
        SiteCopy copy = new SiteCopy(source, target);
        List<String> occupied = copy.occupied();
        if (!occupied.isEmpty()) {
            throw new Refused("the target database is not empty (rows in " + String.join(", ", occupied)
                    + "): a site is copied only into a new, empty database");
        }
        MasterKeyCheck.verify(source, vault, clock);
        Map<String, Long> copied = copy.copyRows();
        long bytes = copyFiles(vault);
        MasterKeyCheck.verify(target, vault, clock);
        return check(copy, copied, vault.storingIn(new FileChunks(target)), bytes);
    }

    /** Streams each recorded file's sealed bytes from the folder into the target's rows. */
    private long copyFiles(FileVault vault) throws IOException {
        FolderBytes folder = new FolderBytes(dataDir.resolve(FileVault.FILES));
        FileChunks chunks = new FileChunks(target);
        long bytes = 0;
        StoredFiles stored = new StoredFiles(source, vault, clock);
        for (List<StoredFiles.Recorded> page = stored.recorded(0, BackupCheck.PAGE); !page.isEmpty();
                page = stored.recorded(page.get(page.size() - 1).id(), BackupCheck.PAGE)) {
            for (StoredFiles.Recorded r : page) {
                String name = r.file().name();
                if (folder.holds(name)) {
                    chunks.store(name, out -> {
                        try (InputStream in = folder.open(name)) {
                            return in.transferTo(out);
                        }
                    });
                    bytes += Files.size(dataDir.resolve(FileVault.FILES).resolve(name));
                }
            }
        }
        return bytes;
    }

    private Report check(SiteCopy copy, Map<String, Long> copied, FileVault targetVault, long bytes) {
        List<String> problems = new ArrayList<>();
        long rows = 0;
        for (Map.Entry<String, long[]> e : copy.counts().entrySet()) {
            long[] n = e.getValue();
            rows += n[1];
            if (n[0] != n[1]) {
                problems.add("table " + e.getKey() + ": " + n[0] + " rows in SQLite, " + n[1] + " in PostgreSQL");
            }
        }
        BackupCheck.Found found = BackupCheck.contents(target, targetVault, clock);
        problems.addAll(found.problems());
        return new Report(copied.size(), rows, found.files(), bytes, found.chains(), problems);
    }

    /** The target holds rows already; nothing was copied. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }
}
