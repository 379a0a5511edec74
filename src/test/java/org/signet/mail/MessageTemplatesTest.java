package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.signet.domain.Language;

class MessageTemplatesTest {

    private static final MessageTemplates TEMPLATES = MessageTemplates.load();
    private static final String LINK = "https://sign.example.org/sign/Zm9vYmFyYmF6cXV4";
    private static final String EXPIRES = "The link expires on 2030-01-31 17:00 UTC.";

    /** Every variable any template uses, so each template can be rendered from one map. */
    private static Map<String, String> vars() {
        Map<String, String> vars = new HashMap<>();
        vars.put("recipient_name", "Jürgen Müller");
        vars.put("sender_name", "Alice Owner");
        vars.put("document_title", "Vertrag für Müller");
        vars.put("link", LINK);
        vars.put("expires_line", EXPIRES);
        vars.put("access_line", "");
        vars.put("message_line", "");
        vars.put("message_block", "");
        vars.put("signer_name", "Bob Signer");
        vars.put("signer_email", "bob@example.org");
        vars.put("decline_reason", "The fee in section 3 is wrong.");
        vars.put("document_id", "9021");
        vars.put("seal_error", "IOException: the disk is full");
        vars.put("new_signer_name", "Carla Nueva");
        vars.put("new_signer_email", "carla@example.org");
        vars.put("delegation_reason", "Carla signs for the firm while I am away.");
        vars.put("code", "305917");
        return vars;
    }

    @ParameterizedTest
    @ValueSource(strings = {"invitation", "approval_request", "reminder", "completed", "declined", "rejected",
            "delegated"})
    void render_eachTemplate_showsTitleAndNamesInSubjectTextAndHtml(String name) {
        RenderedMessage message = TEMPLATES.render(name, Language.EN, vars());

        assertTrue(message.subject().contains("Vertrag für Müller"), message.subject());
        assertFalse(message.subject().contains("\n"));
        String actor = name.equals("declined") || name.equals("rejected") || name.equals("delegated")
                ? "Bob Signer" : "Alice Owner";
        for (String body : new String[] {message.text(), message.html()}) {
            assertTrue(body.contains("Vertrag für Müller"), body);
            assertTrue(body.contains("Jürgen Müller"), body);
            assertTrue(body.contains(actor), body);
            assertFalse(body.contains("{{"), "unfilled placeholder in " + body);
        }
        assertTrue(message.html().startsWith("<!DOCTYPE html>"));
        assertTrue(message.html().contains("Signet"));
        assertTrue(message.text().contains("Signet"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"invitation", "view_invitation", "approval_request", "reminder"})
    void render_linkTemplates_showButtonAndWrittenOutLink(String name) {
        RenderedMessage message = TEMPLATES.render(name, Language.EN, vars());

        assertTrue(message.text().contains(LINK), message.text());
        assertTrue(message.html().contains("<a href=\"" + LINK + "\""), message.html());
        assertTrue(message.html().contains(">" + LINK + "</a>"), "the link written out beneath the button");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void render_delegated_namesBothPeopleAndTheReasonInEachLanguage(String code) {
        RenderedMessage message = TEMPLATES.render("delegated", Language.fromCode(code).orElseThrow(), vars());

        assertTrue(message.subject().contains("Bob Signer"), message.subject());
        for (String body : new String[] {message.text(), message.html()}) {
            for (String expected : List.of("Bob Signer", "bob@example.org", "Carla Nueva", "carla@example.org",
                    "Carla signs for the firm while I am away.", "9021")) {
                assertTrue(body.contains(expected), code + " lacks " + expected + ": " + body);
            }
            assertFalse(body.contains(LINK), "the owner's mail carries nobody's link");
        }
    }

    @Test
    void render_declined_namesTheDocumentAndTheReasonWithoutALink() {
        RenderedMessage message = TEMPLATES.render("declined", Language.EN, vars());

        for (String body : new String[] {message.text(), message.html()}) {
            assertTrue(body.contains("9021"), body);
            assertTrue(body.contains("The fee in section 3 is wrong."), body);
            assertFalse(body.contains(LINK), "no page for owners exists to link to");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"invitation", "approval_request", "reminder"})
    void render_signerTemplates_sayTheLinkIsPersonalAndShowExpiry(String name) {
        RenderedMessage message = TEMPLATES.render(name, Language.EN, vars());

        assertTrue(message.text().contains("do not forward"), message.text());
        assertTrue(message.html().contains("do not forward"), message.html());
        assertTrue(message.text().contains(EXPIRES));
        assertTrue(message.html().contains(EXPIRES));
    }

    @Test
    void render_emptyExpiresLine_isAllowed() {
        Map<String, String> vars = vars();
        vars.put("expires_line", "");

        RenderedMessage message = TEMPLATES.render("invitation", Language.EN, vars);

        assertFalse(message.text().contains("expires"));
    }

    @Test
    void render_completed_saysOnceWhatIsAttached() {
        RenderedMessage message = TEMPLATES.render("completed", Language.EN, vars());

        for (String body : new String[] {message.text(), message.html()}) {
            assertTrue(body.contains("The signed PDF is attached."), body);
            assertEquals(1, body.split("certificate of completion", -1).length - 1, "said once: " + body);
        }
    }

    @Test
    void render_rejected_saysRejectedNotDeclined() {
        RenderedMessage message = TEMPLATES.render("rejected", Language.EN, vars());

        assertTrue(message.subject().contains("rejected"), message.subject());
        for (String body : new String[] {message.text(), message.html()}) {
            assertTrue(body.contains("rejected this document"), body);
            assertFalse(body.contains("declined"), body);
            assertTrue(body.contains("The fee in section 3 is wrong."), body);
        }
    }

    @Test
    void render_declined_showsSignerEmailAndReason() {
        RenderedMessage message = TEMPLATES.render("declined", Language.EN, vars());

        for (String body : new String[] {message.text(), message.html()}) {
            assertTrue(body.contains("bob@example.org"), body);
            assertTrue(body.contains("The fee in section 3 is wrong."), body);
        }
    }

    @Test
    void render_scriptInTitle_isEscapedInHtmlOnly() {
        Map<String, String> vars = vars();
        vars.put("document_title", "<script>alert('x')</script> & Co");

        RenderedMessage message = TEMPLATES.render("invitation", Language.EN, vars);

        assertFalse(message.html().contains("<script>"), message.html());
        assertTrue(message.html().contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co"));
        assertTrue(message.text().contains("<script>alert('x')</script> & Co"));
        assertTrue(message.subject().contains("<script>alert('x')</script> & Co"));
    }

    @Test
    void render_valueContainingPlaceholder_isNotExpanded() {
        Map<String, String> vars = vars();
        vars.put("document_title", "{{link}} and $1 \\ backslash");

        RenderedMessage message = TEMPLATES.render("reminder", Language.EN, vars);

        assertTrue(message.text().contains("{{link}} and $1 \\ backslash"), message.text());
    }

    @Test
    void render_lineBreakInTitle_keepsSubjectOnOneLine() {
        Map<String, String> vars = vars();
        vars.put("document_title", "Line one\r\nLine two");

        assertEquals("Completed: Line one Line two", TEMPLATES.render("completed", Language.EN, vars).subject());
    }

    @Test
    void render_missingVariable_namesIt() {
        Map<String, String> vars = vars();
        vars.remove("link");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TEMPLATES.render("invitation", Language.EN, vars));

        assertTrue(e.getMessage().contains("{{link}}"), e.getMessage());
        assertTrue(e.getMessage().contains("invitation"), e.getMessage());
    }

    @Test
    void render_unknownTemplate_throws() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TEMPLATES.render("password_reset", Language.EN, vars()));

        assertTrue(e.getMessage().contains("password_reset"), e.getMessage());
    }

    @Test
    void render_noTemplateHasAPinVariable() {
        Map<String, String> vars = vars();
        vars.put("pin", "4711");
        vars.put("pin_code", "4711");

        for (String name : MessageTemplates.NAMES) {
            RenderedMessage message = TEMPLATES.render(name, Language.EN, vars);
            assertFalse(message.text().contains("4711") || message.html().contains("4711"), name);
        }
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void render_emailCode_everyLanguageShowsTheCodeInBothBodiesButNotTheSubject(Language language) {
        RenderedMessage message = TEMPLATES.render("email_code", language, vars());

        assertTrue(message.text().contains("305917"), message.text());
        assertTrue(message.html().contains("305917"), message.html());
        assertTrue(message.subject().contains("Vertrag für Müller"), message.subject());
        assertFalse(message.subject().contains("305917"), "a subject is logged by the outbox transport");
    }
}
