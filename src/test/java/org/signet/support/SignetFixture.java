package org.signet.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.signet.support.TestServer.Credentials;

/**
 * A test class's own Signet: a data folder, a {@link MutableClock}, the server, its client and an
 * owner's {@link ApiFlow}, all closed afterwards. Registered with {@code @RegisterExtension}: on an
 * instance field each test gets a fresh one; on a static field the class shares one.
 *
 * <pre>{@code
 * @RegisterExtension
 * final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");
 * }</pre>
 */
public final class SignetFixture implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    /** Where every fixture's clock starts unless the class says otherwise: a Tuesday morning in UTC. */
    public static final Instant START = Instant.parse("2030-01-15T09:00:00Z");
    /** The owner whose key {@link #flow()} uses unless the class names another. */
    public static final String OWNER = "owner@example.org";

    private final boolean startsItself;
    private Supplier<String[]> settings;
    private String ownerEmail = OWNER;
    private boolean withMail;
    private boolean systemClock;
    private boolean perClass;

    private Path dir;
    private MutableClock clock = new MutableClock(START, ZoneOffset.UTC);
    private GreenMail mail;
    private TestServer server;
    private Credentials ownerKey;
    private ApiFlow ownerFlow;

    private SignetFixture(boolean startsItself, Supplier<String[]> settings) {
        this.startsItself = startsItself;
        this.settings = settings;
    }

    /** A server started before each test (or once for the class) with {@code settings} (key=value). */
    public static SignetFixture running(String... settings) {
        return new SignetFixture(true, () -> settings);
    }

    /** Settings read when the server starts, for values made by the class itself (a receiver's URL). */
    public static SignetFixture running(Supplier<String[]> settings) {
        return new SignetFixture(true, settings);
    }

    /** Only the data folder and clock: each test starts the server with its own settings through {@link #start}. */
    public static SignetFixture stopped(String... settings) {
        return new SignetFixture(false, () -> settings);
    }

    /** The clock starts at {@code instant} instead of {@link #START}. */
    public SignetFixture at(Instant instant) {
        this.clock = new MutableClock(instant, ZoneOffset.UTC);
        return this;
    }

    /** Signet reads the real time, for tests that wait on it; {@link #clock()} is then not there to move. */
    public SignetFixture onSystemClock() {
        this.systemClock = true;
        return this;
    }

    /** {@link #flow()} acts for a user with this email instead of {@link #OWNER}. */
    public SignetFixture owner(String email) {
        this.ownerEmail = email;
        return this;
    }

    /** A GreenMail SMTP server on a free port, which Signet sends its mail to. */
    public SignetFixture withMail() {
        this.withMail = true;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        perClass = true;
        open();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (!perClass) {
            open();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        if (!perClass) {
            shut();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        shut();
    }

    private void open() throws Exception {
        dir = Files.createTempDirectory("signet-test-");
        if (withMail) {
            mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
            mail.start();
        }
        if (startsItself) {
            start();
        }
    }

    /**
     * Starts Signet over the data folder with the class's settings and then {@code more}; a server
     * already running is closed first, and the owner's key (if made) still works on the new one.
     */
    public TestServer start(String... more) throws Exception {
        stopServer();
        List<String> all = new ArrayList<>(Arrays.asList(settings.get()));
        if (mail != null) {
            all.addAll(List.of("smtp.host=127.0.0.1", "smtp.port=" + mail.getSmtp().getPort(),
                    "smtp.starttls=false", "smtp.from=Signet <signet@example.org>"));
        }
        all.addAll(Arrays.asList(more));
        server = TestServer.start(dir, time(), all.toArray(String[]::new));
        ownerFlow = ownerKey == null ? null : new ApiFlow(server, ownerKey, time());
        return server;
    }

    /** Closes the server; the data folder stays until the test (or class) ends. */
    public void stopServer() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    private void shut() throws IOException {
        try {
            stopServer();
        } finally {
            ownerKey = null;
            ownerFlow = null;
            if (mail != null) {
                mail.stop();
                mail = null;
            }
            deleteTree(dir);
        }
    }

    public Path dir() {
        return dir;
    }

    public MutableClock clock() {
        if (systemClock) {
            throw new IllegalStateException("the fixture runs on the system clock, which tests cannot move");
        }
        return clock;
    }

    private Clock time() {
        return systemClock ? Clock.systemUTC() : clock;
    }

    public TestServer server() {
        if (server == null) {
            throw new IllegalStateException("no Signet running: call start first");
        }
        return server;
    }

    public HttpClient client() {
        return server().client();
    }

    /** The SMTP server the mail goes to; only with {@link #withMail()}. */
    public GreenMail mail() {
        if (mail == null) {
            throw new IllegalStateException("the fixture was made without withMail()");
        }
        return mail;
    }

    /** The owner's flow with a Full Access key; the owner is made on first use. */
    public ApiFlow flow() {
        if (ownerFlow == null) {
            ownerKey = server().account(ownerEmail, false).full();
            ownerFlow = new ApiFlow(server(), ownerKey, time());
        }
        return ownerFlow;
    }

    /** A flow with the Full Access key of a new user. */
    public ApiFlow flow(String email, boolean admin) {
        return new ApiFlow(server(), server().account(email, admin).full(), time());
    }

    private static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
