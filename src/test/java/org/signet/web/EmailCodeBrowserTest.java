package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.MailedCodes;
import org.signet.support.Party;
import org.signet.support.Waits;

/**
 * The emailed-code gate with the page's script, on a phone's 390x844 screen in a real headless Chromium:
 * the signer asks for a code, reads it from the test's SMTP server, types a wrong one and then the right
 * one, and signs; axe-core with best practice finds nothing on each state of the gate, in English and German.
 */
class EmailCodeBrowserTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(390, 844).withMail();

    private final Browser browser = WORLD.browser;
    private final SignerPage page = WORLD.page();

    @ParameterizedTest
    @CsvSource({"en, Send me a code, 4 tries left", "de, Code senden, Noch 4 Versuche"})
    void code_askedReadFromTheMailAndTyped_thenSigned_axeCleanOnEveryState(String lang, String sendLabel,
            String triesLeft) {
        DocumentSetup doc = WORLD.upload("Coded lease " + lang, 1);
        Party cleo = doc.party("Cleo Code " + lang, "signer", 1, "verification", "email_code", "language", lang);
        doc.field(cleo, "signature", 1, 72, 600, 220, 50).send();
        List<String> found = new ArrayList<>();

        browser.open(cleo.url());
        WebElement send = browser.clickable(By.id("code-send"));
        assertEquals(sendLabel, send.getText());
        assertEquals("c***@example.com", browser.visible(By.cssSelector(".code-address")).getText());
        axe(found, lang + ", asking");
        send.click();
        WebElement input = browser.clickable(By.id("code-input"));
        assertTrue(browser.present(By.id("code-send")), "a new code can be asked for");
        axe(found, lang + ", code sent");
        String code = MailedCodes.latest(WORLD.mail(), cleo.email());

        input.sendKeys(code.equals("000000") ? "111111" : "000000");
        browser.click(By.id("code-submit"));
        WebElement message = browser.until(d -> {
            WebElement m = d.findElement(By.id("message"));
            return m.getText().contains(triesLeft) ? m : null;
        });
        assertEquals("true", browser.driver().findElement(By.id("code-input")).getAttribute("aria-invalid"));
        axe(found, lang + ", wrong code: " + message.getText());
        WebElement retry = browser.clickable(By.id("code-input"));
        retry.clear();
        retry.sendKeys(code);
        browser.click(By.id("code-submit"));

        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        assertFalse(browser.present(By.id("code-form")));
        page.pageForm();
        page.openSignatureDialog();
        page.typeSignature("Cleo Code");
        page.apply();
        page.consentAnd("finish");
        Waits.awaitUntil(() -> "signed".equals(doc.signer(cleo).get("status")), "Cleo signed");
        assertEquals(List.of(), found, "axe-core violations");
        assertEquals(List.of("email_code"), doc.audit().stream().filter(e -> "signer_verified".equals(e.get("action")))
                .map(e -> e.get("detail")).toList());
    }

    private void axe(List<String> found, String state) {
        for (String violation : Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE)) {
            found.add(state + " -> " + violation);
        }
    }
}
