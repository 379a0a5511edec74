package org.signet.cli;

import org.signet.App;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.User;
import org.signet.store.ApiKeyStore;

/** The demo's sample content: two accounts with a Full Access and a Read Only key each. */
final class DemoSeed {
    private final App app;

    /** The seeded accounts and their keys (secrets in clear: the demo prints them once). */
    record Accounts(User admin, ApiKeyStore.Created adminFull, ApiKeyStore.Created adminRead, User user,
            ApiKeyStore.Created userFull, ApiKeyStore.Created userRead) {}

    DemoSeed(App app) {
        this.app = app;
    }

    /** {@code passwordHash}: the demo password's hash, which both accounts share. */
    Accounts seedAccounts(String passwordHash) {
        User admin = app.users().add("admin@example.com", "Ada Admin", true, passwordHash);
        User user = app.users().add("sam@example.com", "Sam Sender", false, passwordHash);
        ApiKeyStore keys = app.keys();
        int limit = app.config().integer("ratelimit.key_per_hour");
        return new Accounts(admin,
                keys.create(admin.id(), "Demo admin (full)", "Created by the demo", Permission.FULL, limit),
                keys.create(admin.id(), "Demo admin (read)", "Created by the demo", Permission.READ, limit),
                user,
                keys.create(user.id(), "Demo user (full)", "Created by the demo", Permission.FULL, limit),
                keys.create(user.id(), "Demo user (read)", "Created by the demo", Permission.READ, limit));
    }
}
