package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expectObject;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer.Credentials;
import org.signet.support.WebhookReceiver;

/**
 * A team's API key: made by an admin of the team, it acts for the team (its documents and webhooks), not
 * for the person who made it, is named in the audit trail, and keeps working after that person leaves.
 */
class TeamKeysTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void key_documentsAndWebhooksOfTheTeam_andStillWorkingAfterItsMakerLeaves() throws Exception {
        ApiFlow owner = signet.flow("owner@example.org", false);
        ApiFlow admin = signet.flow("admin@example.org", false);
        String team = (String) expectObject(201, owner.post("teams", Map.of("name", "Sales"))).get("id");
        String adminId = (String) expectObject(201, owner.post("teams/" + team + "/members",
                Map.of("email", "admin@example.org", "role", "admin"))).get("user_id");
        String adminsOwn = admin.upload("Admin's own", 1);
        Map<String, Object> made = expectObject(201, admin.post("teams/" + team + "/keys", Map.of("name", "CRM")));
        assertEquals(team, made.get("team_id"));
        ApiFlow key = new ApiFlow(signet.server(), new Credentials((String) made.get("key"), (String) made.get("secret")),
                signet.clock());

        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Map<String, Object> hook = expectObject(201, key.post("webhooks", Map.of("url", receiver.url(),
                    "events", List.of("document.created"))));
            assertEquals(team, hook.get("team_id"), "a key's webhook is its team's");
            String doc = key.upload("Made by the key", 1);

            assertEquals(team, key.document(doc).get("team_id"), "a key's document is its team's");
            assertEquals(doc, receiver.next(WAIT).data().get("document_id"));
            Map<String, Object> created = key.audit(doc, "document_created").get(0);
            assertEquals(made.get("id"), created.get("api_key_id"), "the trail names the key");
            assertNull(created.get("user_id"));
            assertEquals("forbidden", code(key.get("documents/" + adminsOwn)), "not its maker's own documents");

            expectObject(200, admin.delete("teams/" + team + "/members/" + adminId));
            assertEquals("forbidden", code(admin.get("documents/" + doc)), "the maker is out");

            String later = key.upload("After the maker left", 1);
            assertEquals(later, receiver.next(WAIT).data().get("document_id"));
            expectObject(200, key.put("documents/" + doc, Map.of("title", "Still the team's")));
            assertEquals(2, array(key.get("documents")).size());
            assertFalse(array(owner.get("teams/" + team + "/keys")).isEmpty());
        }
    }

    @Test
    void key_managesNeitherTheTeamNorItsKeys() {
        ApiFlow owner = signet.flow("owner@example.org", false);
        String team = (String) expectObject(201, owner.post("teams", Map.of("name", "Sales"))).get("id");
        Map<String, Object> made = expectObject(201, owner.post("teams/" + team + "/keys", Map.of("name", "CRM")));
        ApiFlow key = new ApiFlow(signet.server(), new Credentials((String) made.get("key"), (String) made.get("secret")),
                signet.clock());

        assertEquals("forbidden", code(key.post("teams/" + team + "/keys", Map.of("name", "Another"))));
        assertEquals("forbidden", code(key.post("teams/" + team + "/members", Map.of("email", "owner@example.org"))));
        assertEquals("forbidden", code(key.post("teams", Map.of("name", "Its own"))));
        expectObject(200, owner.delete("teams/" + team + "/keys/" + made.get("id")));
        assertEquals(401, key.get("documents").statusCode(), "a revoked key fails its next request");
    }
}
