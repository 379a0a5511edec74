package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;

import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.SentMail;
import org.signet.support.SignetFixture;
import org.signet.support.Waits;

/**
 * {@code POST /documents/{id}/send} with a message: each invitation of that send and its reminders carry it, as
 * text in the text part and escaped in the HTML part; a message too long or a key the body does not take is
 * refused, and nothing is sent.
 */
class SendMessageApiTest {
    private static final String SAM = "sam@example.org";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().withMail();

    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        flow.addSignerWithSignatureField(doc, SAM);
    }

    private HttpResponse<String> send(Object body) {
        return flow.post("documents/" + doc + "/send", body);
    }

    /** The text part then the HTML part of the {@code n}th message delivered, waiting for it. */
    private List<String> bodies(int n) throws Exception {
        Waits.awaitUntil(() -> signet.mail().getReceivedMessages().length >= n, n + " message(s) delivered");
        MimeMessage m = signet.mail().getReceivedMessages()[n - 1];
        assertEquals(SAM, SentMail.recipient(m));
        return SentMail.bodies(m);
    }

    private void assertNothingSent(HttpResponse<String> r, String param) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), r.body());
        assertEquals("draft", flow.status(doc));
        assertEquals(List.of(), flow.audit(doc, "invitation_sent"));
    }

    @Test
    void send_message_inTheInvitationAndItsReminder_escapedInHtml() throws Exception {
        HttpResponse<String> r = send(Map.of("message", "<b>Hi</b> & bye"));

        assertEquals(200, r.statusCode(), r.body());
        for (List<String> parts : List.of(bodies(1), bodiesAfterReminder())) {
            String text = parts.get(0).replace("\r\n", "\n");
            String html = parts.get(1);
            assertTrue(text.contains("A message from ") && text.contains(":\n<b>Hi</b> & bye\n"), text);
            assertTrue(html.contains("&lt;b&gt;Hi&lt;/b&gt; &amp; bye"), html);
            assertFalse(html.contains("<b>Hi</b>"), html);
        }
    }

    private List<String> bodiesAfterReminder() throws Exception {
        assertEquals(200, flow.post("documents/" + doc + "/remind", Map.of()).statusCode());
        return bodies(2);
    }

    @Test
    void send_noBody_asBefore_noMessageLine() throws Exception {
        assertEquals(200, send(null).statusCode());

        assertFalse(bodies(1).get(0).contains("A message from"));
    }

    @Test
    void send_messageOver2000Characters_invalidParamAndNothingSent() {
        assertNothingSent(send(Map.of("message", "x".repeat(2001))), "message");
    }

    @Test
    void send_unknownKey_refusedNamingItAndNothingSent() {
        HttpResponse<String> r = send(Map.of("message", "Hello", "note", "x"));

        assertNothingSent(r, "note");
        assertEquals("unknown_key", ((Map<?, ?>) ((Map<?, ?>) data(r).get("details")).get("note")).get("code"));
    }
}
