package org.signet.proof;

import com.icegreen.greenmail.base.GreenMailOperations;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;
import org.signet.store.Database;
import org.signet.store.MasterKeyCheck;
import org.signet.store.Migrations;
import org.signet.support.Postgres;
import org.signet.support.TestFiles;
import org.signet.support.Waits;
import org.signet.support.WebhookReceiver.Received;

/**
 * The checks of a cluster's shared PostgreSQL database once the load has ended: the stored data's
 * rules, the mail and webhook queues against what the real SMTP server and webhook receiver got,
 * the due reminders, and the waits for the queues to empty.
 */
final class ClusterChecks {
    /** How often a wait for the queues brings retries forward. */
    private static final Duration NUDGE_EVERY = Duration.ofSeconds(5);

    private final Connection db;
    private final GreenMailOperations smtp;
    private final int kills;
    private DeliveredMail.Findings mail;
    private DeliveredWebhooks.Findings webhooks;
    private long filesChecked;

    ClusterChecks(Connection db, GreenMailOperations smtp, int kills) {
        this.db = db;
        this.smtp = smtp;
        this.kills = kills;
    }

    /** Every queued message reached the SMTP server, none more than once plus one per kill. */
    List<String> mail() throws SQLException {
        mail = DeliveredMail.check(db, smtp, kills, true);
        return mail.problems();
    }

    /** Every queued delivery reached the receiver, in order per document, none more than once plus one per kill. */
    List<String> webhooks(List<Received> arrived) throws SQLException {
        webhooks = DeliveredWebhooks.check(db, arrived, kills);
        return webhooks.problems();
    }

    /** The rules every stored document, signer, audit event and message keeps (see {@link StoredInvariants}). */
    List<String> invariants() throws SQLException {
        return StoredInvariants.rules(db);
    }

    /**
     * Every stored file, read from the database's rows with the master key of {@code dataDir} as an
     * instance reads it, decrypts whole to the SHA-256 its row records.
     */
    List<String> files(Postgres.Database pg, Path dataDir) throws IOException, SQLException {
        List<String> problems = new ArrayList<>();
        try (Database signet = Database.openPostgres(pg.url(), pg.user(), pg.password(), 2);
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT name, wrapped_key, sha256 FROM stored_files ORDER BY id")) {
            FileVault vault = MasterKeyCheck.openVault(signet, dataDir, Clock.systemUTC());
            while (rs.next()) {
                filesChecked++;
                String name = rs.getString("name");
                try (InputStream in = vault.open(new StoredFile.Ref(name, rs.getBytes("wrapped_key")))) {
                    String hash = TestFiles.sha256(in.readAllBytes());
                    if (!hash.equals(rs.getString("sha256"))) {
                        problems.add("stored file " + name + " decrypts to " + hash + ", not " + rs.getString("sha256"));
                    }
                } catch (IOException e) {
                    problems.add("stored file " + name + " does not decrypt: " + e.getMessage());
                }
            }
        } catch (Migrations.SchemaTooNewException e) {
            throw new IOException(e.getMessage(), e);
        }
        return problems;
    }

    /** Each document of {@code reminded} has one reminder in its trail and one reminder message: not one per instance. */
    List<String> remindedOnce(List<String> reminded) throws SQLException {
        List<String> problems = new ArrayList<>();
        for (String id : reminded) {
            long events = count("SELECT count(*) FROM audit_events WHERE action = 'reminder_sent' AND document_id = " + id);
            long messages = count("SELECT count(*) FROM mail_outbox WHERE template = 'reminder' AND document_id = " + id);
            if (events != 1 || messages != 1) {
                problems.add("document " + id + " was reminded " + events + " time(s) with " + messages
                        + " message(s); its one due reminder should go out once");
            }
        }
        return problems;
    }

    String summary() {
        return String.format("%d stored files decrypted; mail: %d queued, %d copies, %d duplicates; webhooks: %d queued, "
                + "%d received, %d duplicates", filesChecked, mail.queued(), mail.copies(), mail.extraCopies(),
                webhooks.queued(), webhooks.received(), webhooks.extraCopies());
    }

    /**
     * Waits until neither queue holds a pending row. The proof is that nothing queued is lost, not how
     * long a retry waits, so every few seconds the pending rows' next tries are brought forward to now.
     */
    static void awaitQueuesEmpty(Connection db, Duration deadline) {
        long[] lastNudge = {0};
        Waits.awaitUntil(() -> {
            if (pending(db) == 0) {
                return true;
            }
            if (System.nanoTime() - lastNudge[0] > NUDGE_EVERY.toNanos()) {
                lastNudge[0] = System.nanoTime();
                update(db, "UPDATE mail_outbox SET next_attempt_at = 0 WHERE status = 'pending' AND attempts > 0");
                update(db, "UPDATE webhook_deliveries SET next_attempt_at = 0 WHERE status = 'pending' AND attempts > 0");
            }
            return false;
        }, "the mail and webhook queues emptied", deadline);
    }

    /** Waits until every signer of the {@code reminded} documents has had a reminder. */
    static void awaitReminded(Connection db, List<String> reminded, Duration deadline) {
        String waiting = "SELECT count(*) FROM signers WHERE last_reminded_at IS NULL AND document_id IN ("
                + String.join(",", reminded) + ")";
        Waits.awaitUntil(() -> query(db, waiting) == 0, "every due reminder sent", deadline);
    }

    private static long pending(Connection db) {
        return query(db, "SELECT (SELECT count(*) FROM mail_outbox WHERE status = 'pending') "
                + "+ (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')");
    }

    private long count(String sql) {
        return query(db, sql);
    }

    private static long query(Connection db, String sql) {
        try {
            return Long.parseLong(StoredInvariants.firstColumn(db, sql));
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static void update(Connection db, String sql) {
        try (Statement s = db.createStatement()) {
            s.executeUpdate(sql);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
