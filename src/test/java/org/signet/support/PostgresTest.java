package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The PostgreSQL the tests share: one server per JVM, a separate empty database per caller, real passwords. */
class PostgresTest {
    @Test
    void freshDatabase_twoCallers_separateEmptyDatabasesOnOneServer() throws Exception {
        Postgres.Database first = Postgres.shared().freshDatabase();
        Postgres.Database second = Postgres.shared().freshDatabase();
        assertSame(Postgres.shared(), Postgres.shared());
        assertNotEquals(first.name(), second.name());
        try (Connection a = first.connect(); Statement s = a.createStatement()) {
            assertEquals(0, userTables(s));
            s.execute("CREATE TABLE notes (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)");
            s.execute("INSERT INTO notes (body) VALUES ('kept')");
            try (ResultSet rs = s.executeQuery("SELECT body FROM notes")) {
                assertTrue(rs.next());
                assertEquals("kept", rs.getString(1));
            }
        }
        try (Connection b = second.connect(); Statement s = b.createStatement()) {
            assertEquals(0, userTables(s));
            assertTrue(s.executeQuery("SHOW server_version").next());
        }
    }

    @Test
    void connect_wrongPassword_refused() throws Exception {
        Postgres.Database db = Postgres.shared().freshDatabase();
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(db.url(), db.user(), db.password() + "x").close());
        assertTrue(e.getMessage().contains("password authentication failed"), e.getMessage());
    }

    @Test
    void shared_versionFifteen() throws Exception {
        try (Connection c = Postgres.shared().freshDatabase().connect()) {
            assertEquals(15, c.getMetaData().getDatabaseMajorVersion());
        }
    }

    private static int userTables(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
