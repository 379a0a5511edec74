package org.signet.proof;

import com.icegreen.greenmail.base.GreenMailOperations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.SQLiteConfig;

/**
 * The checks of a data folder made straight on its files: the database through a read-only
 * connection, the vault through its own classes, the mail queue against the SMTP server. Run
 * while Signet is down (right after a kill, before the restart recovers anything), or, for the
 * leftovers a start must clear, while it runs and nothing is being written.
 */
final class DataFolderChecks {
    private final Path dataDir;
    private final Ledger ledger;
    private final GreenMailOperations smtp;
    private long filesDecrypted;
    private VaultContents.Findings lastVault;
    private DeliveredMail.Findings lastMail;

    DataFolderChecks(Path dataDir, Ledger ledger, GreenMailOperations smtp) {
        this.dataDir = dataDir;
        this.ledger = ledger;
        this.smtp = smtp;
    }

    /** Everything that must hold in whatever state a kill left; {@code drained}: all mail delivered too. */
    void afterKill(int kills, boolean drained) throws SQLException, IOException {
        if (!Files.exists(database())) {
            return; // killed before it made its database
        }
        try (Connection db = readOnly()) {
            StoredInvariants.check(db).forEach(p -> ledger.problem("after kill " + kills + ": " + p));
            lastVault = VaultContents.check(dataDir, db);
            filesDecrypted += lastVault.filesChecked();
            lastVault.damaged().forEach(p -> ledger.problem("after kill " + kills + ": " + p));
            lastMail = DeliveredMail.check(db, smtp, kills, drained);
            lastMail.problems().forEach(p -> ledger.problem("after kill " + kills + ": " + p));
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

    /** Pending messages in the queue now. */
    int pendingMail() throws SQLException {
        try (Connection db = readOnly()) {
            return Integer.parseInt(StoredInvariants.firstColumn(db,
                    "SELECT count(*) FROM mail_outbox WHERE status = 'pending'"));
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
