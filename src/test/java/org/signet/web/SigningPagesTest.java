package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.signet.domain.Language;
import org.signet.text.Messages;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SigningPagesTest {

    private static final Messages EN = Messages.of(PageHtml.BUNDLE, Language.EN);
    private static final String TOKEN = "AbC-123_xyzAbC-123_xyzAbC-123_xyzAbC-123_xy";
    private static final String NASTY = "<script>alert(\"x\")</script> & 'quotes'";

    /** Parses a page with the JDK's XML parser: the markup is written to be well-formed XML. */
    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    private static Element byId(Document doc, String id) throws Exception {
        return (Element) XPathFactory.newInstance().newXPath()
                .evaluate("//*[@id='" + id + "']", doc, XPathConstants.NODE);
    }

    private static NodeList all(Document doc, String xpath) throws Exception {
        return (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, doc, XPathConstants.NODESET);
    }

    private static String signer() {
        return SigningPages.signingPage(EN, TOKEN, "Lease 2025", "Alice Owner", "Bob Signer", "signer");
    }

    @Test
    void signingPage_any_linksAssetsAndCarriesTokenAndViewport() throws Exception {
        Document doc = parse(signer());

        assertEquals(TOKEN, byId(doc, "main").getAttribute("data-token"));
        assertEquals("signer", byId(doc, "main").getAttribute("data-role"));
        assertEquals(1, all(doc, "//link[@rel='stylesheet'][@href='/assets/sign.css']").getLength());
        assertEquals(1, all(doc, "//script[@src='/assets/sign.js']").getLength());
        assertEquals(1, all(doc, "//meta[@name='viewport'][contains(@content,'width=device-width')]").getLength());
        assertEquals(1, all(doc, "//meta[@charset='utf-8']").getLength());
        assertEquals("en", doc.getDocumentElement().getAttribute("lang"));
    }

    @Test
    void signingPage_titleAndNamesWithMarkup_areEscaped() throws Exception {
        String html = SigningPages.signingPage(EN, "t\"><img src=x>", NASTY, NASTY, NASTY, "signer");
        Document doc = parse(html);

        assertFalse(html.contains("<script>alert"), "raw script tag in the page");
        assertFalse(html.contains("<img src=x>"), "raw markup from the token in the page");
        assertEquals(NASTY, byId(doc, "doc-title").getTextContent());
        assertEquals(NASTY, byId(doc, "sender-name").getTextContent());
        assertEquals(NASTY, byId(doc, "signer-name").getTextContent());
        assertEquals("t\"><img src=x>", byId(doc, "main").getAttribute("data-token"));
        assertTrue(doc.getElementsByTagName("title").item(0).getTextContent().startsWith(NASTY));
    }

    @Test
    void signingPage_titleWithControlCharacter_stillParses() throws Exception {
        Document doc = parse(SigningPages.signingPage(EN, TOKEN, "Bad\u0001title\u0000", "A", "B", "signer"));

        assertEquals("Bad title ", byId(doc, "doc-title").getTextContent());
    }

    @Test
    void signingPage_signer_hasConsentFinishDeclineAndCaptureDialog() throws Exception {
        Document doc = parse(signer());

        for (String id : List.of("consent", "consent-details", "finish", "decline", "next-field", "progress",
                "signature-dialog", "tab-draw", "tab-type", "tab-upload", "signature-canvas", "clear-signature",
                "type-input", "upload-input", "apply-signature", "cancel-signature", "decline-dialog",
                "decline-reason", "confirm-decline", "message", "document", "action-bar")) {
            assertNotNull(byId(doc, id), id);
        }
        assertEquals("disabled", byId(doc, "finish").getAttribute("disabled"));
        assertEquals("disabled", byId(doc, "apply-signature").getAttribute("disabled"));
        assertEquals("image/png,image/jpeg", byId(doc, "upload-input").getAttribute("accept"));
        assertEquals("1000", byId(doc, "decline-reason").getAttribute("maxlength"));
        assertEquals("Decline", byId(doc, "confirm-decline").getTextContent());
        assertNull(byId(doc, "approve"));
        assertNull(byId(doc, "reject"));
    }

    @Test
    void signingPage_any_hasPoliteMessageRegionAndLabelledInputs() throws Exception {
        Document doc = parse(signer());

        Element message = byId(doc, "message");
        assertEquals("status", message.getAttribute("role"));
        assertEquals("polite", message.getAttribute("aria-live"));
        for (String id : List.of("consent", "type-input", "upload-input", "decline-reason")) {
            assertEquals(1, all(doc, "//label[@for='" + id + "']").getLength(), "label for " + id);
        }
        assertEquals(3, all(doc, "//*[@role='tablist']/*[@role='tab'][@aria-controls]").getLength());
    }

    @Test
    void signingPage_approver_hasApproveAndRejectButNoCapture() throws Exception {
        Document doc = parse(SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Carol", "approver"));

        assertNotNull(byId(doc, "consent"));
        assertEquals("disabled", byId(doc, "approve").getAttribute("disabled"));
        assertNotNull(byId(doc, "reject"));
        assertEquals("Reject", byId(doc, "confirm-decline").getTextContent());
        assertNull(byId(doc, "finish"));
        assertNull(byId(doc, "decline"));
        assertNull(byId(doc, "signature-dialog"));
    }

    @Test
    void signingPage_viewer_hasNoteAndNoActions() throws Exception {
        Document doc = parse(SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Dan", "viewer"));

        assertTrue(byId(doc, "view-only").getTextContent().contains("view-only access"));
        for (String id : List.of("consent", "finish", "decline", "approve", "reject", "signature-dialog", "decline-dialog")) {
            assertNull(byId(doc, id), id);
        }
    }

    @Test
    void signingPage_documentAllowsHandingOver_hiddenButtonAndDialogForSignersAndApproversOnly() throws Exception {
        for (String role : List.of("signer", "approver")) {
            Document doc = parse(SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Bob", role, List.of(), true));
            assertEquals("hidden", byId(doc, "delegate").getAttribute("hidden"), "the script shows it");
            assertEquals("Hand over", byId(doc, "delegate").getTextContent());
            assertEquals("delegate-dialog-title", byId(doc, "delegate-dialog").getAttribute("aria-labelledby"));
            for (String input : List.of("delegate-name", "delegate-email", "delegate-reason")) {
                assertEquals(1, all(doc, "//label[@for='" + input + "']").getLength(), input);
            }
            assertTrue(byId(doc, "delegate-dialog-text").getTextContent().contains("Alice"));
        }
        Document viewer = parse(SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Dan", "viewer", List.of(),
                true));
        assertNull(byId(viewer, "delegate"));
        assertNull(byId(viewer, "delegate-dialog"));
        Document notAllowed = parse(SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Bob", "signer",
                List.of(), false));
        assertNull(byId(notAllowed, "delegate"));
        assertNull(byId(notAllowed, "delegate-dialog"));
    }

    @Test
    void signingPage_unknownRole_isRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Bob", "owner"));

        assertTrue(e.getMessage().contains("owner"), e.getMessage());
    }

    @Test
    void signingPage_signer_showsConsentStatementBesideCheckbox() throws Exception {
        Document doc = parse(signer());

        String details = byId(doc, "consent-details").getTextContent().replaceAll("\\s+", " ");
        assertTrue(details.contains("legally binding"), details);
        assertTrue(details.contains("paper copy"), details);
        assertTrue(byId(doc, "consent-details").getParentNode().getTextContent()
                .contains("I agree to use electronic records and signatures."));
    }

    @Test
    void consentStatement_coversAgreementPaperCopyWithdrawalAndRequirements() {
        String text = SigningPages.consentStatement(EN).replaceAll("\\s+", " ");

        for (String piece : List.of("electronic records", "electronic signature", "legally binding",
                "handwritten", "paper copy", "sender", "no charge", "withdraw", "Decline",
                "does not undo", "current version", "browser")) {
            assertTrue(text.contains(piece), "missing '" + piece + "' in: " + text);
        }
    }

    @Test
    void pinPage_open_hasFormScriptAndToken() throws Exception {
        String html = SigningPages.pinPage(EN, TOKEN, "/sign/" + TOKEN + "/pin", NASTY, null, false);
        Document doc = parse(html);

        assertEquals("pin", ((Element) doc.getElementsByTagName("body").item(0)).getAttribute("data-page"));
        assertEquals(TOKEN, byId(doc, "main").getAttribute("data-token"));
        assertEquals(NASTY, byId(doc, "doc-title").getTextContent());
        assertEquals("numeric", byId(doc, "pin-input").getAttribute("inputmode"));
        assertEquals("", byId(doc, "pin-submit").getAttribute("disabled"));
        assertEquals(1, all(doc, "//label[@for='pin-input']").getLength());
        assertEquals(1, all(doc, "//script[@src='/assets/sign.js']").getLength());
        assertEquals("", byId(doc, "message").getTextContent());
        assertFalse(html.contains("/pages/"), "the PIN page must not show the document");
    }

    @Test
    void pinPage_withError_showsItEscaped() throws Exception {
        Document doc = parse(SigningPages.pinPage(EN, TOKEN, "/sign/" + TOKEN + "/pin", "Lease", "Wrong PIN <b>3</b> tries left", false));

        assertEquals("Wrong PIN <b>3</b> tries left", byId(doc, "message").getTextContent());
    }

    @Test
    void pinPage_locked_disablesFormAndSaysFifteenMinutes() throws Exception {
        Document doc = parse(SigningPages.pinPage(EN, TOKEN, "/sign/" + TOKEN + "/pin", "Lease", null, true));

        assertEquals("disabled", byId(doc, "pin-input").getAttribute("disabled"));
        assertEquals("disabled", byId(doc, "pin-submit").getAttribute("disabled"));
        assertEquals("true", byId(doc, "main").getAttribute("data-locked"));
        assertTrue(byId(doc, "message").getTextContent().contains("15 minutes"));
    }

    private static String codePage(boolean waiting, String error, boolean locked) {
        return SigningPages.emailCodePage(EN, TOKEN, "/sign/" + TOKEN + "/email-code",
                "/sign/" + TOKEN + "/email-code/send", "Lease",
                new SigningPages.CodeGate("<b>***@example.org", waiting, error, locked));
    }

    @Test
    void emailCodePage_beforeACodeIsSent_onlyTheButtonToAskForOne() throws Exception {
        Document doc = parse(codePage(false, null, false));

        assertEquals("email_code", ((Element) doc.getElementsByTagName("body").item(0)).getAttribute("data-page"));
        assertEquals("/sign/" + TOKEN + "/email-code/send", byId(doc, "code-send-form").getAttribute("action"));
        assertEquals("post", byId(doc, "code-send-form").getAttribute("method"));
        assertEquals("Send me a code", byId(doc, "code-send").getTextContent());
        assertEquals("<b>***@example.org", all(doc, "//strong[@class='code-address']").item(0).getTextContent());
        assertEquals(0, all(doc, "//input[@id='code-input']").getLength());
    }

    @Test
    void emailCodePage_codeWaiting_asksForItWithAnotherOnOffer_andShowsTheErrorEscaped() throws Exception {
        Document doc = parse(codePage(true, "Wrong <i>code</i>", false));

        Element input = byId(doc, "code-input");
        assertEquals("one-time-code", input.getAttribute("autocomplete"));
        assertEquals("numeric", input.getAttribute("inputmode"));
        assertEquals("code", input.getAttribute("name"));
        assertEquals(1, all(doc, "//label[@for='code-input']").getLength());
        assertEquals("/sign/" + TOKEN + "/email-code", byId(doc, "code-form").getAttribute("action"));
        assertEquals("Send a new code", byId(doc, "code-send").getTextContent());
        assertEquals("Wrong <i>code</i>", byId(doc, "message").getTextContent());
    }

    @Test
    void emailCodePage_locked_disablesBothFormsAndSaysFifteenMinutes() throws Exception {
        Document doc = parse(codePage(true, null, true));

        assertEquals("disabled", byId(doc, "code-input").getAttribute("disabled"));
        assertEquals("disabled", byId(doc, "code-submit").getAttribute("disabled"));
        assertEquals("disabled", byId(doc, "code-send").getAttribute("disabled"));
        assertEquals("true", byId(doc, "main").getAttribute("data-locked"));
        assertTrue(byId(doc, "message").getTextContent().contains("15 minutes"));
    }

    @Test
    void loginPage_any_prefillsEmailReadOnlyAndShowsError() throws Exception {
        Document doc = parse(SigningPages.loginPage(EN, TOKEN, "/sign/" + TOKEN + "/login", "Lease", "bob+\"x\"@example.org", "Wrong password."));

        Element email = byId(doc, "login-email");
        assertEquals("bob+\"x\"@example.org", email.getAttribute("value"));
        assertEquals("readonly", email.getAttribute("readonly"));
        assertEquals("password", byId(doc, "login-password").getAttribute("type"));
        assertNotNull(byId(doc, "login-submit"));
        assertEquals("Wrong password.", byId(doc, "message").getTextContent());
        assertEquals(TOKEN, byId(doc, "main").getAttribute("data-token"));
    }

    @Test
    void notice_any_showsHeadingAndMessageButNeverTheDocument() throws Exception {
        String html = SigningPages.notice(EN, "Already <signed>", "Nothing more to do & \"thanks\".");
        Document doc = parse(html);

        assertEquals("Already <signed>", doc.getElementsByTagName("h1").item(0).getTextContent());
        assertTrue(byId(doc, "notice").getTextContent().contains("Nothing more to do & \"thanks\"."));
        assertFalse(html.contains("/pages/"), "page image");
        assertFalse(html.contains("session"), "session URL");
        assertFalse(html.contains("data-token"), "token");
        assertFalse(html.contains("sign.js"), "script");
        assertEquals(0, doc.getElementsByTagName("img").getLength());
        assertEquals(1, all(doc, "//link[@href='/assets/sign.css']").getLength());
    }

    @ParameterizedTest
    @ValueSource(strings = {"signer", "approver", "viewer", "pin", "pin-locked", "login", "code-ask", "code-waiting",
            "notice"})
    void everyPage_any_hasUniqueIds(String page) throws Exception {
        String html = switch (page) {
            case "pin" -> SigningPages.pinPage(EN, TOKEN, "/sign/" + TOKEN + "/pin", "Lease", "Wrong", false);
            case "pin-locked" -> SigningPages.pinPage(EN, TOKEN, "/sign/" + TOKEN + "/pin", "Lease", null, true);
            case "login" -> SigningPages.loginPage(EN, TOKEN, "/sign/" + TOKEN + "/login", "Lease", "bob@example.org", null);
            case "code-ask" -> codePage(false, "Wait", false);
            case "code-waiting" -> codePage(true, "Wrong", false);
            case "notice" -> SigningPages.notice(EN, "Expired", "This link has expired.");
            default -> SigningPages.signingPage(EN, TOKEN, "Lease", "Alice", "Bob", page);
        };
        NodeList ids = all(parse(html), "//@id");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.getLength(); i++) {
            assertTrue(seen.add(ids.item(i).getNodeValue()), "duplicate id " + ids.item(i).getNodeValue());
        }
        assertTrue(seen.contains("main"));
    }
}
