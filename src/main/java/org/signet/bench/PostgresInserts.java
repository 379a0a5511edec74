package org.signet.bench;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The write baseline on PostgreSQL: one connection of its own per worker, each transaction one
 * INSERT into Signet's own {@code signers} table, on a draft Signet made, then COMMIT: what the
 * server does for the smallest durable write, with nothing of Signet around it.
 */
final class PostgresInserts implements Load.Worker {
    private final Connection connection;
    private final PreparedStatement insert;
    private final String name;
    private final List<Long> documents;
    private long sequence;

    private PostgresInserts(Connection connection, String name, List<Long> documents) throws SQLException {
        this.connection = connection;
        this.name = name;
        this.documents = documents;
        connection.setAutoCommit(false);
        this.insert = SignerRows.prepare(connection);
    }

    static Load.Workers on(String url, String user, String password, List<Long> documents) {
        return n -> new PostgresInserts(DriverManager.getConnection(url, user, password), "raw-" + n, documents);
    }

    /**
     * Deletes what the baseline inserted: its rows stand for the cost of a write and are no signers
     * Signet could serve (their tokens are not tokens), so no instance started afterwards may find them.
     */
    static void remove(String url, String user, String password) throws IOException {
        try (Connection c = DriverManager.getConnection(url, user, password);
                PreparedStatement delete = c.prepareStatement("DELETE FROM signers WHERE access_token LIKE 'raw-%'")) {
            delete.executeUpdate();
        } catch (SQLException e) {
            throw new IOException("cannot remove the baseline's rows: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<String> once() throws SQLException {
        long k = sequence++;
        try {
            SignerRows.insert(insert, documents.get(ThreadLocalRandom.current().nextInt(documents.size())), name, k);
            connection.commit();
            return Optional.empty();
        } catch (SQLException e) {
            connection.rollback();
            return Optional.of("SQLState " + e.getSQLState());
        }
    }

    @Override
    public void close() {
        try (connection; insert) {
            connection.rollback();
        } catch (SQLException ignored) {
            // closing at the end of the run; nothing to recover
        }
    }
}
