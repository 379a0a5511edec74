package org.signet.proof;

import com.icegreen.greenmail.base.GreenMailOperations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.signet.store.Migrations;
import org.signet.support.Waits;
import org.sqlite.SQLiteConfig;

/**
 * The checks of a data folder made straight on its files: the database through a read-only
 * connection, the vault through its own classes, the mail queue against the SMTP server. Run
 * while Signet is down (right after a kill, before the restart recovers anything), or, for the
 * leftovers a start must clear, while it runs and nothing is being written.
 */
final class DataFolderChecks {
    /** The schema version a finished first start leaves. */
    private static final int LATEST_SCHEMA = Migrations.fromClasspath().latestVersion();
    private final Path dataDir;
    private final Ledger ledger;
    private final GreenMailOperations smtp;
    /** The stored files found whole after an earlier kill; see {@link VaultContents#check(Path, Connection, Set)}. */
    private final Set<String> verifiedFiles = new HashSet<>();
    private long filesDecrypted;
    private VaultContents.Findings lastVault;
    private DeliveredMail.Findings lastMail;

    DataFolderChecks(Path dataDir, Ledger ledger, GreenMailOperations smtp) {
        this.dataDir = dataDir;
        this.ledger = ledger;
        this.smtp = smtp;
    }

    /**
     * Everything that must hold in whatever state a kill left; {@code drained}: all mail delivered too,
     * and this is the last check, which decrypts every stored file again, not only those new since the
     * kill before.
     */
    void afterKill(int kills, boolean drained) throws SQLException, IOException {
        if (!Files.exists(database())) {
            return; // killed before it made its database
        }
        try (Connection db = readOnly()) {
            if (schemaVersion(db) < LATEST_SCHEMA) {
                // Killed during the first start, between two migrations: each is one transaction, so the
                // file must be sound, and the tables the later rules read may not exist yet.
                String integrity = StoredInvariants.firstColumn(db, "PRAGMA integrity_check");
                if (!"ok".equals(integrity)) {
                    ledger.problem("after kill " + kills + ": PRAGMA integrity_check answered: " + integrity);
                }
                return;
            }
            StoredInvariants.check(db).forEach(p -> ledger.problem("after kill " + kills + ": " + p));
            lastVault = drained ? VaultContents.check(dataDir, db) : VaultContents.check(dataDir, db, verifiedFiles);
            filesDecrypted += lastVault.filesChecked();
            lastVault.damaged().forEach(p -> ledger.problem("after kill " + kills + ": " + p));
            lastMail = DeliveredMail.check(db, smtp, kills, drained);
            lastMail.problems().forEach(p -> ledger.problem("after kill " + kills + ": " + p));
        }
    }

    private static long schemaVersion(Connection db) throws SQLException {
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** What a start must have cleared: stored files that belong to nothing, and vault files without a record. */
    void afterRestart(int restarts) throws SQLException, IOException {
        try (Connection db = readOnly()) {
            VaultContents.Findings v = VaultContents.leftovers(dataDir, db);
            if (!v.unreferencedRows().isEmpty() || !v.strayFiles().isEmpty()) {
                ledger.problem("after restart " + restarts + ": stored files that belong to nothing "
                        + v.unreferencedRows() + ", vault files without a record " + v.strayFiles());
            }
        }
    }

    /**
     * Waits until the mail queue holds no pending message. One connection serves every look: the
     * wait polls every millisecond, and opening the database that often would take the CPU the
     * server and the SMTP server need to deliver.
     */
    void awaitMailDelivered(Duration deadline) throws SQLException {
        try (Connection db = readOnly()) {
            Waits.awaitUntil(() -> pendingMail(db) == 0, "every queued message delivered", deadline);
        }
    }

    private static int pendingMail(Connection db) {
        try {
            return Integer.parseInt(StoredInvariants.firstColumn(db,
                    "SELECT count(*) FROM mail_outbox WHERE status = 'pending'"));
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    long filesDecrypted() {
        return filesDecrypted;
    }

    VaultContents.Findings lastVault() {
        return lastVault;
    }

    DeliveredMail.Findings lastMail() {
        return lastMail;
    }

    private Path database() {
        return dataDir.resolve("signet.db");
    }

    /** Read-only, so that the check changes nothing the restarted Signet will find. */
    private Connection readOnly() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(10_000);
        return config.createConnection("jdbc:sqlite:" + database().toAbsolutePath());
    }
}
