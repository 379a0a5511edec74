package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.signet.support.TestServer.expectObject;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.WebhookReceiver;

/** A team's webhook hears its team's documents, whoever made them, and no one's personal documents. */
class TeamWebhooksTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void teamWebhook_hearsATeamDocument_notAPersonalOne() throws Exception {
        ApiFlow owner = signet.flow("owner@example.org", false);
        ApiFlow member = signet.flow("member@example.org", false);
        String team = (String) expectObject(201, owner.post("teams", Map.of("name", "Sales"))).get("id");
        expectObject(201, owner.post("teams/" + team + "/members", Map.of("email", "member@example.org")));
        try (WebhookReceiver teams = WebhookReceiver.start(); WebhookReceiver owners = WebhookReceiver.start()) {
            expectObject(201, owner.post("webhooks", Map.of("url", teams.url(), "events", List.of("*"), "team_id", team)));
            expectObject(201, owner.post("webhooks", Map.of("url", owners.url(), "events", List.of("*"))));

            member.upload("The member's own", 1);
            owner.upload("The owner's own", 1);
            String shared = member.upload("The team's", 1, team);
            member.addSignerWithSignatureField(shared, "ann@example.org");
            member.send(shared);

            WebhookReceiver.Received first = teams.next(WAIT);
            assertEquals("document.created", first.event());
            assertEquals(shared, first.data().get("document_id"), "the first the team hears is the team's");
            assertEquals(team, first.data().get("team_id"));
            assertEquals(List.of("signer.added", "document.sent"), List.of(teams.next(WAIT).event(),
                    teams.next(WAIT).event()));
            WebhookReceiver.Received own = owners.next(WAIT);
            assertEquals("The owner's own", own.data().get("document_title"));
            assertNull(own.data().get("team_id"));
            String later = owner.upload("The owner's next", 1);
            assertEquals(later, owners.next(WAIT).data().get("document_id"), "the owner's hears nothing of the team's");
        }
    }
}
