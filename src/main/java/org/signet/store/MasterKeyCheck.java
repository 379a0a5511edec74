package org.signet.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Optional;
import java.util.logging.Logger;
import org.signet.files.FileVault;

/**
 * Binds a database to the master key that seals its files and signing tokens: the key's check value
 * is recorded the first time a vault is opened with the database and compared every time after, so
 * that a Signet holding another keys folder is refused before it writes what no other could read.
 */
public final class MasterKeyCheck {
    private static final Logger LOG = Logger.getLogger("signet.store");
    private static final String SHARE = "every Signet using this database must hold the same keys folder: copy it from"
            + " the data folder that made the database, or restore it from its backup";

    private MasterKeyCheck() {}

    /**
     * Opens the vault of the data folder {@code dataDir} and checks it against {@code db}. A database
     * that records a key never gets a new one made for it: a missing key is refused, not replaced.
     * On PostgreSQL the vault keeps its files' bytes in the database, which every Signet sharing it
     * reads; on SQLite in the folder's {@code files/}.
     */
    public static FileVault openVault(Database db, Path dataDir, Clock clock) throws IOException {
        FileVault vault = recorded(db).isEmpty() ? FileVault.open(dataDir) : existing(dataDir);
        verify(db, vault, clock);
        return db.deployment().sharedByInstances() ? vault.storingIn(new FileChunks(db)) : vault;
    }

    private static FileVault existing(Path dataDir) throws IOException {
        try {
            return FileVault.openExisting(dataDir);
        } catch (IOException e) {
            throw new Mismatch("the master key this database was made with cannot be read: " + e.getMessage() + "; " + SHARE);
        }
    }

    /**
     * Checks that {@code vault}'s master key is the one {@code db} records; a database that records
     * none yet (a new one, or one made before Signet kept the check) records this one.
     */
    public static void verify(Database db, FileVault vault, Clock clock) throws Mismatch {
        String mine = vault.keyCheck();
        if (recorded(db).isEmpty()) {
            // Another Signet starting on the same database at this moment may record first; then its value is compared.
            int added = db.update("INSERT INTO master_key_check(id, value, recorded_at) VALUES (1, ?, ?) "
                    + "ON CONFLICT(id) DO NOTHING", mine, clock.millis() / 1000);
            if (added == 1) {
                LOG.info("The database now records which master key seals its files: the one in "
                        + vault.keysFolder());
            }
        }
        String recorded = recorded(db).orElseThrow();
        if (!MessageDigest.isEqual(ascii(recorded), ascii(mine))) {
            throw new Mismatch("the master key in " + vault.keysFolder() + " is not the one this database was made"
                    + " with; " + SHARE);
        }
    }

    private static byte[] ascii(String hex) {
        return hex.getBytes(StandardCharsets.US_ASCII);
    }

    private static Optional<String> recorded(Database db) {
        return db.queryOne("SELECT value FROM master_key_check WHERE id = 1", r -> r.string("value"));
    }

    /** The keys folder holds another master key than the database records, or none. */
    public static final class Mismatch extends IOException {
        private static final long serialVersionUID = 1L;

        Mismatch(String message) {
            super(message);
        }
    }
}
