package org.signet.web.admin;

import java.time.Clock;
import java.util.Map;
import org.openqa.selenium.By;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.Party;
import org.signet.support.TestServer;

/**
 * What the administrator pages' browser tests walk through: a user's sealed document, a document of
 * theirs waiting for a signer, and their webhook; and signing in through the page as a person does.
 */
record AdminPagesSample(String completedDoc, String pendingDoc, long webhookId) {

    /** Makes the documents and webhook of {@code sam} (an account that is no administrator) on {@code server}. */
    static AdminPagesSample seed(TestServer server, TestServer.Account sam) {
        ApiFlow flow = new ApiFlow(server, sam.full(), Clock.systemUTC());
        String completedDoc = flow.upload("Signed lease", 1);
        Party signer = flow.addSignerWithSignatureField(completedDoc, "tenant@example.com");
        flow.send(completedDoc);
        TestServer.expect(200, flow.sign(signer.token()));
        flow.awaitSealed(completedDoc);
        String pendingDoc = flow.upload("Waiting NDA", 1);
        flow.addSignerWithSignatureField(pendingDoc, "ann@example.com");
        flow.send(pendingDoc);
        Map<String, Object> hook = TestServer.expectObject(201, server.send("POST", "webhooks", sam.full(),
                "{\"url\":\"http://127.0.0.1:9/hook\",\"events\":[\"*\"]}"));
        return new AdminPagesSample(completedDoc, pendingDoc, Long.parseLong(String.valueOf(hook.get("id"))));
    }

    /** Signs in on the sign-in page with the tests' password and waits for the dashboard. */
    static void signIn(Browser browser, TestServer server, String email) {
        browser.open(server.app.siteUrl() + "/admin/login");
        browser.visible(By.id("email")).sendKeys(email);
        browser.visible(By.id("password")).sendKeys(AdminHttpTest.PASSWORD);
        browser.click(By.id("login-submit"));
        browser.visible(By.id("by-state"));
    }
}
