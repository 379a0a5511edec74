package org.signet.web;

import com.icegreen.greenmail.util.GreenMail;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * What the signing page browser tests share per class: one Signet over SQLite in a temporary
 * folder (a per-class {@link SignetFixture}), one Chromium, and a document owner. Each test starts
 * with no cookies and a window of the size the class asks for.
 */
final class SigningPageFixture implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, TestWatcher {
    private final int width;
    private final int height;
    private final String[] chromiumArguments;
    private Supplier<String[]> settings = () -> new String[0];
    private final SignetFixture signet = SignetFixture.running(() -> settings.get()).at(Instant.now());
    /** Starts at the real time; a test that moves it must leave later tests' timings unaffected. */
    final MutableClock clock = signet.clock();
    TestServer server;
    Browser browser;
    TestServer.Account owner;

    SigningPageFixture(int width, int height, String... chromiumArguments) {
        this.width = width;
        this.height = height;
        this.chromiumArguments = chromiumArguments;
    }

    /** Signet sends its mail to a GreenMail server on a free port, {@link #mail()}, instead of its outbox folder. */
    SigningPageFixture withMail() {
        signet.withMail();
        return this;
    }

    /** The SMTP server the mail goes to; only {@link #withMail()}. */
    GreenMail mail() {
        return signet.mail();
    }

    /** Starts Signet with {@code settings} (key=value), read when the class starts, on top of the tests' own. */
    SigningPageFixture settings(Supplier<String[]> settings) {
        this.settings = settings;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        browser = Browser.start(chromiumArguments);
        signet.beforeAll(context);
        server = signet.server();
        owner = server.account("owner@example.com", false);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        browser.reset(width, height);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            signet.afterAll(context);
        } finally {
            if (browser != null) {
                browser.close();
            }
        }
    }

    /** Keeps what the browser showed when a test failed, under target/browser-failures, to see why. */
    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        if (browser == null) {
            return;
        }
        String name = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        try {
            browser.snapshot(Path.of("target", "browser-failures", name + ".png"));
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    SignerPage page() {
        return new SignerPage(browser);
    }

    /** Uploads a document of {@code pages} A4 pages for the owner. */
    DocumentSetup upload(String title, int pages) {
        return DocumentSetup.upload(new ApiFlow(server, owner.full(), clock), title, pages);
    }
}
