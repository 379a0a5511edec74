package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.TwoInstances;

/**
 * What each instance keeps in memory (documents' details and their JSON, API keys) is checked against
 * the database shared with the other instance, and what a browser passed at a signing link is kept
 * there: what one changes, the other serves at once.
 */
class CachesAcrossInstancesTest {
    private final Clock clock = Clock.systemUTC();
    private TwoInstances two;
    private TwoInstances.Owner owner;

    @BeforeEach
    void start() throws Exception {
        two = TwoInstances.start(clock);
        owner = two.owner("owner@example.org", clock);
    }

    @AfterEach
    void stop() {
        two.close();
    }

    @Test
    void getDocument_changedThroughTheOtherInstance_isReadFreshAtOnce() {
        String doc = owner.onFirst().upload("contract", 1);
        // Read twice through the second, so that its details and rendered JSON are remembered.
        assertEquals("contract", owner.onSecond().document(doc).get("title"));
        assertEquals("contract", owner.onSecond().document(doc).get("title"));

        assertEquals(200, owner.onFirst().put("documents/" + doc, Map.of("title", "lease")).statusCode());

        assertEquals("lease", owner.onSecond().document(doc).get("title"));
        assertEquals("lease", owner.onFirst().document(doc).get("title"));
    }

    @Test
    void request_keyRevokedThroughTheOtherInstance_isRefusedOnItsNextRequest() {
        assertEquals(200, owner.onSecond().get("documents").statusCode());
        assertEquals(200, owner.onSecond().get("documents").statusCode());

        assertTrue(two.first.app.keys().revoke(owner.account().full().key()));

        assertEquals(401, owner.onSecond().get("documents").statusCode());
        assertEquals(401, owner.onFirst().get("documents").statusCode());
    }

    /** Pat, asked for PIN 4821, added to {@code doc} with a signature field, and the document sent (through the first). */
    private Party pinLinkSent(String doc) {
        ApiFlow flow = owner.onFirst();
        Party pat = flow.addSigner(doc, Map.of("name", "Pat", "email", "pat@example.com", "pin_code", "4821"));
        flow.saveFields(doc, List.of(ApiFlow.field(Long.parseLong(pat.id()), "signature", 1, 72, 600)));
        flow.send(doc);
        return pat;
    }

    @Test
    void pin_passedThroughOneInstance_unlocksTheLinkOnTheOther() {
        Party pat = pinLinkSent(owner.onFirst().upload("contract", 1));

        HttpResponse<String> passed = owner.onFirst().postToLink(pat.token(), "pin", Map.of("pin", "4821"));
        assertEquals(200, passed.statusCode());
        String cookie = ApiFlow.cookie(passed);

        Map<String, Object> session = expectObject(200, owner.onSecond().session(pat.token(), cookie));
        assertNull(session.get("requires"), "the second instance knows what the browser passed on the first");
        assertEquals(true, session.get("can_act"));
        assertEquals(200, owner.onSecond().postToLink(pat.token(), "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Pat")), cookie).statusCode());
        assertEquals("pin", expectObject(200, owner.onFirst().session(pat.token())).get("requires"),
                "a browser without the cookie is still asked");
    }

    @Test
    void pin_passedThenTheDocumentRecalledThroughTheOtherInstance_unlockEndsOnBoth() {
        String doc = owner.onFirst().upload("contract", 1);
        Party pat = pinLinkSent(doc);
        String cookie = ApiFlow.cookie(owner.onFirst().postToLink(pat.token(), "pin", Map.of("pin", "4821")));
        assertNull(expectObject(200, owner.onSecond().session(pat.token(), cookie)).get("requires"));

        assertEquals(200, owner.onSecond().put("documents/" + doc, Map.of("status", "draft")).statusCode());
        owner.onSecond().send(doc);

        for (ApiFlow at : List.of(owner.onFirst(), owner.onSecond())) {
            assertEquals("pin", expectObject(200, at.session(pat.token(), cookie)).get("requires"));
        }
    }

    @Test
    void emailCode_askedThroughOneInstance_isPutInItsMailByTheOther() {
        ApiFlow flow = owner.onFirst();
        String doc = flow.upload("contract", 1);
        Party cody = flow.addSigner(doc, Map.of("name", "Cody", "email", "cody@example.com", "verification",
                "email_code"));
        flow.saveFields(doc, List.of(ApiFlow.field(Long.parseLong(cody.id()), "signature", 1, 72, 600)));
        flow.send(doc);

        assertEquals(200, owner.onFirst().postToLink(cody.token(), "email-code/send", Map.of()).statusCode());
        String body = two.first.app.database().queryOne("SELECT text_body FROM mail_outbox WHERE template = "
                + "'email_code'", r -> r.string("text_body")).orElseThrow();
        Matcher placeholder = Pattern.compile("\\[\\[one-time-code:(\\d+)]]").matcher(body);
        assertTrue(placeholder.find(), "the queue holds the placeholder, never the code");
        String code = two.second.app.emailCodes().forMail(Long.parseLong(placeholder.group(1))).orElseThrow(
                () -> new AssertionError("the second instance cannot put in a code the first made"));

        assertTrue(code.matches("\\d{6}"), code);
        assertEquals(200, owner.onSecond().postToLink(cody.token(), "email-code", Map.of("code", code)).statusCode());
    }
}
