package org.signet.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.signet.files.FileVault;
import org.signet.files.OwnerOnly;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.MasterKeyCheck;
import org.signet.store.Migrations;
import org.signet.store.StoreException;

/**
 * Restores a backup into a new data folder: copies what its manifest lists, each file checked
 * against its recorded SHA-256 on the way, adds the keys, then checks the new folder from the inside
 * as the backup was checked when made. A failed restore leaves the new folder as it found it.
 */
public final class Restore {
    private final Clock clock;

    /** What was restored: the backup's manifest, and how many files and audit chains were checked. */
    public record Restored(BackupManifest manifest, int files, int chains) {}

    public Restore(Clock clock) {
        this.clock = clock;
    }

    /**
     * Restores the backup in {@code from} into {@code to}, a new or empty folder. The master key comes
     * from {@code keys} (a keys folder) when given, else from the backup; a backup without keys
     * needs {@code keys}.
     */
    public Restored restore(Path from, Path to, Optional<Path> keys) throws BackupException, IOException {
        BackupManifest m = BackupFolder.readManifest(from);
        int known = Migrations.fromClasspath().latestVersion();
        if (m.schemaVersion() > known) {
            throw new BackupException("the backup was made by a newer Signet (database schema " + m.schemaVersion()
                    + "; this one knows up to " + known + "): restore it with that version or a later one");
        }
        Path keysDir = keysDir(from, m, keys);
        boolean existed = BackupFolder.requireEmpty(to);
        try {
            copy(from, to, m, keysDir, keys.isEmpty());
            return check(to, m, keysDir);
        } catch (BackupException | IOException | RuntimeException e) {
            BackupFolder.remove(to, existed);
            throw e;
        }
    }

    private static Path keysDir(Path from, BackupManifest m, Optional<Path> keys) throws BackupException {
        if (keys.isEmpty() && !m.holdsKeys()) {
            throw new BackupException("the backup in " + from + " holds no keys: give --keys with the keys folder of"
                    + " the data folder it was made from (it holds master.key)");
        }
        Path dir = keys.orElse(from.resolve(FileVault.KEYS));
        if (!Files.isRegularFile(dir.resolve("master.key"))) {
            throw new BackupException("no master key in " + dir + " (master.key)");
        }
        return dir;
    }

    /** Copies the database, the files and the keys, refusing the lot if any differs from the manifest. */
    private static void copy(Path from, Path to, BackupManifest m, Path keysDir, boolean keysFromBackup)
            throws BackupException, IOException {
        OwnerOnly.folder(to.resolve(FileVault.FILES));
        OwnerOnly.folder(to.resolve(FileVault.KEYS));
        List<BackupManifest.Entry> listed = new ArrayList<>(m.files());
        listed.add(m.database());
        if (keysFromBackup) {
            listed.addAll(m.keys());
        }
        List<String> problems = new ArrayList<>();
        for (BackupManifest.Entry e : listed) {
            copy(from, to, e, problems);
        }
        if (!problems.isEmpty()) {
            throw BackupException.problems("the backup in " + from + " differs from its manifest", problems);
        }
        if (!keysFromBackup) {
            for (String name : BackupFolder.keyFiles(keysDir)) {
                BackupFolder.copy(keysDir.resolve(name), to, FileVault.KEYS + "/" + name);
            }
        }
        BackupFolder.syncDirectory(to.resolve(FileVault.FILES));
        BackupFolder.syncDirectory(to);
    }

    private static void copy(Path from, Path to, BackupManifest.Entry e, List<String> problems) throws IOException {
        try {
            BackupManifest.Entry copied = BackupFolder.copy(from.resolve(e.path()), to, e.path());
            if (!copied.equals(e)) {
                problems.add(e.path() + " has " + copied.size() + " bytes with SHA-256 " + copied.sha256()
                        + ", but the manifest records " + e.size() + " bytes with " + e.sha256());
            }
        } catch (NoSuchFileException missing) {
            problems.add(e.path() + " is missing");
        }
    }

    /**
     * Opens the restored database as Signet will (bringing its schema up to date and recording its master
     * key if it records none) and checks the folder; {@code keysDir} is where its keys came from.
     */
    private Restored check(Path to, BackupManifest m, Path keysDir) throws BackupException, IOException {
        try (Database db = DataFolder.openDatabase(to, "FULL", 1)) {
            FileVault vault = FileVault.reading(to.resolve(FileVault.KEYS), to.resolve(FileVault.FILES));
            MasterKeyCheck.verify(db, vault, clock);
            BackupCheck.Found found = BackupCheck.contents(db, vault, clock);
            if (!found.problems().isEmpty()) {
                throw BackupException.problems("the restored copy does not hold up", found.problems());
            }
            return new Restored(m, found.files(), found.chains());
        } catch (MasterKeyCheck.Mismatch e) {
            throw new BackupException("the master key in " + keysDir + " is not the one the backed-up database was made"
                    + " with: give --keys the keys folder of the data folder the backup was made from");
        } catch (Migrations.SchemaTooNewException e) {
            throw new BackupException(e.getMessage());
        } catch (StoreException e) {
            throw new BackupException("the restored database cannot be opened: " + e.getMessage());
        }
    }
}
