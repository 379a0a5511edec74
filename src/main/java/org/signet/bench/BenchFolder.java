package org.signet.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.stream.Stream;
import org.signet.domain.ApiKey.Permission;
import org.signet.store.ApiKeyStore;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Migrations;
import org.signet.store.UserStore;

/**
 * Prepares Signet's data folder for the bench while no server runs: two accounts with a key each,
 * and the growth comparison's documents written with SQL through the schema's own triggers.
 */
final class BenchFolder {
    /** Far above any bench's rate: the limits are Signet's defence, not what is measured here. */
    static final int KEY_LIMIT_PER_HOUR = 100_000_000;
    /** Titles name these customers in turn, so that words repeat across documents as they do in real titles. */
    private static final String[] CUSTOMERS = {"Acme", "Blue Harbor", "Northwind", "Initech", "Globex", "Umbrella",
        "Stark", "Wayne"};

    /** The two accounts' keys, and who owns the growth documents. */
    record Accounts(Credentials main, Credentials growth, long growthOwner) {}

    private BenchFolder() {}

    static Accounts prepare(Path dir) throws IOException {
        try (Database db = open(dir)) {
            return prepare(db);
        }
    }

    /** As {@link #prepare(Path)}, in a database opened elsewhere (a PostgreSQL one, say). */
    static Accounts prepare(Database db) {
        UserStore users = new UserStore(db, Clock.systemUTC());
        ApiKeyStore keys = new ApiKeyStore(db, Clock.systemUTC());
        long main = users.add("bench@example.com", "Bench Sender", false, null).id();
        long growth = users.add("growth@example.com", "Growth Owner", false, null).id();
        ApiKeyStore.Created m = keys.create(main, "bench", "reads, writes and PDFs", Permission.FULL, KEY_LIMIT_PER_HOUR);
        ApiKeyStore.Created g = keys.create(growth, "bench growth", "lists and searches", Permission.READ,
                KEY_LIMIT_PER_HOUR);
        // The documents' files are not read by lists, searches or statistics; one placeholder row stands for them.
        db.update("INSERT INTO stored_files(name, wrapped_key, size, sha256, created_at) "
                + "VALUES ('bench-placeholder', ?, 0, '', 0)", (Object) new byte[] {0});
        return new Accounts(new Credentials(m.key().key(), m.secret()), new Credentials(g.key().key(), g.secret()),
                growth);
    }

    /**
     * Documents added per transaction. On PostgreSQL each row's trigger updates one of a few counter
     * rows, and an update inside the transaction that made the row's last version walks every earlier
     * version first: one transaction of a million rows takes more than an hour (80,000 take 26 s, 20,000
     * take 1.5 s); committed batches let those versions go.
     */
    private static final int BATCH = 2_000;

    /**
     * Adds documents numbered {@code from} to {@code to} (inclusive) for {@code owner}, a transaction
     * per {@link #BATCH}: titles such as "Invoice 777 - Northwind", a third each draft, sent and completed
     * (completed ones sealed, so that no background job picks them up), oldest first.
     */
    static void addDocuments(Path dir, long owner, int from, int to) throws IOException {
        // SQL because a million uploads through the interface would take hours; the inserts still go
        // through the schema's triggers, which fill the search index and the statistics counters.
        try (Database db = open(dir)) {
            addDocuments(db, owner, from, to);
        }
    }

    /** As {@link #addDocuments(Path, long, int, int)}, in a database opened elsewhere (a PostgreSQL one, say). */
    static void addDocuments(Database db, long owner, int from, int to) {
        long file = db.queryLong("SELECT id FROM stored_files WHERE name = 'bench-placeholder'");
        StringBuilder customers = new StringBuilder("CASE i % " + CUSTOMERS.length);
        for (int c = 0; c < CUSTOMERS.length; c++) {
            customers.append(" WHEN ").append(c).append(" THEN '").append(CUSTOMERS[c]).append('\'');
        }
        customers.append(" END");
        for (int start = from; start <= to; start += BATCH) {
            addBatch(db, owner, file, customers, start, Math.min(to, start + BATCH - 1));
        }
    }

    private static void addBatch(Database db, long owner, long file, CharSequence customers, int from, int to) {
        db.inTransaction(() -> db.update("WITH RECURSIVE seq(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM seq WHERE i < ?) "
                + "INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                + "original_file_id, pdf_file_id, signed_file_id, file_hash, signed_file_hash, completed_at, "
                + "created_at, updated_at) "
                + "SELECT ?, (CASE i % 4 WHEN 0 THEN 'Contract ' WHEN 1 THEN 'Invoice ' WHEN 2 THEN 'Lease ' "
                + "ELSE 'Offer ' END) || i || ' - ' || " + customers + ", "
                + "CASE i % 3 WHEN 0 THEN 'draft' WHEN 1 THEN 'sent' ELSE 'completed' END, 'contract.pdf', "
                + "'application/pdf', 1, ?, ?, CASE WHEN i % 3 = 2 THEN ? END, '', CASE WHEN i % 3 = 2 THEN '' END, "
                + "CASE WHEN i % 3 = 2 THEN 1700000000 + i END, 1700000000 + i, 1700000000 + i FROM seq",
                from, to, owner, file, file, file));
    }

    /** Copies a prepared folder, while no server runs on it, so that both hold the same accounts and keys. */
    static void copy(Path from, Path to) throws IOException {
        DataFolder.create(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /** The title {@link #addDocuments} gives document number {@code i}. */
    static String title(int i) {
        String kind = switch (i % 4) {
            case 0 -> "Contract ";
            case 1 -> "Invoice ";
            case 2 -> "Lease ";
            default -> "Offer ";
        };
        return kind + i + " - " + CUSTOMERS[i % CUSTOMERS.length];
    }

    /** Writes are not what is measured while preparing, so they skip the fsyncs. */
    private static Database open(Path dir) throws IOException {
        try {
            return DataFolder.openDatabase(dir, "OFF", 1);
        } catch (Migrations.SchemaTooNewException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
