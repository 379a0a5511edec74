package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.Postgres;

/** {@link Database} opened on a real PostgreSQL: migrated, with the same transactions and helpers as on SQLite. */
class DatabasePostgresTest {
    private static final String ADD_USER = "INSERT INTO users (email, name, created_at) VALUES (?, ?, ?)";

    private Database db;

    @BeforeEach
    void open() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        db = Database.openPostgres(pg.url(), pg.user(), pg.password(), 6);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long users() {
        return db.queryLong("SELECT count(*) FROM users");
    }

    @Test
    void openPostgres_freshDatabase_migratedToTheLatestVersion() throws Exception {
        assertEquals(Dialect.POSTGRESQL, db.dialect());
        assertEquals(Migrations.postgresFromClasspath().latestVersion(),
                db.queryLong("SELECT version FROM schema_version WHERE id = 1"));
        assertTrue(db.ping());
    }

    @Test
    void openPostgres_characterTypeNotUtf8_warnsThatSearchesFoldAsciiOnly() throws Exception {
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel() == Level.WARNING) {
                    warnings.add(r.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger log = Logger.getLogger("signet.store");
        log.addHandler(handler);
        try {
            Postgres.Database utf8 = Postgres.shared().freshDatabase();
            Database.openPostgres(utf8.url(), utf8.user(), utf8.password(), 2).close();
            assertEquals(List.of(), warnings, "a UTF-8 database is taken quietly");

            Postgres.Database ascii = Postgres.shared().freshDatabase("TEMPLATE template0 LC_CTYPE 'C'");
            Database.openPostgres(ascii.url(), ascii.user(), ascii.password(), 2).close();
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("LC_CTYPE is C") && warnings.get(0).contains("C.UTF-8"), warnings.get(0));
        } finally {
            log.removeHandler(handler);
        }
    }

    @Test
    void inTransaction_committed_rowsVisibleAndAfterCommitRanOnce() {
        List<String> ran = new ArrayList<>();
        long id = db.inTransaction(() -> {
            long first = db.insert(ADD_USER, "ada@example.org", "Ada", 1L);
            db.insert(ADD_USER, "bob@example.org", "Bob", 2L);
            Runnable wake = () -> ran.add("after");
            db.afterCommit(wake);
            db.afterCommit(wake);
            assertEquals(List.of(), ran, "nothing runs before the commit");
            return first;
        });
        assertEquals(List.of("after"), ran);
        assertEquals(2, users());
        assertEquals("Ada", db.queryOne("SELECT name FROM users WHERE id = ?", r -> r.string("name"), id).orElseThrow());
    }

    @Test
    void inTransaction_workThrows_everythingRolledBackAndAfterCommitDropped() {
        db.update(ADD_USER, "kept@example.org", "Kept", 1L);
        List<String> ran = new ArrayList<>();
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.update(ADD_USER, "lost@example.org", "Lost", 2L);
            db.update("UPDATE users SET name = 'Changed' WHERE email = 'kept@example.org'");
            db.afterCommit(() -> ran.add("after"));
            throw new IllegalStateException("refused");
        }));
        assertEquals("refused", thrown.getMessage(), "the work's own failure reaches the caller as it was");
        assertEquals(List.of(), ran);
        assertEquals(1, users());
        assertEquals("Kept", db.queryOne("SELECT name FROM users", r -> r.string("name")).orElseThrow());
    }

    @Test
    void inTransaction_constraintBroken_storeExceptionAndNothingKept() {
        db.update(ADD_USER, "ada@example.org", "Ada", 1L);
        assertThrows(StoreException.class, () -> db.inTransaction(() -> {
            db.update(ADD_USER, "bob@example.org", "Bob", 2L);
            db.update(ADD_USER, "ADA@example.org", "Ada again", 3L); // e-mail addresses are unique whatever their case
        }));
        assertEquals(1, users());
    }

    @Test
    void read_insideSeesOneStateAndCannotWrite() {
        db.update(ADD_USER, "ada@example.org", "Ada", 1L);
        long seen = db.read(() -> {
            assertTrue(db.inTransactionNow());
            assertThrows(IllegalStateException.class, () -> db.update(ADD_USER, "x@example.org", "X", 2L));
            assertThrows(IllegalStateException.class, () -> db.afterCommit(() -> {}));
            return users();
        });
        assertEquals(1, seen);
        assertFalse(db.inTransactionNow());
        assertEquals(1, users(), "the refused write left nothing");
    }

    @Test
    void readOnce_insideWriteTransaction_readsOnceUntilRemembered() {
        int[] reads = {0};
        db.inTransaction(() -> {
            assertEquals(7, (int) db.readOnce("k", () -> ++reads[0] * 7));
            assertEquals(7, (int) db.readOnce("k", () -> ++reads[0] * 7));
            db.remember("k", 9);
            assertEquals(9, (int) db.readOnce("k", () -> ++reads[0] * 7));
        });
        assertEquals(1, reads[0]);
    }

    @Test
    void inTransaction_twoAtOnce_bothOpenTogetherAndBothCommit() throws Exception {
        CountDownLatch bothInside = new CountDownLatch(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Boolean>> done = new ArrayList<>();
            for (String who : List.of("ada", "bob")) {
                done.add(pool.submit(() -> db.inTransaction(() -> {
                    db.update(ADD_USER, who + "@example.org", who, 1L);
                    bothInside.countDown();
                    try {
                        // Each waits for the other to be inside its own transaction: only without one single writer can both be.
                        return bothInside.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                })));
            }
            for (Future<Boolean> f : done) {
                assertTrue(f.get(20, TimeUnit.SECONDS), "both transactions were open at the same time");
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2, users());
    }

    @Test
    void writesEnded_anotherInstanceMayHaveWritten_isNewOnEveryReading() {
        // Another instance's commits cannot be counted here: a cache checked against this reads every time.
        long before = db.writesEnded();
        assertNotEquals(before, db.writesEnded());
    }
}
