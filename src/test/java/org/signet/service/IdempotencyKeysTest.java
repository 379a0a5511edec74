package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.IdempotentAnswer;
import org.signet.files.FileVault;
import org.signet.store.ApiKeyStore;
import org.signet.store.Database;
import org.signet.store.Dialect;
import org.signet.store.IdempotencyStore;
import org.signet.store.SealedValues;
import org.signet.store.UserStore;
import org.signet.support.BothDatabases;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;

/**
 * What a starting Signet lets go of: on SQLite, the only process, every key still claimed; on
 * PostgreSQL, where other instances may be running requests under their keys, only the claims older
 * than any request runs. And what is kept: answers sealed, and no more per API key than its cap.
 */
class IdempotencyKeysTest {
    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(SignetFixture.START, ZoneOffset.UTC);
    private Database db;
    private long userId;
    private long keyId;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    /** An instance's idempotency keys, on the database {@code dialect} names (opened on first use). */
    private IdempotencyKeys instance(Dialect dialect) throws Exception {
        return instance(dialect, 64 << 20);
    }

    /** As above, keeping at most {@code maxBytesPerKey} of answers per API key. */
    private IdempotencyKeys instance(Dialect dialect, long maxBytesPerKey) throws Exception {
        if (db == null) {
            db = BothDatabases.open(dialect, dir);
            userId = new UserStore(db, clock).add("ada@example.org", "Ada", false, null).id();
            keyId = newKey();
        }
        return new IdempotencyKeys(db, new IdempotencyStore(db, new SealedValues(FileVault.open(dir))), clock,
                maxBytesPerKey);
    }

    private long newKey() {
        return new ApiKeyStore(db, clock).create(userId, "key", "", Permission.FULL, 1000).key().id();
    }

    /** Claims {@code key} of API key {@code apiKey} and keeps {@code body} as its answer, a second later than the last. */
    private void answer(IdempotencyKeys keys, long apiKey, String key, byte[] body) {
        clock.advance(Duration.ofSeconds(1));
        assertTrue(keys.claim(apiKey, key, "POST", "/documents").isEmpty());
        keys.complete(apiKey, key, new IdempotentAnswer("00", 2, 201, "application/json", body));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void complete_answersOverTheCap_forgetsThatApiKeysOldestFirst(Dialect dialect) throws Exception {
        IdempotencyKeys keys = instance(dialect, 10_000);
        long otherKey = newKey();
        answer(keys, otherKey, "theirs", new byte[3000]);
        for (String k : List.of("k1", "k2", "k3", "k4")) {
            answer(keys, keyId, k, new byte[3000]);
        }

        assertTrue(claimed(keys, "k1"), "the oldest answer was forgotten to keep the fourth: a retry runs again");
        for (String k : List.of("k2", "k3", "k4")) {
            assertEquals(3000, keys.claim(keyId, k, "POST", "/documents").orElseThrow().body().length, k + " is kept");
        }
        assertTrue(keys.claim(otherKey, "theirs", "POST", "/documents").orElseThrow().done(),
                "another API key's answers are its own");
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void complete_answer_isKeptSealedAndReplayedWhole(Dialect dialect) throws Exception {
        IdempotencyKeys keys = instance(dialect);
        byte[] body = "{\"signing_url\":\"https://sign.example/sign/live-token\"}".getBytes(StandardCharsets.UTF_8);
        answer(keys, keyId, "k1", body);

        byte[] stored = db.queryOne("SELECT answer_sealed FROM idempotency_keys WHERE idempotency_key = 'k1'",
                r -> r.bytes("answer_sealed")).orElseThrow();
        assertFalse(new String(stored, StandardCharsets.ISO_8859_1).contains("live-token"), "sealed, not in clear");
        assertArrayEquals(body, keys.claim(keyId, "k1", "POST", "/documents").orElseThrow().body());
    }

    private boolean claimed(IdempotencyKeys keys, String key) {
        return keys.claim(keyId, key, "POST", "/documents").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void releaseAbandoned_anotherInstanceStartsWhileARequestRuns_keepsOrReleasesByDatabase(Dialect dialect)
            throws Exception {
        IdempotencyKeys running = instance(dialect);
        assertTrue(claimed(running, "k1"));
        clock.advance(Duration.ofMinutes(1));

        int released = instance(dialect).releaseAbandoned();

        if (dialect == Dialect.SQLITE) {
            assertEquals(1, released, "SQLite has one process: what is claimed at its start was abandoned");
            assertTrue(claimed(running, "k1"));
        } else {
            assertEquals(0, released, "the request may still run on the other instance");
            assertFalse(claimed(running, "k1"), "a retry meanwhile is told the request is in progress");
        }
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void releaseAbandoned_claimOlderThanAnyRequestRuns_isReleased(Dialect dialect) throws Exception {
        IdempotencyKeys stopped = instance(dialect);
        assertTrue(claimed(stopped, "k1"));
        clock.advance(IdempotencyKeys.ABANDONED_AFTER.plusSeconds(1));
        assertTrue(claimed(stopped, "k2"));

        int released = instance(dialect).releaseAbandoned();

        assertEquals(dialect == Dialect.SQLITE ? 2 : 1, released);
        assertTrue(claimed(stopped, "k1"), "the retry runs the request again");
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void claim_inProgressOlderThanAnyRequestRuns_isTakenOverOnPostgresOnly(Dialect dialect) throws Exception {
        IdempotencyKeys keys = instance(dialect);
        assertTrue(claimed(keys, "k1"));
        clock.advance(IdempotencyKeys.ABANDONED_AFTER.plusSeconds(1));

        // On SQLite a claim this old cannot be abandoned (the start released those): it waits its day out.
        assertEquals(dialect == Dialect.POSTGRESQL, claimed(keys, "k1"));
    }
}
