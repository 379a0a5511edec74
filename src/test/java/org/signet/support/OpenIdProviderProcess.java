package org.signet.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.process.ChildProcess;
import org.signet.process.Launch;

/**
 * A real OpenID provider for the single sign-on tests: panva's {@code oidc-provider} from the npm registry, run
 * with Node on a free port by {@code src/test/resources/oidc/provider.mjs}, with its development login pages (any
 * password; the login name is the account id). Its one client is {@code signet} with {@link #CLIENT_SECRET}.
 * The package is installed into {@code target/oidc-provider} once, by the first test JVM that needs it.
 */
public final class OpenIdProviderProcess implements AutoCloseable {
    public static final String CLIENT_ID = "signet";
    public static final String CLIENT_SECRET = "signet-test-secret";
    private static final Path HOME = Path.of("target", "oidc-provider").toAbsolutePath();
    private static final Duration INSTALL_LIMIT = Duration.ofMinutes(3);
    private static final Duration START_LIMIT = Duration.ofSeconds(30);

    private final ChildProcess process;
    private final int port;
    private final Path accounts;
    private final Map<String, Object> overrides = new java.util.LinkedHashMap<>();

    private OpenIdProviderProcess(ChildProcess process, int port, Path accounts) {
        this.process = process;
        this.port = port;
        this.accounts = accounts;
    }

    /** A port for a provider to be started later, when the addresses it sends browsers back to are known. */
    public static int reservePort() throws IOException {
        return ChildProcess.freePort();
    }

    /**
     * Starts the provider on {@code port}, its client allowed to send browsers back to {@code redirectUris}, once
     * its discovery document answers; fails, naming the packages, where this machine has no Node.
     */
    public static OpenIdProviderProcess start(int port, List<String> redirectUris) throws IOException {
        if (!onPath("node") || !onPath("npm")) {
            throw new AssertionError("node or npm is missing: install Debian's nodejs and npm packages (.ci/run does)");
        }
        install();
        Path accounts = Files.createTempFile("oidc-accounts-", ".json");
        Files.writeString(accounts, "{}");
        ChildProcess process = Launch.of("oidc-provider", List.of("node", HOME.resolve("provider.mjs").toString()),
                Files.createTempFile("oidc-provider-", ".log")).directory(HOME)
                .environment(Map.of("PORT", String.valueOf(port), "REDIRECT_URIS", String.join(",", redirectUris),
                        "ACCOUNTS_FILE", accounts.toString()))
                .closeGrace(Duration.ofSeconds(5)).start();
        OpenIdProviderProcess provider = new OpenIdProviderProcess(process, port, accounts);
        try {
            process.awaitHttp200(port, "/.well-known/openid-configuration", START_LIMIT);
        } catch (IOException | RuntimeException e) {
            provider.close();
            throw e;
        }
        return provider;
    }

    /** The issuer, as the provider writes it in its tokens. */
    public String issuer() {
        return "http://localhost:" + port;
    }

    /** Replaces the claims of account {@code id} (email, email_verified, groups, name) from its next sign-in on. */
    public synchronized void claims(String id, Map<String, Object> claims) {
        overrides.put(id, claims);
        try {
            Files.writeString(accounts, Json.write(overrides));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the provider has logged. */
    public String log() {
        return process.tail();
    }

    @Override
    public void close() {
        process.close();
    }

    /** Copies the script and its package file into the folder and runs npm there, unless it has been done. */
    private static void install() throws IOException {
        Files.createDirectories(HOME);
        try (FileChannel lockFile = FileChannel.open(HOME.resolve(".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
            for (String name : List.of("package.json", "provider.mjs")) {
                try (InputStream in = OpenIdProviderProcess.class.getResourceAsStream("/oidc/" + name)) {
                    Files.write(HOME.resolve(name), in.readAllBytes());
                }
            }
            if (Files.isDirectory(HOME.resolve("node_modules/oidc-provider"))) {
                return;
            }
            ChildProcess npm = Launch.of("npm install", List.of("npm", "install", "--no-audit", "--no-fund",
                    "--no-package-lock"), HOME.resolve("npm.log")).directory(HOME).start();
            int exit = npm.awaitExit(INSTALL_LIMIT);
            if (exit != 0) {
                throw new IOException("npm install of oidc-provider failed (" + exit + "): "
                        + Files.readString(HOME.resolve("npm.log"), StandardCharsets.UTF_8));
            }
        }
    }

    private static boolean onPath(String program) {
        return List.of(System.getenv().getOrDefault("PATH", "").split(":")).stream()
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}
