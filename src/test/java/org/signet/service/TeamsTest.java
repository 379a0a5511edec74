package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.function.Executable;
import org.signet.domain.Membership;
import org.signet.domain.Principal;
import org.signet.domain.TeamMember;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.store.Dialect;
import org.signet.store.TeamStore;
import org.signet.store.UserStore;
import org.signet.support.BothDatabases;
import org.signet.support.MutableClock;

/** Teams and their members on a real database of either kind: who may change what, and the last owner kept. */
class TeamsTest {
    @TempDir
    Path dir;

    private Database db;
    private Teams teams;
    private Principal owner;
    private Principal other;

    private void open(Dialect dialect) throws Exception {
        db = BothDatabases.open(dialect, dir);
        MutableClock clock = new MutableClock(Instant.parse("2030-01-15T09:00:00Z"), ZoneOffset.UTC);
        UserStore users = new UserStore(db, clock);
        owner = new Principal(users.add("olga@example.com", "Olga", false, null).id(), false);
        other = new Principal(users.add("pat@example.com", "Pat", false, null).id(), false);
        users.add("vic@example.com", "Vic", false, null);
        teams = new Teams(db, new TeamStore(db, clock), users);
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void create_anyone_isItsOwnerAndSeesItAmongTheirTeams(Dialect dialect) throws Exception {
        open(dialect);
        Membership made = teams.create(owner, "  Sales  ");

        assertEquals("Sales", made.team().name());
        assertEquals(TeamRole.OWNER, made.role());
        assertEquals(List.of(made), teams.mine(owner));
        assertEquals(List.of(), teams.mine(other));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void add_byEmail_memberSeesTheTeamWithTheirRole(Dialect dialect) throws Exception {
        open(dialect);
        long team = teams.create(owner, "Sales").team().id();

        TeamMember added = teams.add(owner, team, "pat@example.com", TeamRole.VIEWER);

        assertEquals(other.userId(), added.userId());
        assertEquals(TeamRole.VIEWER, teams.get(other, team).role());
        assertEquals(2, teams.members(other, team).size());
        assertRefused(403, "forbidden", () -> teams.rename(other, team, "Mine"));
        assertRefused(409, "already_member", () -> teams.add(owner, team, "pat@example.com", TeamRole.MEMBER));
        assertRefused(400, "rest_invalid_param", () -> teams.add(owner, team, "nobody@example.com", TeamRole.MEMBER));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void outsider_existingTeam_forbiddenAndMissingTeam_notFound(Dialect dialect) throws Exception {
        open(dialect);
        long team = teams.create(owner, "Sales").team().id();

        assertRefused(403, "forbidden", () -> teams.get(other, team));
        assertRefused(403, "forbidden", () -> teams.members(other, team));
        assertRefused(404, "not_found", () -> teams.get(other, team + 100));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void changeRole_lastOwner_refusedAndAnotherOwnerFirstLetsItGo(Dialect dialect) throws Exception {
        open(dialect);
        long team = teams.create(owner, "Sales").team().id();
        assertRefused(409, "last_owner", () -> teams.changeRole(owner, team, owner.userId(), TeamRole.ADMIN));
        assertRefused(409, "last_owner", () -> teams.remove(owner, team, owner.userId()));

        teams.add(owner, team, "pat@example.com", TeamRole.ADMIN);
        assertRefused(403, "forbidden", () -> teams.changeRole(other, team, owner.userId(), TeamRole.MEMBER));
        teams.changeRole(owner, team, other.userId(), TeamRole.OWNER);
        teams.remove(owner, team, owner.userId());

        assertEquals(List.of(), teams.mine(owner));
        assertEquals(TeamRole.OWNER, teams.get(other, team).role());
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void delete_byAnAdmin_forbiddenAndByTheOwner_gone(Dialect dialect) throws Exception {
        open(dialect);
        long team = teams.create(owner, "Sales").team().id();
        teams.add(owner, team, "pat@example.com", TeamRole.ADMIN);

        assertRefused(403, "forbidden", () -> teams.delete(other, team));
        teams.delete(owner, team);

        assertRefused(404, "not_found", () -> teams.get(owner, team));
        assertTrue(teams.mine(other).isEmpty());
    }

    private static void assertRefused(int status, String code, Executable call) {
        Refusal r = assertThrows(Refusal.class, call);
        assertEquals(status, r.status(), r.getMessage());
        assertEquals(code, r.code(), r.getMessage());
    }
}
