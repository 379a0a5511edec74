package org.signet.support;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.signet.api.HttpBindings;
import org.signet.config.Config;
import org.signet.domain.ApiKey.Permission;
import org.signet.files.FileVault;
import org.signet.http.HttpService;
import org.signet.http.MemoryRateLimiter;
import org.signet.http.Router;
import org.signet.service.IdempotencyKeys;
import org.signet.service.KeyAuthentication;
import org.signet.store.ApiKeyStore;
import org.signet.store.Database;
import org.signet.store.IdempotencyStore;
import org.signet.store.SealedValues;
import org.signet.store.UserStore;

/**
 * The http core alone with a test's own REST routes (and site routes): a real database in {@code dir}, one user with a
 * Full Access key, real key authentication and idempotency, and no Signet services behind the routes.
 */
public final class RoutesOnHttp implements AutoCloseable {
    private final Database db;
    private final HttpService service;
    private final ApiKeyStore.Created key;

    private RoutesOnHttp(Database db, HttpService service, ApiKeyStore.Created key) {
        this.db = db;
        this.service = service;
        this.key = key;
    }

    /** Serves {@code rest} on a free port, with a per-address limit high enough never to get in the way. */
    public static RoutesOnHttp start(Path dir, Router rest) throws Exception {
        return start(dir, rest, new Router());
    }

    /** As above, with the site's own routes (absolute paths, outside the REST base) in {@code site}. */
    public static RoutesOnHttp start(Path dir, Router rest, Router site) throws Exception {
        Config config = Config.load(dir, Optional.empty(), Map.of(),
                Map.of("server.port", "0", "ratelimit.ip_per_minute", "100000"));
        Database db = SuiteDatabase.open(dir, "NORMAL", 4);
        Clock clock = Clock.systemUTC();
        long user = new UserStore(db, clock).add("a@example.com", "A", false, null).id();
        ApiKeyStore keys = new ApiKeyStore(db, clock);
        ApiKeyStore.Created key = keys.create(user, "k", "", Permission.FULL, 1000);
        HttpService service = HttpService.start(config, rest, site,
                HttpBindings.authenticator(new KeyAuthentication(keys, clock)),
                HttpBindings.ledger(new IdempotencyKeys(db, new IdempotencyStore(db,
                        new SealedValues(FileVault.open(dir))), clock, 64 << 20)), new MemoryRateLimiter(clock));
        return new RoutesOnHttp(db, service, key);
    }

    public Database db() {
        return db;
    }

    public HttpService service() {
        return service;
    }

    public int port() {
        return service.port();
    }

    public ApiKeyStore.Created key() {
        return key;
    }

    @Override
    public void close() {
        service.stop(Duration.ZERO);
        db.close();
    }
}
