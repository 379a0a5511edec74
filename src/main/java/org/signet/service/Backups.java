package org.signet.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.signet.files.FileVault;
import org.signet.files.OwnerOnly;
import org.signet.store.ClearValues;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.MasterKeyCheck;
import org.signet.store.Migrations;
import org.signet.store.SealedValues;
import org.signet.store.StoredFiles;

/**
 * Makes a backup of a data folder while Signet serves from it: a consistent copy of the database,
 * then exactly the encrypted files that copy records (and the keys, when asked), then the checks
 * of {@link BackupCheck} on what was copied, and only then the manifest that marks it complete.
 * <p>
 * Stored files are written once under a new name and never changed, so a file copied once is the
 * file every later copy of the database means by that name. A file is removed only after the
 * transaction that forgot its record has committed; so one that a copy of the database records
 * can vanish before it is copied only when it was forgotten after that copy was made. Then a new
 * copy of the database is made, which no longer records it, and the files copied already are kept.
 */
public final class Backups {
    /** Copies of the database made before giving up on files that keep vanishing under the copy. */
    static final int ATTEMPTS = 3;

    private final Database db;
    private final Path dataDir;
    private final Clock clock;

    public Backups(Database db, Path dataDir, Clock clock) {
        this.db = db;
        this.dataDir = dataDir;
        this.clock = clock;
    }

    /** Why a PostgreSQL site gets no backup from Signet, and what backs it up instead. */
    private static final String POSTGRESQL_REFUSAL = "Signet backs up its SQLite database only; back up a PostgreSQL "
            + "database with pg_dump, which holds the stored files too, and keep the data folder's keys/ apart";

    /**
     * Backs up into {@code to}, a new or empty folder; the keys too when {@code withKeys}. What
     * fails leaves nothing behind in {@code to}. A PostgreSQL database is refused before anything is
     * written: its backups are PostgreSQL's own.
     */
    public BackupManifest make(Path to, boolean withKeys) throws BackupException, IOException {
        if (!db.copiesToFile()) {
            // On PostgreSQL the encrypted files are rows of the database: there are no files beside it to copy.
            throw new BackupException(POSTGRESQL_REFUSAL);
        }
        boolean existed = BackupFolder.requireEmpty(to);
        try {
            BackupManifest m = fill(to, withKeys);
            BackupFolder.writeManifest(to, m);
            return m;
        } catch (BackupException | IOException | RuntimeException e) {
            BackupFolder.remove(to, existed);
            throw e;
        }
    }

    /** Whether {@code folder} holds a complete backup: one whose manifest was written, last of all. */
    public static boolean isComplete(Path folder) {
        return Files.isRegularFile(folder.resolve(BackupFolder.MANIFEST));
    }

    /** Removes a backup's folder, complete or not. */
    public static void delete(Path folder) throws IOException {
        BackupFolder.remove(folder, false);
    }

    private BackupManifest fill(Path to, boolean withKeys) throws BackupException, IOException {
        // As a start would: a folder that never served gets its master key, so the copy can be checked;
        // a key the database does not know is refused here rather than reported file by file.
        try {
            // And as a start would, what an earlier Signet kept in clear is sealed before it is copied.
            ClearValues.sealLeft(db, new SealedValues(MasterKeyCheck.openVault(db, dataDir, clock)));
        } catch (MasterKeyCheck.Mismatch e) {
            throw new BackupException(e.getMessage());
        }
        OwnerOnly.folder(to.resolve(FileVault.FILES));
        FileVault copied = FileVault.reading(dataDir.resolve(FileVault.KEYS), to.resolve(FileVault.FILES));
        Map<String, BackupManifest.Entry> files = new HashMap<>();
        String vanished = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Path copy = to.resolve(BackupFolder.DATABASE);
            Files.deleteIfExists(copy);
            db.copyInto(DataFolder.ownerOnlyDatabase(copy));
            Snapshot s;
            try (Database snapshot = Database.open(copy, "FULL", 1)) {
                s = snapshot(snapshot, copied, to, files);
            } catch (Vanished v) {
                vanished = v.getMessage();
                continue;
            }
            return manifest(to, s, withKeys);
        }
        throw new BackupException("stored files were deleted after each of " + ATTEMPTS + " copies of the database "
                + "recorded them (the last " + vanished + "); try again when the server is less busy");
    }

    /** A file the copy of the database records that was removed from the data folder before it was copied. */
    private static final class Vanished extends Exception {
        private static final long serialVersionUID = 1L;

        Vanished(String path) {
            super(path, null, false, false);
        }
    }

    /** What one copy of the database holds, as checked. */
    private record Snapshot(int schemaVersion, List<BackupManifest.Entry> files, int chains) {}

    private Snapshot snapshot(Database snapshot, FileVault copied, Path to, Map<String, BackupManifest.Entry> files)
            throws BackupException, IOException, Vanished {
        List<StoredFiles.Recorded> recorded = new StoredFiles(snapshot, copied, clock).recorded();
        List<BackupManifest.Entry> entries = copyFiles(recorded, to, files);
        dropOthers(to, entries);
        BackupCheck.Found found = BackupCheck.contents(snapshot, copied, clock);
        if (!found.problems().isEmpty()) {
            throw BackupException.problems("the copy in " + to + " does not hold up", found.problems());
        }
        return new Snapshot(Migrations.currentVersion(snapshot), entries, found.chains());
    }

    /**
     * Copies the recorded files not copied before; throws {@link Vanished} when one that must be there
     * is gone from the data folder (forgotten since the copy of the database was made).
     */
    private List<BackupManifest.Entry> copyFiles(List<StoredFiles.Recorded> recorded, Path to,
            Map<String, BackupManifest.Entry> files) throws IOException, Vanished {
        List<BackupManifest.Entry> entries = new ArrayList<>();
        for (StoredFiles.Recorded r : recorded) {
            String path = FileVault.FILES + "/" + r.file().name();
            BackupManifest.Entry e = files.get(path);
            if (e == null) {
                try {
                    e = BackupFolder.copy(dataDir.resolve(path), to, path);
                    files.put(path, e);
                } catch (NoSuchFileException gone) {
                    if (r.unclaimed()) {
                        continue; // its owner never committed: a start destroys it anyway
                    }
                    throw new Vanished(path);
                }
            }
            entries.add(e);
        }
        return entries;
    }

    /** Removes files copied for an earlier copy of the database that this one no longer records. */
    private static void dropOthers(Path to, List<BackupManifest.Entry> kept) throws IOException {
        Set<String> keep = kept.stream().map(BackupManifest.Entry::path).collect(Collectors.toSet());
        try (Stream<Path> list = Files.list(to.resolve(FileVault.FILES))) {
            for (Path p : list.toList()) {
                if (!keep.contains(FileVault.FILES + "/" + p.getFileName())) {
                    Files.delete(p);
                }
            }
        }
    }

    private BackupManifest manifest(Path to, Snapshot s, boolean withKeys) throws IOException {
        BackupManifest.Entry database = BackupFolder.entry(to, BackupFolder.DATABASE);
        List<BackupManifest.Entry> keys = new ArrayList<>();
        if (withKeys) {
            Path keysDir = dataDir.resolve(FileVault.KEYS);
            OwnerOnly.folder(to.resolve(FileVault.KEYS));
            for (String name : BackupFolder.keyFiles(keysDir)) {
                keys.add(BackupFolder.copy(keysDir.resolve(name), to, FileVault.KEYS + "/" + name));
            }
        }
        BackupFolder.syncDirectory(to.resolve(FileVault.FILES));
        return new BackupManifest(Instant.now(clock).toString(), s.schemaVersion(), database, s.files(), keys, s.chains());
    }
}
