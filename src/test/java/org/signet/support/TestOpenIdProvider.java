package org.signet.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * A small OpenID provider of the test's own on a JDK {@link HttpServer}: a discovery document, a JWKS and a
 * token endpoint that checks the client's secret and answers an ID token signed with its RSA key, whose
 * claims a test may bend ({@link #bend}) to make a token expired, for another audience, and so on. For the
 * checks that the real provider cannot be made to fail; the browser tests run the real one.
 */
public final class TestOpenIdProvider implements AutoCloseable {
    public static final String CLIENT_ID = "signet";
    public static final String CLIENT_SECRET = "test-secret";

    private final HttpServer server;
    private final Clock clock;
    private volatile RSAKey key = newKey("k1");
    private volatile UnaryOperator<JWTClaimsSet.Builder> bend = UnaryOperator.identity();
    /** What each code was issued for: the nonce the authorization request carried and the person. */
    private final Map<String, String[]> codes = new ConcurrentHashMap<>();
    private final AtomicInteger keySetReads = new AtomicInteger();

    private TestOpenIdProvider(HttpServer server, Clock clock) {
        this.server = server;
        this.clock = clock;
    }

    /** Listens on a loopback port 0; its tokens' times come from {@code clock}. */
    public static TestOpenIdProvider start(Clock clock) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        TestOpenIdProvider p = new TestOpenIdProvider(server, clock);
        server.createContext("/.well-known/openid-configuration", p::discovery);
        server.createContext("/jwks", p::keySet);
        server.createContext("/token", p::token);
        server.start();
        return p;
    }

    public String issuer() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A code for {@code subject}, as if they had signed in after an authorization request with {@code nonce}. */
    public String code(String nonce, String subject) {
        String code = "code-" + codes.size() + "-" + subject;
        codes.put(code, new String[] {nonce, subject});
        return code;
    }

    /** Every token from now on is changed by {@code change} before it is signed. */
    public void bend(UnaryOperator<JWTClaimsSet.Builder> change) {
        this.bend = change;
    }

    /** The provider starts signing with a new key, which only its key set read again holds. */
    public void rotateKey(String kid) {
        this.key = newKey(kid);
    }

    public int keySetReads() {
        return keySetReads.get();
    }

    /** A token for this client signed with the provider's current key, changed by {@code change}. */
    public String sign(JWTClaimsSet.Builder claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                    bend.apply(claims).build());
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The claims a good token for {@code subject} has, issued now; the subject's email is {@code subject}. */
    public JWTClaimsSet.Builder claims(String subject, String nonce) {
        Instant now = clock.instant();
        return new JWTClaimsSet.Builder().issuer(issuer()).subject(subject).audience(CLIENT_ID)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300))).claim("nonce", nonce)
                .claim("email", subject).claim("email_verified", true).claim("name", "Person " + subject);
    }

    public RSAKey key() {
        return key;
    }

    private void discovery(HttpExchange x) throws IOException {
        String base = issuer();
        answer(x, 200, "{\"issuer\":\"" + base + "\",\"authorization_endpoint\":\"" + base + "/auth\","
                + "\"token_endpoint\":\"" + base + "/token\",\"jwks_uri\":\"" + base + "/jwks\"}");
    }

    private void keySet(HttpExchange x) throws IOException {
        keySetReads.incrementAndGet();
        answer(x, 200, new JWKSet(key.toPublicJWK()).toString());
    }

    private void token(HttpExchange x) throws IOException {
        String expected = "Basic " + Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET)
                .getBytes(StandardCharsets.UTF_8));
        Map<String, String> form = form(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        if (!expected.equals(x.getRequestHeaders().getFirst("Authorization"))) {
            answer(x, 401, "{\"error\":\"invalid_client\"}");
            return;
        }
        String[] issued = codes.remove(form.getOrDefault("code", ""));
        if (issued == null || form.get("code_verifier") == null) {
            answer(x, 400, "{\"error\":\"invalid_grant\"}");
            return;
        }
        answer(x, 200, "{\"access_token\":\"a\",\"token_type\":\"Bearer\",\"id_token\":\""
                + sign(claims(issued[1], issued[0])) + "\"}");
    }

    private static Map<String, String> form(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static void answer(HttpExchange x, int status, String json) throws IOException {
        try (x) {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().set("Content-Type", "application/json");
            x.sendResponseHeaders(status, body.length);
            x.getResponseBody().write(body);
        }
    }

    private static RSAKey newKey(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
