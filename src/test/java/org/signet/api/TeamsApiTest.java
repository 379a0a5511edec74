package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer.Credentials;

/**
 * Who may do what in a team, over HTTP on the database the suite runs on (SQLite, or PostgreSQL with
 * {@code -Dsignet.test.db=postgresql}): every role, a team's key and an outsider against every kind of
 * operation on the team and what it holds, each with the status docs/api/teams.md gives it.
 */
class TeamsApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true", "ratelimit.ip_per_minute=5000");

    /** The callers, in the order of every row's expected statuses. */
    private static final List<String> CALLERS = List.of("owner", "admin", "member", "viewer", "outsider", "key");

    /** One operation: its name, the call as a caller makes it, and the status each caller gets. */
    private record Op(String name, BiFunction<String, ApiFlow, HttpResponse<String>> call, int... expected) {}

    private final Map<String, ApiFlow> flows = new LinkedHashMap<>();
    private ApiFlow owner;
    private String team;
    private String doc;
    private Object template;
    private String webhook;

    @BeforeEach
    void start() {
        owner = signet.flow("owner@example.org", false);
        team = (String) expectObject(201, owner.post("teams", Map.of("name", "Sales"))).get("id");
        flows.put("owner", owner);
        for (String role : List.of("admin", "member", "viewer")) {
            flows.put(role, signet.flow(role + "@example.org", false));
            expectObject(201, owner.post("teams/" + team + "/members", Map.of("email", role + "@example.org",
                    "role", role)));
        }
        flows.put("outsider", signet.flow("outsider@example.org", false));
        Map<String, Object> key = expectObject(201, owner.post("teams/" + team + "/keys", Map.of("name", "CRM")));
        flows.put("key", new ApiFlow(signet.server(), new Credentials((String) key.get("key"),
                (String) key.get("secret")), signet.clock()));
        doc = teamDocument(owner);
        owner.addSignerWithSignatureField(doc, "ann@example.org");
        template = expectObject(201, owner.post("templates", Map.of("document_id", doc, "name", "Lease",
                "team_id", team))).get("id");
        webhook = (String) expectObject(201, owner.post("webhooks", Map.of("url", "http://127.0.0.1:9/hook",
                "events", List.of("*"), "team_id", team))).get("id");
    }

    private List<Op> operations() {
        String t = "teams/" + team;
        String d = "documents/" + doc;
        String tp = "templates/" + template;
        String w = "webhooks/" + webhook;
        Map<String, Object> slot = Map.of("signers", List.of(Map.of("name", "Cy", "email", "cy@example.org")));
        return List.of(
                new Op("read the team", (c, f) -> f.get(t), 200, 200, 200, 200, 403, 200),
                new Op("rename the team", (c, f) -> f.put(t, Map.of("name", "Sales " + c)), 200, 200, 403, 403, 403, 403),
                new Op("list members", (c, f) -> f.get(t + "/members"), 200, 200, 200, 200, 403, 200),
                new Op("add a member", (c, f) -> f.post(t + "/members", Map.of("email", spare(c, "added"))),
                        201, 201, 403, 403, 403, 403),
                new Op("change a role", (c, f) -> f.put(t + "/members/" + member(c, "changed"), Map.of("role", "viewer")),
                        200, 200, 403, 403, 403, 403),
                new Op("remove a member", (c, f) -> f.delete(t + "/members/" + member(c, "removed")),
                        200, 200, 403, 403, 403, 403),
                new Op("list the team's keys", (c, f) -> f.get(t + "/keys"), 200, 200, 403, 403, 403, 403),
                new Op("make a team key", (c, f) -> f.post(t + "/keys", Map.of("name", "K " + c)),
                        201, 201, 403, 403, 403, 403),
                new Op("delete a team that holds documents", (c, f) -> f.delete(t), 409, 403, 403, 403, 403, 403),
                new Op("read a document", (c, f) -> f.get(d), 200, 200, 200, 200, 403, 200),
                new Op("read its audit trail", (c, f) -> f.get(d + "/audit"), 200, 200, 200, 200, 403, 200),
                new Op("download its file", (c, f) -> f.get(d + "/file"), 200, 200, 200, 200, 403, 200),
                new Op("change a document", (c, f) -> f.put(d, Map.of("title", "By " + c)), 200, 200, 200, 403, 403, 200),
                new Op("add a signer", (c, f) -> f.postSigner(doc, ApiFlow.signerBody("Bo " + c, c + ".bo@example.org",
                        "signer", 1)), 201, 201, 201, 403, 403, 201),
                new Op("delete a document", (c, f) -> f.delete("documents/" + teamDocument(owner)),
                        200, 200, 200, 403, 403, 200),
                new Op("upload for the team", (c, f) -> upload(f, team), 201, 201, 201, 403, 403, 201),
                new Op("list the team's documents", (c, f) -> f.get("documents?team_id=" + team),
                        200, 200, 200, 200, 403, 200),
                new Op("the team's statistics", (c, f) -> f.get("stats?team_id=" + team), 200, 200, 200, 200, 403, 200),
                new Op("read a template", (c, f) -> f.get(tp), 200, 200, 200, 200, 403, 200),
                new Op("change a template", (c, f) -> f.put(tp, Map.of("name", "Lease " + c)),
                        200, 200, 200, 403, 403, 200),
                new Op("make a document from a template", (c, f) -> f.post(tp + "/documents", slot),
                        201, 201, 201, 403, 403, 201),
                new Op("list the team's templates", (c, f) -> f.get("templates?team_id=" + team),
                        200, 200, 200, 200, 403, 200),
                new Op("read a webhook", (c, f) -> f.get(w), 200, 200, 403, 403, 403, 200),
                new Op("change a webhook", (c, f) -> f.put(w, Map.of("active", true)), 200, 200, 403, 403, 403, 200),
                new Op("make a webhook for the team", (c, f) -> f.post("webhooks", Map.of("url", "http://127.0.0.1:9/" + c,
                        "events", List.of("*"), "team_id", team)), 201, 201, 403, 403, 403, 201),
                new Op("list the team's webhooks", (c, f) -> f.get("webhooks?team_id=" + team),
                        200, 200, 403, 403, 403, 200),
                new Op("move one's own document in", (c, f) -> f.post("documents/" + personalDocument(c, f) + "/move",
                        Map.of("team_id", team)), 200, 200, 200, 403, 403, 403),
                new Op("move a team's document out", (c, f) -> f.post("documents/" + teamDocument(owner) + "/move",
                        nullTeam()), 200, 200, 403, 403, 403, 403));
    }

    @Test
    void everyCaller_everyOperation_theStatusItsRoleGives() {
        List<String> wrong = new ArrayList<>();
        for (Op op : operations()) {
            for (int i = 0; i < CALLERS.size(); i++) {
                String caller = CALLERS.get(i);
                HttpResponse<String> r = op.call().apply(caller, flows.get(caller));
                if (r.statusCode() != op.expected()[i]) {
                    wrong.add(caller + " " + op.name() + ": " + r.statusCode() + " (expected " + op.expected()[i] + ") "
                            + r.body());
                }
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void outsider_missingAndForeignTeam_notFoundThenForbidden() {
        ApiFlow outsider = flows.get("outsider");

        assertEquals("not_found", code(outsider.get("teams/999999")));
        assertEquals("forbidden", code(outsider.get("teams/" + team)));
        assertEquals("not_found", code(outsider.get("documents?team_id=999999")));
        assertEquals("forbidden", code(upload(outsider, team)));
        assertEquals(0, array(outsider.get("documents")).size(), "an outsider's own list holds none of the team's");
    }

    @Test
    void list_withoutTeamId_ownDocumentsAndTheTeams() {
        ApiFlow viewer = flows.get("viewer");
        String own = viewer.upload("Mine", 1);

        List<Object> seen = array(viewer.get("documents")).stream().map(o -> (Object) ((Map<?, ?>) o).get("id")).toList();

        assertEquals(List.of(own, doc), seen);
        assertEquals(2L, ((Number) expectObject(200, viewer.get("stats")).get("total")).longValue());
    }

    @Test
    void changeRole_lastOwner_refusedWithItsCode() {
        String ownerId = Long.toString(signet.server().app.users().findByEmail("owner@example.org").orElseThrow().id());

        HttpResponse<String> r = owner.put("teams/" + team + "/members/" + ownerId, Map.of("role", "admin"));

        assertEquals(409, r.statusCode());
        assertEquals("last_owner", code(r));
    }

    /** A draft of the team's, uploaded by {@code by}. */
    private String teamDocument(ApiFlow by) {
        return (String) expectObject(201, upload(by, team)).get("id");
    }

    /** A personal draft of {@code caller}'s; for the team's key, one of the team owner's, which the key may not take. */
    private String personalDocument(String caller, ApiFlow f) {
        return caller.equals("key") ? owner.upload("Owner's own", 1) : f.upload("Own " + caller, 1);
    }

    private HttpResponse<String> upload(ApiFlow f, String teamId) {
        return signet.server().send(new Multipart().text("title", "Team contract").text("team_id", teamId)
                .file("file", "contract.pdf", "application/pdf", TestFiles.pdf(1))
                .post(f.request("documents/upload")).build());
    }

    /** An account for {@code caller}'s attempt at {@code what}, made now and in no team. */
    private String spare(String caller, String what) {
        String email = what + "-" + caller + "@example.org";
        signet.server().account(email, false);
        return email;
    }

    /** The user id of a member the owner adds for {@code caller}'s attempt at {@code what}. */
    private String member(String caller, String what) {
        String email = spare(caller, what);
        return (String) expectObject(201, owner.post("teams/" + team + "/members", Map.of("email", email)))
                .get("user_id");
    }

    private static Map<String, Object> nullTeam() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("team_id", null);
        return body;
    }
}
