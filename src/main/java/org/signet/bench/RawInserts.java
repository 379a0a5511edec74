package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Migrations;
import org.sqlite.SQLiteConfig;

/**
 * The write baseline: BEGIN IMMEDIATE, one INSERT into Signet's own {@code signers} table and
 * COMMIT, on a connection opened as Signet opens its own.
 */
final class RawInserts implements Load.Worker {
    private static final int BUSY_TIMEOUT_MS = 10_000;

    private final Connection connection;
    private final PreparedStatement begin;
    private final PreparedStatement insert;
    private final PreparedStatement commit;
    private final PreparedStatement rollback;
    private final String name;
    private final int documents;
    private long sequence;

    private RawInserts(Connection connection, String name, int documents) throws SQLException {
        this.connection = connection;
        this.name = name;
        this.documents = documents;
        this.begin = connection.prepareStatement("BEGIN IMMEDIATE");
        this.insert = SignerRows.prepare(connection);
        this.commit = connection.prepareStatement("COMMIT");
        this.rollback = connection.prepareStatement("ROLLBACK");
    }

    /** Makes the baseline's database in {@code dir} with {@code documents} drafts (ids 1..documents) to add signers to. */
    static Path prepare(Path dir, int documents) throws IOException {
        try (Database db = DataFolder.openDatabase(dir, "OFF", 1)) {
            db.update("INSERT INTO users(id, email, name, created_at) VALUES (1, 'raw@example.com', 'Raw', 0)");
            db.update("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) VALUES (1, 'raw', x'00', 0, '', 0)");
            db.update("WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?) "
                    + "INSERT INTO documents(id, owner_id, title, status, original_filename, media_type, total_pages, "
                    + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) "
                    + "SELECT i, 1, 'Draft ' || i, 'draft', 'draft.pdf', 'application/pdf', 1, 1, 1, '', 0, 0 FROM seq",
                    documents);
        } catch (Migrations.SchemaTooNewException e) {
            throw new IOException(e.getMessage(), e);
        }
        return DataFolder.databaseFile(dir);
    }

    static Load.Workers on(Path database, String synchronous, int documents) {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.valueOf(synchronous.toUpperCase(Locale.ROOT)));
        config.enforceForeignKeys(true);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        return n -> new RawInserts(config.createConnection("jdbc:sqlite:" + database.toAbsolutePath()), "raw-" + n, documents);
    }

    @Override
    public Optional<String> once() throws SQLException {
        long k = sequence++;
        try {
            begin.execute();
            SignerRows.insert(insert, 1 + ThreadLocalRandom.current().nextInt(documents), name, k);
            commit.execute();
            return Optional.empty();
        } catch (SQLException e) {
            try {
                rollback.execute();
            } catch (SQLException notInTransaction) {
                // BEGIN itself failed (busy past the timeout): there is nothing to roll back
            }
            return Optional.of("SQLState " + e.getSQLState());
        }
    }

    @Override
    public void close() {
        for (AutoCloseable c : List.of(begin, insert, commit, rollback, connection)) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing at the end of the run; nothing to recover
            }
        }
    }
}
