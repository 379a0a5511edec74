package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.signet.json.Json;

/**
 * Drives a document through the REST interface and its signers through their JSON endpoints,
 * the way a sender and a signer's browser do, for the signing tests.
 */
public final class SigningFlow {
    public static final String USER_AGENT = "SignetTestBrowser/1.0 (signing tests)";
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    public final TestServer server;
    public final TestServer.Account owner;
    private final Path dataDir;

    public SigningFlow(TestServer server, TestServer.Account owner, Path dataDir) {
        this.server = server;
        this.owner = owner;
        this.dataDir = dataDir;
    }

    /** Uploads a PDF of {@code pages} A4 pages; returns the document id. */
    public String upload(int pages) {
        return server.uploadPdf(owner.full(), "contract.pdf", TestFiles.pdf(pages));
    }

    /** Adds a signer from its JSON body; returns the created record (with signing_url). */
    public Map<String, Object> addSigner(String docId, Map<String, Object> body) {
        HttpResponse<String> r = server.send("POST", "documents/" + docId + "/signers", owner.full(), Json.write(body));
        expect(201, r);
        return TestServer.object(r);
    }

    public Map<String, Object> addSigner(String docId, String name, String email, String role, int order) {
        return addSigner(docId, Map.of("name", name, "email", email, "role", role, "signing_order", order));
    }

    /** Saves the fields; returns the saved records in order. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> saveFields(String docId, List<Map<String, Object>> fields) {
        HttpResponse<String> r = server.send("POST", "documents/" + docId + "/fields", owner.full(),
                Json.write(Map.of("fields", fields)));
        expect(200, r);
        return (List<Map<String, Object>>) (List<?>) TestServer.array(r);
    }

    /** A field box on a page, from the top-left corner, in points. */
    public static Map<String, Object> field(Object signerId, String type, int page, double x, double y, double w,
            double h) {
        return new java.util.LinkedHashMap<>(Map.of("signer_id", signerId, "field_type", type, "page_number", page,
                "position_x", x, "position_y", y, "width", w, "height", h));
    }

    public void send(String docId) {
        expect(200, server.send("POST", "documents/" + docId + "/send", owner.full(), "{}"));
    }

    public Map<String, Object> document(String docId) {
        HttpResponse<String> r = server.get("documents/" + docId, owner.full());
        expect(200, r);
        return TestServer.object(r);
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> fields(String docId) {
        HttpResponse<String> r = server.get("documents/" + docId + "/fields", owner.full());
        expect(200, r);
        return (List<Map<String, Object>>) (List<?>) TestServer.array(r);
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> audit(String docId) {
        HttpResponse<String> r = server.get("documents/" + docId + "/audit", owner.full());
        expect(200, r);
        return (List<Map<String, Object>>) TestServer.object(r).get("events");
    }

    /** The signer's status as the owner sees it. */
    @SuppressWarnings("unchecked")
    public String signerStatus(String docId, Object signerId) {
        for (Object o : (List<Object>) document(docId).get("signers")) {
            Map<String, Object> s = (Map<String, Object>) o;
            if (s.get("id").equals(signerId)) {
                return (String) s.get("status");
            }
        }
        throw new AssertionError("no signer " + signerId);
    }

    /** The token at the end of a signing_url. */
    public static String token(Map<String, Object> signer) {
        String url = (String) signer.get("signing_url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    // ---- the signer's side ----

    public HttpResponse<String> session(String token) {
        return session(token, null);
    }

    public HttpResponse<String> session(String token, String cookie) {
        HttpRequest.Builder b = server.request("/sign/" + token + "/session", null).header("User-Agent", USER_AGENT);
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return server.send(b.GET().build());
    }

    /** POSTs a JSON body to one of the signer's endpoints (submit, decline, pin, login). */
    public HttpResponse<String> post(String token, String action, Object body) {
        return post(token, action, body, null);
    }

    public HttpResponse<String> post(String token, String action, Object body, String cookie) {
        HttpRequest.Builder b = server.request("/sign/" + token + "/" + action, null)
                .header("User-Agent", USER_AGENT).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : Json.write(body)));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return server.send(b.build());
    }

    /** Signs with consent, the given values and a drawn signature. */
    public HttpResponse<String> sign(String token, Map<String, Object> values) {
        return post(token, "submit", Map.of("consent", true, "values", values,
                "signature", Map.of("method", "draw", "image", TestFiles.pngDataUrl(300, 90))));
    }

    public HttpResponse<String> sign(String token) {
        return sign(token, Map.of());
    }

    /** The name=value part of a Set-Cookie header, ready to send back as Cookie. */
    public static String cookie(HttpResponse<?> r) {
        String set = r.headers().firstValue("Set-Cookie").orElseThrow(() -> new AssertionError("no Set-Cookie"));
        return set.substring(0, set.indexOf(';'));
    }

    // ---- sealing and mail ----

    /** Seals pending documents until the document has its signed_file_hash; returns the document. */
    public Map<String, Object> awaitSealed(String docId) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            server.app.completion().sealPending();
            Map<String, Object> d = document(docId);
            if (d.get("signed_file_hash") != null) {
                return d;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not sealed in time: " + d);
            }
            pause();
        }
    }

    public Path outbox() {
        return dataDir.resolve("outbox");
    }

    /** Every message in the outbox now, parsed. */
    public List<MimeMessage> messages() {
        List<MimeMessage> out = new ArrayList<>();
        if (!Files.isDirectory(outbox())) {
            return out;
        }
        Session session = Session.getInstance(new Properties());
        try (Stream<Path> files = Files.list(outbox())) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".eml")
                    && !f.getFileName().toString().startsWith(".")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(p)) {
                    out.add(new MimeMessage(session, in));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Messages to {@code email} (delivering the queue first). */
    public List<MimeMessage> messagesTo(String email) {
        server.app.mailSender().runOnce();
        return messages().stream().filter(m -> recipient(m).equalsIgnoreCase(email)).toList();
    }

    /** Waits until a message to {@code email} matching {@code which} is in the outbox. */
    public MimeMessage awaitMessage(String email, Predicate<MimeMessage> which) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            for (MimeMessage m : messagesTo(email)) {
                if (which.test(m)) {
                    return m;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no matching message to " + email + " in " + outbox());
            }
            pause();
        }
    }

    public static String subject(MimeMessage m) {
        try {
            return m.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String recipient(MimeMessage m) {
        try {
            return ((jakarta.mail.internet.InternetAddress) m.getAllRecipients()[0]).getAddress();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The interval between two polls of a condition that has a deadline. */
    private static void pause() {
        java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
    }

    public static void expect(int status, HttpResponse<String> r) {
        assertEquals(status, r.statusCode(), () -> "unexpected answer: " + r.body());
    }
}
