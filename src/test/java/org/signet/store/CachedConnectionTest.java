package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The statement cache of one connection on a real SQLite file: reuse, exclusivity, eviction, closing. */
class CachedConnectionTest {
    private static final String SELECT = "SELECT v FROM t WHERE id = ?";

    @TempDir
    Path dir;

    private CachedConnection c;

    @BeforeEach
    void open() throws SQLException {
        c = new CachedConnection(DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("c.db")));
        try (Statement s = c.connection().createStatement()) {
            s.executeUpdate("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
            s.executeUpdate("INSERT INTO t(id, v) VALUES (1, 'one'), (2, 'two')");
        }
    }

    @AfterEach
    void close() {
        c.close();
    }

    private String read(PreparedStatement ps, long id) throws SQLException {
        ps.setLong(1, id);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString("v") : null;
        }
    }

    @Test
    void take_afterGiveBack_reusesTheStatement() throws SQLException {
        PreparedStatement first = c.take(SELECT);
        assertEquals("one", read(first, 1));
        c.giveBack(SELECT, first);

        PreparedStatement again = c.take(SELECT);

        assertSame(first, again);
        assertEquals("two", read(again, 2));
        assertEquals(1, c.prepared());
    }

    @Test
    void take_whileTheSameSqlIsOut_preparesAnother() throws SQLException {
        PreparedStatement outer = c.take(SELECT);
        outer.setLong(1, 1);
        try (ResultSet rs = outer.executeQuery()) {
            PreparedStatement inner = c.take(SELECT);

            assertNotSame(outer, inner);
            assertEquals("two", read(inner, 2));
            c.giveBack(SELECT, inner);
            assertTrue(rs.next(), "the outer rows are still there");
            assertEquals("one", rs.getString("v"));
        }
        c.giveBack(SELECT, outer);

        assertEquals(1, c.cached(), "one copy is kept, the other closed");
        assertEquals(2, c.prepared());
    }

    @Test
    void giveBack_clearsTheParameters() throws SQLException {
        String echo = "SELECT ? AS x";
        PreparedStatement ps = c.take(echo);
        ps.setString(1, "a caller's value");
        try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next());
        }
        c.giveBack(echo, ps);

        PreparedStatement again = c.take(echo);

        try (ResultSet rs = again.executeQuery()) {
            assertTrue(rs.next());
            assertNull(rs.getString("x"), "nothing is left bound");
        }
        c.giveBack(echo, again);
    }

    @Test
    void giveBack_pastTheLimit_closesTheEldest() throws SQLException {
        PreparedStatement eldest = c.take("SELECT 0");
        c.giveBack("SELECT 0", eldest);
        for (int i = 1; i <= CachedConnection.MAX_STATEMENTS; i++) {
            c.giveBack("SELECT " + i, c.take("SELECT " + i));
        }

        assertEquals(CachedConnection.MAX_STATEMENTS, c.cached());
        assertTrue(eldest.isClosed());
        PreparedStatement newest = c.take("SELECT " + CachedConnection.MAX_STATEMENTS);
        assertFalse(newest.isClosed());
        c.giveBack("SELECT " + CachedConnection.MAX_STATEMENTS, newest);
    }

    @Test
    void close_closesCachedStatementsAndTheConnection() throws SQLException {
        PreparedStatement ps = c.take(SELECT);
        c.giveBack(SELECT, ps);

        c.close();

        assertTrue(ps.isClosed());
        assertTrue(c.connection().isClosed());
        c.giveBack(SELECT, ps);
        assertEquals(0, c.cached(), "a statement handed back after closing is not kept");
    }
}
