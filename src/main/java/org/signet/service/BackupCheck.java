package org.signet.service;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.StoreException;
import org.signet.store.StoredFiles;

/**
 * Checks a copy of a data folder from the inside: the database passes {@code integrity_check},
 * every stored file it records is there and decrypts to its recorded size and SHA-256, and every
 * document's audit chain holds.
 */
final class BackupCheck {
    /** How many stored files and audit chains were checked, and what was wrong. */
    record Found(int files, int chains, List<String> problems) {}

    /** Stored files read and checked at a time. */
    static final int PAGE = 500;

    private BackupCheck() {}

    /** The checks of a database copy and the vault over its files. */
    static Found contents(Database db, FileVault vault, Clock clock) {
        List<String> problems = new ArrayList<>();
        try {
            db.integrityProblems().forEach(p -> problems.add("database: " + p));
            StoredFiles stored = new StoredFiles(db, vault, clock);
            int files = 0;
            // A page at a time: a site of a million documents has millions of files.
            for (List<StoredFiles.Recorded> page = stored.recorded(0, PAGE); !page.isEmpty();
                    page = stored.recorded(page.get(page.size() - 1).id(), PAGE)) {
                files += files(page, vault, problems);
            }
            AuditStore.Chains chains = new AuditStore(db, clock).checkAll();
            chains.broken().forEach(id -> problems.add("the audit chain of document " + id + " does not hold"));
            return new Found(files, chains.checked(), problems);
        } catch (StoreException e) {
            problems.add("database: " + e.getMessage());
            return new Found(0, 0, problems);
        }
    }

    /** Decrypts every recorded file that must be there; returns how many were checked. */
    private static int files(List<StoredFiles.Recorded> recorded, FileVault vault, List<String> problems) {
        int checked = 0;
        for (StoredFiles.Recorded r : recorded) {
            StoredFile f = r.file();
            String name = "stored file " + r.id() + " (" + FileVault.FILES + "/" + f.name() + ")";
            if (!vault.holds(f.name())) {
                if (!r.unclaimed()) {
                    problems.add(name + " is missing");
                }
                continue;
            }
            checked++;
            try {
                BackupFolder.Digest plain = plain(vault, f);
                if (plain.size() != f.size() || !plain.sha256().equals(f.sha256Hex())) {
                    problems.add(name + " decrypts to " + plain.size() + " bytes with SHA-256 " + plain.sha256()
                            + ", but the database records " + f.size() + " bytes with " + f.sha256Hex());
                }
            } catch (IOException e) {
                problems.add(name + " does not decrypt: " + e.getMessage());
            }
        }
        return checked;
    }

    private static BackupFolder.Digest plain(FileVault vault, StoredFile f) throws IOException {
        try (InputStream in = vault.open(f.ref())) {
            return BackupFolder.digest(in);
        }
    }
}
