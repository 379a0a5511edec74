package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.domain.ApiKey.Permission;
import org.signet.files.FileVault;
import org.signet.support.BothDatabases;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;

/**
 * A database an earlier Signet wrote: webhook secrets and kept answers in clear, and answers it
 * pruned still in the file's free pages. The first start after the upgrade seals what is in clear,
 * the webhooks and replays go on working with it, and on SQLite no clear value is left anywhere in
 * the data folder's files, the deleted one included.
 */
class ClearValuesTest {
    private static final String SECRET = "whsec-clear-secret-of-an-earlier-signet";
    private static final String ANSWER = "{\"signing_url\":\"https://sign.example/sign/live-token-kept-in-clear\"}";
    /** Large, so that its link lands in overflow pages, which its deletion leaves to the free list as they were. */
    private static final String PRUNED = "{\"padding\":\"" + " ".repeat(20_000)
            + "\",\"signing_url\":\"https://sign.example/sign/live-token-pruned-before\"}";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(SignetFixture.START, ZoneOffset.UTC);

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void sealLeft_clearValuesOfAnEarlierSignet_sealedAndStillWorking(Dialect dialect) throws Exception {
        SealedValues sealed = new SealedValues(FileVault.open(dir));
        long webhook;
        long key;
        try (Database db = BothDatabases.open(dialect, dir)) {
            long user = new UserStore(db, clock).add("ada@example.org", "Ada", false, null).id();
            key = new ApiKeyStore(db, clock).create(user, "key", "", Permission.FULL, 1000).key().id();
            webhook = db.insert("INSERT INTO webhooks(owner_id, url, events, active, secret, created_at, updated_at) "
                    + "VALUES (?, 'https://example.org/h', '[\"*\"]', 1, ?, 0, 0)", user, SECRET);
            keptInClear(db, key, "pruned", PRUNED);
            db.update("DELETE FROM idempotency_keys WHERE idempotency_key = 'pruned'");
            keptInClear(db, key, "kept", ANSWER);

            assertEquals(2, ClearValues.sealLeft(db, sealed));

            assertEquals(SECRET, new WebhookStore(db, sealed).find(webhook).orElseThrow().secret());
            assertArrayEquals(ANSWER.getBytes(StandardCharsets.UTF_8),
                    new IdempotencyStore(db, sealed).find(key, "kept").orElseThrow().body());
            assertEquals(0, db.queryLong("SELECT count(*) FROM idempotency_keys WHERE response_body IS NOT NULL "
                    + "OR answer_sealed IS NULL"));
            assertEquals(0, ClearValues.sealLeft(db, sealed), "done once");
        }
        if (dialect == Dialect.SQLITE) {
            assertEquals(List.of(), holders(SECRET, "live-token-kept-in-clear", "live-token-pruned-before"));
        }
    }

    private void keptInClear(Database db, long key, String idempotencyKey, String answer) {
        db.update("INSERT INTO idempotency_keys(key_id, idempotency_key, method, target, body_sha256, body_length, state, "
                + "status, content_type, response_body, created_at) VALUES (?, ?, 'POST', '/documents', '00', 2, 'done', "
                + "201, 'application/json', ?, ?)", key, idempotencyKey, answer.getBytes(StandardCharsets.UTF_8),
                clock.millis() / 1000);
    }

    /** Which files of the folder hold which of {@code texts}. */
    private List<String> holders(String... texts) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                for (String t : texts) {
                    if (bytes.contains(t)) {
                        found.add(dir.relativize(f) + " holds " + t);
                    }
                }
            }
        }
        return found;
    }
}
