package org.signet.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.ApiKey;
import org.signet.domain.Membership;
import org.signet.domain.TeamMember;
import org.signet.domain.TeamRole;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.ApiKeys;
import org.signet.service.Teams;
import org.signet.text.Wire;

/** The team endpoints (see docs/api/teams.md): teams, their members and roles, and the team's own API keys. */
public final class TeamsApi {
    private static final Keys NAME = Keys.of("name");
    private static final Keys NEW_MEMBER = Keys.of("email", "role");
    private static final Keys ROLE = Keys.of("role");
    private static final Keys NEW_KEY = Keys.of("name", "description", "permission", "rate_limit");

    private final Teams teams;
    private final ApiKeys keys;
    private final Wire wire;
    private final int defaultRateLimit;

    public TeamsApi(Teams teams, ApiKeys keys, Wire wire, int defaultRateLimit) {
        this.teams = teams;
        this.keys = keys;
        this.wire = wire;
        this.defaultRateLimit = defaultRateLimit;
    }

    public void routes(Router r) {
        r.get("/teams", this::list);
        r.post("/teams", this::create);
        r.get("/teams/{id}", this::get);
        r.put("/teams/{id}", this::rename);
        r.delete("/teams/{id}", this::delete);
        r.get("/teams/{id}/members", this::members);
        r.post("/teams/{id}/members", this::add);
        r.put("/teams/{id}/members/{user_id}", this::changeRole);
        r.delete("/teams/{id}/members/{user_id}", this::remove);
        r.get("/teams/{id}/keys", this::keys);
        r.post("/teams/{id}/keys", this::createKey);
        r.delete("/teams/{id}/keys/{key_id}", this::revokeKey);
    }

    private Response list(Request req) {
        return Response.ok(teams.mine(req.caller().principal()).stream().map(this::form).toList());
    }

    private Response create(Request req) {
        return Response.created(form(teams.create(req.caller().principal(), name(req.json()))));
    }

    private Response get(Request req) {
        return Response.ok(form(teams.get(req.caller().principal(), req.pathId("id"))));
    }

    private Response rename(Request req) {
        long id = req.pathId("id");
        return Response.ok(form(teams.rename(req.caller().principal(), id, name(req.json()))));
    }

    private Response delete(Request req) {
        long id = req.pathId("id");
        teams.delete(req.caller().principal(), id);
        return Response.ok(Json.object("deleted", true, "id", Wire.id(id)));
    }

    private Response members(Request req) {
        return Response.ok(teams.members(req.caller().principal(), req.pathId("id")).stream().map(this::memberForm)
                .toList());
    }

    private Response add(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(NEW_MEMBER);
        String email = b.requireLine("email", 320);
        TeamRole role = b.has("role") ? role(b) : TeamRole.MEMBER;
        b.check();
        return Response.created(memberForm(teams.add(req.caller().principal(), id, email.strip(), role)));
    }

    private Response changeRole(Request req) {
        long id = req.pathId("id");
        long userId = req.pathId("user_id");
        Body b = req.json().refuseUnknown(ROLE);
        b.require("role");
        TeamRole role = role(b);
        b.check();
        return Response.ok(memberForm(teams.changeRole(req.caller().principal(), id, userId, role)));
    }

    private Response remove(Request req) {
        long id = req.pathId("id");
        long userId = req.pathId("user_id");
        teams.remove(req.caller().principal(), id, userId);
        return Response.ok(Json.object("deleted", true, "user_id", Wire.id(userId)));
    }

    private Response keys(Request req) {
        return Response.ok(keys.listForTeam(req.caller().principal(), req.pathId("id")).stream()
                .map(k -> keyForm(k, null)).toList());
    }

    private Response createKey(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(NEW_KEY);
        String name = b.requireLine("name", 100);
        String description = b.optLine("description", 500).orElse("");
        ApiKey.Permission permission = b.optString("permission").map(p -> permission(b, p)).orElse(ApiKey.Permission.FULL);
        int rateLimit = b.optLong("rate_limit", 1, 100_000_000).map(Long::intValue).orElse(defaultRateLimit);
        b.check();
        ApiKeys.Created c = keys.createForTeam(req.caller().principal(), id, name, description, permission, rateLimit);
        return Response.created(keyForm(c.key(), c.secret()));
    }

    private Response revokeKey(Request req) {
        long id = req.pathId("id");
        return Response.ok(keyForm(keys.revokeForTeam(req.caller().principal(), id, req.pathId("key_id")), null));
    }

    private static String name(Body b) {
        b.refuseUnknown(NAME);
        String name = b.requireLine("name", Teams.MAX_NAME);
        b.check();
        return name;
    }

    /** {@code role}: one of the four, else a refusal naming them. */
    private static TeamRole role(Body b) {
        String raw = b.optString("role").orElse("");
        try {
            return TeamRole.fromWire(raw);
        } catch (IllegalArgumentException e) {
            b.reject("role", "role must be owner, admin, member or viewer.");
            return null;
        }
    }

    private static ApiKey.Permission permission(Body b, String raw) {
        try {
            return ApiKey.Permission.fromWire(raw);
        } catch (IllegalArgumentException e) {
            b.reject("permission", "permission must be full or read.");
            return null;
        }
    }

    private Map<String, Object> form(Membership m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Wire.id(m.team().id()));
        out.put("name", m.team().name());
        out.put("role", m.role().wire());
        out.put("created_at", wire.time(m.team().createdAt()));
        return out;
    }

    private Map<String, Object> memberForm(TeamMember m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("user_id", Wire.id(m.userId()));
        out.put("email", m.email());
        out.put("name", m.name());
        out.put("role", m.role().wire());
        out.put("added_at", wire.time(m.addedAt()));
        return out;
    }

    /** A team key as listed; {@code secret} only in the answer that made it. */
    private Map<String, Object> keyForm(ApiKey k, String secret) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Wire.id(k.id()));
        out.put("key", k.key());
        if (secret != null) {
            out.put("secret", secret);
        }
        out.put("name", k.name());
        out.put("description", k.description());
        out.put("permission", k.permission().wire());
        out.put("rate_limit", k.rateLimit());
        out.put("team_id", Wire.id(k.teamId()));
        out.put("made_by", Wire.id(k.userId()));
        out.put("created_at", wire.time(k.createdAt()));
        out.put("last_used_at", wire.time(k.lastUsedAt()));
        out.put("revoked_at", wire.time(k.revokedAt()));
        return out;
    }
}
