package org.signet.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.signet.App;
import org.signet.config.Config;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.User;
import org.signet.json.Json;
import org.signet.store.ApiKeyStore;
import org.signet.store.Dialect;

/**
 * A real Signet on a loopback port 0 over a test's temporary folder and its {@link SuiteDatabase}, with a real
 * HTTP client.
 */
public final class TestServer implements AutoCloseable {
    public final App app;
    private final HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** An API key pair as sent in the two headers. */
    public record Credentials(String key, String secret) {}

    /** A user with a Full Access and a Read Only key. */
    public record Account(User user, Credentials full, Credentials read) {}

    /**
     * One site certificate for every test server in this JVM: generating an RSA-3072 key per
     * server would dominate start-up. The first server creates it through the normal path.
     */
    private static final Path SHARED_SEAL = sharedSealPath();

    private static Path sharedSealPath() {
        try {
            return Files.createTempDirectory("signet-test-seal").resolve("site.p12");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TestServer(App app) {
        this.app = app;
    }

    /** Starts Signet; {@code overrides} are key=value settings on top of test defaults. */
    public static TestServer start(Path dataDir, Clock clock, String... overrides) throws Exception {
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("server.host", "127.0.0.1");
        flags.put("server.port", "0");
        flags.put("db.readers", "8");
        flags.put("db.synchronous", "NORMAL");
        flags.put("ratelimit.ip_per_minute", "1000000");
        flags.put("signing.p12", SHARED_SEAL.toString());
        flags.put("signing.password", "test-seal-password");
        List<String> all = new ArrayList<>(SuiteDatabase.settings(dataDir));
        all.addAll(List.of(overrides));
        for (String o : all) {
            int eq = o.indexOf('=');
            flags.put(o.substring(0, eq), o.substring(eq + 1));
        }
        Config config = Config.load(dataDir, Optional.empty(), Map.of(), flags);
        return new TestServer(App.start(config, clock));
    }

    public static TestServer start(Path dataDir, String... overrides) throws Exception {
        return start(dataDir, Clock.systemUTC(), overrides);
    }

    public Account account(String email, boolean admin) {
        return account(email, admin, 1000);
    }

    public Account account(String email, boolean admin, int rateLimit) {
        User u = app.users().add(email, email.substring(0, email.indexOf('@')), admin, null);
        return new Account(u, key(u, Permission.FULL, rateLimit), key(u, Permission.READ, rateLimit));
    }

    private Credentials key(User u, Permission p, int rateLimit) {
        ApiKeyStore.Created c = app.keys().create(u.id(), p.wire() + " key", "", p, rateLimit);
        return new Credentials(c.key().key(), c.secret());
    }

    public String base() {
        return app.baseUrl();
    }

    public HttpResponse<String> get(String path, Credentials c) {
        return send("GET", path, c, null);
    }

    public HttpResponse<String> send(String method, String path, Credentials c, String json) {
        HttpRequest.Builder b = request(path, c);
        b.method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        return send(b.build());
    }

    /** A request builder for {@code path} under the REST base (or the site root when it starts with "/"). */
    public HttpRequest.Builder request(String path, Credentials c) {
        String url = path.startsWith("http") ? path : path.startsWith("/") ? app.siteUrl() + path : base() + "/" + path;
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        if (c != null) {
            b.header("X-WPS-API-Key", c.key()).header("X-WPS-API-Secret", c.secret());
        }
        return b;
    }

    public HttpResponse<String> send(HttpRequest request) {
        try {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            holdToContract(r, r.body());
            return r;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<byte[]> sendForBytes(HttpRequest request) {
        try {
            HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            holdToContract(r, new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
            return r;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * An exchange under the REST base must be one that openapi.json describes, and so must one with a
     * signing link's endpoints at the site root: the response as it is, and the request as the server
     * took or refused it.
     */
    private void holdToContract(HttpResponse<?> r, String body) {
        String restPath = URI.create(base()).getPath();
        String path = r.request().uri().getPath();
        if (path.equals(restPath) || path.startsWith(restPath + "/")) {
            String relative = path.substring(restPath.length());
            ApiContract.check(r.request().method(), relative, r.statusCode(), r.headers(), body);
            RequestContract.hold(r.request(), relative, r.statusCode(), body);
        } else if (path.startsWith("/sign/")) {
            ApiContract.check(ApiContract.Server.SITE, r.request().method(), path, r.statusCode(), r.headers(), body);
            RequestContract.hold(ApiContract.Server.SITE, r.request(), path, r.statusCode(), body);
        }
    }

    /** Uploads a PDF as {@code file} and returns the new document's id. */
    public String uploadPdf(Credentials c, String filename, byte[] pdf) {
        HttpResponse<String> r = upload(c, new Multipart().file("file", filename, "application/pdf", pdf));
        return (String) expectObject(201, r).get("id");
    }

    /** {@code POST documents/upload} with a multipart body. */
    public HttpResponse<String> upload(Credentials c, Multipart body) {
        return postMultipart("documents/upload", c, body);
    }

    public HttpResponse<String> postMultipart(String path, Credentials c, Multipart body) {
        return send(body.post(request(path, c)).build());
    }

    /**
     * The names of the encrypted files in this server's vault now: the files of its folder on SQLite,
     * the names its database holds bytes for on PostgreSQL.
     */
    public List<String> vaultFiles() {
        if (app.database().dialect() != Dialect.SQLITE) {
            return app.database().query("SELECT DISTINCT name FROM file_chunks ORDER BY name", r -> r.string("name"));
        }
        try (Stream<Path> s = Files.list(app.config().dataDir().resolve("files"))) {
            return s.map(p -> p.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Makes the bytes of every file stored so far unreadable until {@link #showStoredBytes}, as a disk
     * or database that fails would: the folder is moved aside, or the rows are renamed.
     */
    public void hideStoredBytes() throws IOException {
        if (app.database().dialect() != Dialect.SQLITE) {
            app.database().update("UPDATE file_chunks SET name = 'away' || name WHERE name NOT LIKE 'away%'");
        } else {
            Files.move(app.config().dataDir().resolve("files"), app.config().dataDir().resolve("files-away"));
        }
    }

    /** Puts back what {@link #hideStoredBytes} hid; nothing when nothing is hidden. */
    public void showStoredBytes() throws IOException {
        if (app.database().dialect() != Dialect.SQLITE) {
            app.database().update("UPDATE file_chunks SET name = substr(name, 5) WHERE name LIKE 'away%'");
        } else if (Files.exists(app.config().dataDir().resolve("files-away"))) {
            Files.move(app.config().dataDir().resolve("files-away"), app.config().dataDir().resolve("files"));
        }
    }

    public HttpClient client() {
        return client;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(HttpResponse<String> r) {
        try {
            return (Map<String, Object>) Json.parse(r.body());
        } catch (Exception e) {
            throw new AssertionError("not a JSON object (" + r.statusCode() + "): " + r.body(), e);
        }
    }

    @SuppressWarnings("unchecked")
    public static List<Object> array(HttpResponse<String> r) {
        try {
            return (List<Object>) Json.parse(r.body());
        } catch (Exception e) {
            throw new AssertionError("not a JSON array (" + r.statusCode() + "): " + r.body(), e);
        }
    }

    /** Fails with the body unless the answer has {@code status}; returns the answer. */
    public static HttpResponse<String> expect(int status, HttpResponse<String> r) {
        if (r.statusCode() != status) {
            throw new AssertionError("expected " + status + " but got " + r.statusCode() + ": " + r.body());
        }
        return r;
    }

    /** The JSON object of an answer that must have {@code status}. */
    public static Map<String, Object> expectObject(int status, HttpResponse<String> r) {
        return object(expect(status, r));
    }

    /** The error code of an error envelope. */
    public static String code(HttpResponse<String> r) {
        return String.valueOf(object(r).get("code"));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> data(HttpResponse<String> r) {
        return (Map<String, Object>) object(r).get("data");
    }

    @Override
    public void close() {
        app.close();
    }
}
