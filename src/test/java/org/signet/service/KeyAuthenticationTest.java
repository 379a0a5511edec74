package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.cli.Cli;
import org.signet.crypto.Tokens;
import org.signet.store.ApiKeyStore;
import org.signet.store.Database;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer.Account;
import org.signet.support.TestServer.Credentials;

/**
 * Keys served from memory, on a real server: what a request reads once a key is known, and changes
 * made by the command line, which opens its own Database on the same file as another process would,
 * taking effect on the very next request.
 */
class KeyAuthenticationTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private Account alice;
    private static final String COUNTER = "SELECT version FROM auth_changes WHERE id = 1";
    private final List<String> statements = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        signet.server().app.database().watch(new Database.Watcher() {
            @Override
            public void statement(String sql) {
                if (Thread.currentThread().getName().startsWith("signet-http-")) {
                    synchronized (statements) {
                        statements.add(sql);
                    }
                }
            }
        });
    }

    @AfterEach
    void stop() {
        signet.server().app.database().watch(Database.Watcher.NONE);
    }

    private int cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8),
                SuiteDatabase.environment(signet.dir()), new ByteArrayInputStream(new byte[0])).run(args);
    }

    private List<String> keyReads(Credentials c) {
        synchronized (statements) {
            statements.clear();
        }
        assertEquals(200, signet.server().get("stats", c).statusCode());
        synchronized (statements) {
            return statements.stream().filter(s -> s.contains("api_keys") || s.contains("auth_changes")).toList();
        }
    }

    /**
     * What a request reads of keys while nothing was committed: nothing on SQLite, whose data_version tells;
     * PostgreSQL has no such counter, so there the counter is read on every request.
     */
    private static List<String> whileNothingCommitted() {
        return SuiteDatabase.onPostgres() ? List.of(COUNTER) : List.of();
    }

    @Test
    void authenticate_knownKeyAgain_nothingCommittedSince_readsNothing() {
        keyReads(alice.full());
        keyReads(alice.full());

        assertEquals(whileNothingCommitted(), keyReads(alice.full()));
    }

    @Test
    void authenticate_knownKeyAfterAnotherCommit_readsOnlyTheCounter() {
        keyReads(alice.full());
        keyReads(alice.full());
        // A commit that leaves keys and users alone: last_used_at does not move the counter.
        signet.server().app.database().update("UPDATE api_keys SET last_used_at = 1 WHERE user_id = ?", alice.user().id());

        assertEquals(List.of(COUNTER), keyReads(alice.full()));
        assertEquals(whileNothingCommitted(), keyReads(alice.full()), "and nothing again until the next commit");
    }

    @Test
    void authenticate_lastUsedWrittenAgain_keyStaysInMemory() {
        keyReads(alice.full());
        signet.clock().advance(Duration.ofMinutes(2));

        List<String> touching = keyReads(alice.full());
        assertTrue(touching.stream().anyMatch(s -> s.startsWith("UPDATE api_keys SET last_used_at")), touching.toString());

        assertEquals(List.of(COUNTER), keyReads(alice.full()),
                "the touch was a commit, so the counter is read once more");
    }

    @Test
    void authenticate_keyRevokedFromTheCommandLine_refusedAtOnce() {
        assertEquals(200, signet.server().get("stats", alice.full()).statusCode());
        assertEquals(200, signet.server().get("stats", alice.full()).statusCode());

        assertEquals(0, cli("keys", "revoke", alice.full().key(), "--data", signet.dir().toString()));

        assertEquals(401, signet.server().get("stats", alice.full()).statusCode());
        assertEquals(200, signet.server().get("stats", alice.read()).statusCode(), "her other key still works");
    }

    @Test
    void authenticate_userDisabledFromTheCommandLine_refusedAtOnce() {
        assertEquals(200, signet.server().get("stats", alice.read()).statusCode());

        assertEquals(0, cli("users", "disable", "--email", "alice@example.com", "--data", signet.dir().toString()));

        assertEquals(401, signet.server().get("stats", alice.read()).statusCode());
        assertEquals(401, signet.server().get("stats", alice.full()).statusCode());
    }

    @Test
    void authenticate_keyUnknownThenCreatedByAnotherProcess_acceptedAtOnce() throws Exception {
        Credentials later = new Credentials("wps_" + "K".repeat(32), "S".repeat(40));
        assertEquals(401, signet.server().get("stats", later).statusCode());
        assertEquals(401, signet.server().get("stats", later).statusCode(), "the unknown key is remembered as unknown");

        try (Database other = SuiteDatabase.open(signet.dir(), "NORMAL", 2)) {
            other.insert("INSERT INTO api_keys(user_id, key, secret_hash, name, permission, rate_limit, created_at) "
                    + "VALUES (?,?,?,?,?,?,?)", alice.user().id(), later.key(), Tokens.sha256(later.secret()),
                    "made elsewhere", "read", 1000, 0L);
        }

        assertEquals(200, signet.server().get("stats", later).statusCode());
    }

    @Test
    void authenticate_rememberedKeyWithAWrongSecret_refused() {
        assertEquals(200, signet.server().get("stats", alice.full()).statusCode());

        assertEquals(401, signet.server().get("stats", new Credentials(alice.full().key(), alice.read().secret())).statusCode());
        assertEquals(200, signet.server().get("stats", alice.full()).statusCode());
    }

    @Test
    void authVersion_movesWithWhatAuthenticationReadsOnly() {
        ApiKeyStore keys = signet.server().app.keys();
        long start = keys.authVersion();

        keys.touch(1, 12345);
        signet.server().app.users().setPassword("alice@example.com", "not-a-real-hash");
        assertEquals(start, keys.authVersion(), "last_used_at and passwords leave it alone");

        keys.revoke(alice.read().key());
        assertEquals(start + 1, keys.authVersion());
        signet.server().app.users().disable("alice@example.com");
        assertEquals(start + 2, keys.authVersion());
    }
}
