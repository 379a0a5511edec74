package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DialectTest {
    @Test
    void of_emptyOrPostgresUrl_chosenFromTheUrl() {
        assertEquals(Dialect.SQLITE, Dialect.of(""));
        assertEquals(Dialect.SQLITE, Dialect.of("  "));
        assertEquals(Dialect.POSTGRESQL, Dialect.of("jdbc:postgresql://db.example.net:5432/signet"));
    }

    @Test
    void of_anyOtherUrl_refused() {
        assertThrows(IllegalArgumentException.class, () -> Dialect.of("jdbc:sqlite:/tmp/x.db"));
        assertThrows(IllegalArgumentException.class, () -> Dialect.of("jdbc:mysql://db/signet"));
    }

    @Test
    void indexedBy_hintOnSqliteOnly_spacedEitherWay() {
        assertEquals("SELECT id FROM documents INDEXED BY documents_due WHERE x",
                "SELECT id FROM documents" + Dialect.SQLITE.indexedBy("documents_due") + "WHERE x");
        assertEquals("SELECT id FROM documents WHERE x",
                "SELECT id FROM documents" + Dialect.POSTGRESQL.indexedBy("documents_due") + "WHERE x");
    }

    @Test
    void skipLocked_clauseOnPostgresOnly_namingTheTable() {
        assertEquals("SELECT id FROM mail_outbox d LIMIT 5", "SELECT id FROM mail_outbox d LIMIT 5" + Dialect.SQLITE.skipLocked("d"));
        assertEquals("SELECT id FROM mail_outbox d LIMIT 5 FOR UPDATE OF d SKIP LOCKED",
                "SELECT id FROM mail_outbox d LIMIT 5" + Dialect.POSTGRESQL.skipLocked("d"));
    }
}
