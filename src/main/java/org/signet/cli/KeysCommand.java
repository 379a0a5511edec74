package org.signet.cli;

import java.io.PrintStream;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.CommandServices;
import org.signet.config.Config;
import org.signet.domain.ApiKey;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.User;
import org.signet.json.Json;
import org.signet.service.ApiKeys;
import org.signet.service.Operator;
import org.signet.store.Database;

/** {@code keys create|list|revoke}: API keys, whose secret is printed once at creation. */
final class KeysCommand {
    private final PrintStream out;

    KeysCommand(PrintStream out) {
        this.out = out;
    }

    int run(Arguments a, Config config) throws UsageException, CommandException {
        String sub = a.word(1);
        if (!sub.equals("create") && !sub.equals("list") && !sub.equals("revoke")) {
            throw new UsageException("keys needs one of: create, list, revoke");
        }
        try (Database db = Storage.open(config)) {
            Operator operator = CommandServices.operator(db, Clock.systemUTC());
            switch (sub) {
                case "create" -> create(a, config, operator);
                case "list" -> list(operator);
                default -> revoke(a, operator);
            }
        }
        return 0;
    }

    private void create(Arguments a, Config config, Operator operator)
            throws UsageException, CommandException {
        String email = a.require("user");
        String name = a.requireText("name");
        Permission permission = permission(a.require("permission"));
        int limit = rateLimit(a, config);
        User user = operator.user(email).orElseThrow(() -> new CommandException("no user with email " + email));
        ApiKeys.Created c = operator.createKey(user.id(), name, a.optionText("description").orElse(""), permission,
                limit);
        if (a.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("id", c.key().id());
            json.put("key", c.key().key());
            json.put("secret", c.secret());
            json.put("permission", permission.wire());
            out.println(Json.write(json));
            return;
        }
        out.println("Created API key " + c.key().id() + " for " + user.email() + " (" + permission.wire()
                + ", " + limit + " requests/hour)");
        out.println("  key:    " + c.key().key());
        out.println("  secret: " + c.secret());
        out.println("The secret is shown only now; store it safely.");
    }

    private static Permission permission(String s) throws UsageException {
        try {
            return Permission.fromWire(s);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--permission must be full or read");
        }
    }

    private static int rateLimit(Arguments a, Config config) throws UsageException {
        String s = a.option("rate-limit").orElse(config.string("ratelimit.key_per_hour"));
        if (!s.matches("\\d{1,9}") || Integer.parseInt(s) < 1) {
            throw new UsageException("--rate-limit must be a positive whole number");
        }
        return Integer.parseInt(s);
    }

    private void list(Operator operator) {
        out.printf("%-5s %-37s %-20s %-6s %-8s %-8s%n", "ID", "KEY", "NAME", "PERM", "LIMIT/H", "STATUS");
        for (ApiKey k : operator.keys()) {
            out.printf("%-5d %-37s %-20s %-6s %-8d %-8s%n", k.id(), k.key(), k.name(), k.permission().wire(),
                    k.rateLimit(), k.revoked() ? "revoked" : "active");
        }
    }

    private void revoke(Arguments a, Operator operator) throws UsageException, CommandException {
        String key = a.word(2);
        if (key.isEmpty()) {
            throw new UsageException("keys revoke needs the key (wps_...) or its id");
        }
        if (!operator.revokeKey(key)) {
            throw new CommandException("no active key " + key);
        }
        out.println("Revoked " + key);
    }
}
