package org.signet.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The write baselines' one row: a pending signer in Signet's own {@code signers} table, as both databases take it. */
final class SignerRows {
    private SignerRows() {}

    static PreparedStatement prepare(Connection connection) throws SQLException {
        return connection.prepareStatement("INSERT INTO signers(document_id, name, email, role, signing_order, "
                + "status, access_token, created_at, updated_at) VALUES (?, ?, ?, 'signer', 1, 'pending', ?, ?, ?)");
    }

    /** Inserts signer {@code k} of worker {@code name} on {@code documentId}, its address and token its own. */
    static void insert(PreparedStatement insert, long documentId, String name, long k) throws SQLException {
        long now = System.currentTimeMillis() / 1000;
        insert.setLong(1, documentId);
        insert.setString(2, "Signer " + name + "-" + k);
        insert.setString(3, name + "-" + k + "@example.com");
        insert.setString(4, name + "-" + k);
        insert.setLong(5, now);
        insert.setLong(6, now);
        insert.executeUpdate();
    }
}
