package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.TwoInstances;

/**
 * A member removed from a team, or whose role is lowered, is refused at their very next request: on one
 * instance, with the document they had just read answered from memory, and across two instances on one
 * PostgreSQL database, the change made at one and the request made at the other.
 */
class TeamMembershipTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    @Test
    void removed_nextRequestRefused_andTheTeamsDocumentsGoneFromTheirList() {
        ApiFlow owner = signet.flow("owner@example.org", false);
        ApiFlow member = signet.flow("member@example.org", false);
        Team team = Team.of(owner, "member@example.org", "member");
        expect(200, member.get("documents/" + team.doc()));
        assertEquals(1, array(member.get("documents")).size());

        expectObject(200, owner.delete("teams/" + team.id() + "/members/" + team.memberId()));

        assertEquals("forbidden", code(member.get("documents/" + team.doc())));
        assertEquals("forbidden", code(member.get("documents?team_id=" + team.id())));
        assertEquals(0, array(member.get("documents")).size());
        assertEquals(List.of(), array(member.get("teams")));
    }

    @Test
    void lowered_toViewer_nextChangeRefusedButReadingGoesOn() {
        ApiFlow owner = signet.flow("owner@example.org", false);
        ApiFlow member = signet.flow("member@example.org", false);
        Team team = Team.of(owner, "member@example.org", "member");
        expectObject(200, member.put("documents/" + team.doc(), Map.of("title", "By the member")));

        expectObject(200, owner.put("teams/" + team.id() + "/members/" + team.memberId(), Map.of("role", "viewer")));

        assertEquals("forbidden", code(member.put("documents/" + team.doc(), Map.of("title", "Again"))));
        assertEquals("By the member", expectObject(200, member.get("documents/" + team.doc())).get("title"));
    }

    @Test
    void removedAtOneInstance_refusedAtTheOtherAtOnce() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2030-01-15T09:00:00Z"), ZoneOffset.UTC);
        try (TwoInstances two = TwoInstances.start(clock)) {
            ApiFlow owner = new ApiFlow(two.first, two.first.account("owner@example.org", false).full(), clock);
            TestServer.Account pat = two.first.account("member@example.org", false);
            ApiFlow memberAtSecond = new ApiFlow(two.second, pat.full(), clock);
            Team team = Team.of(owner, "member@example.org", "member");
            expect(200, memberAtSecond.get("documents/" + team.doc()));
            expectObject(200, memberAtSecond.put("documents/" + team.doc(), Map.of("title", "Read at the second")));

            expectObject(200, owner.put("teams/" + team.id() + "/members/" + team.memberId(), Map.of("role", "viewer")));
            assertEquals("forbidden", code(memberAtSecond.put("documents/" + team.doc(), Map.of("title", "Again"))));

            expectObject(200, owner.delete("teams/" + team.id() + "/members/" + team.memberId()));
            assertEquals("forbidden", code(memberAtSecond.get("documents/" + team.doc())));
            assertEquals(0, array(memberAtSecond.get("documents")).size());
        }
    }

    /** A team made by {@code owner} with the account of {@code email} in it as {@code role}, and one draft of the team's. */
    private record Team(String id, String memberId, String doc) {
        static Team of(ApiFlow owner, String email, String role) {
            String id = (String) expectObject(201, owner.post("teams", Map.of("name", "Sales"))).get("id");
            String member = (String) expectObject(201, owner.post("teams/" + id + "/members", Map.of("email", email,
                    "role", role))).get("user_id");
            return new Team(id, member, owner.upload("Shared", 1, id));
        }
    }
}
