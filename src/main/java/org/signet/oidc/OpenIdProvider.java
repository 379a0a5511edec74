package org.signet.oidc;

import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.JSONObjectUtils;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Signet as a client of one OpenID provider, for the authorization code flow with PKCE (OpenID Connect Core
 * 1.0, section 3.1): the address the browser is sent to, and the code it brings back redeemed at the token
 * endpoint for a checked ID token. The discovery document is fetched when first needed and again once it is
 * an hour old; while the provider cannot be reached the last one read stays in use. Every call to the
 * provider has short timeouts, so a provider that hangs costs a sign-in seconds, not a worker.
 */
public final class OpenIdProvider {
    static final Duration DISCOVERY_FRESH = Duration.ofHours(1);
    private static final Duration CONNECT = Duration.ofSeconds(3);
    private static final Duration ANSWER = Duration.ofSeconds(5);
    private static final int MAX_KEY_SET_BYTES = 256 * 1024;

    private final OidcSettings settings;
    private final Supplier<URI> redirectUri;
    private final Clock clock;
    private final HttpClient http;
    private Known known;

    /** The discovery document read, when, and the token check over its key set. */
    private record Known(ProviderMetadata metadata, IdTokenCheck check, Instant readAt) {}

    /** {@code redirectUri} is asked at each sign-in, as the site's address may be known only once it listens. */
    public OpenIdProvider(OidcSettings settings, Supplier<URI> redirectUri, Clock clock) {
        this.settings = settings;
        this.redirectUri = redirectUri;
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Where to send the browser to sign in: the authorization request with {@code state}, {@code nonce} and S256. */
    public URI authorization(String state, String nonce, String verifier) throws OidcException {
        Map<String, String> q = new LinkedHashMap<>();
        q.put("response_type", "code");
        q.put("client_id", settings.clientId());
        q.put("redirect_uri", redirectUri.get().toString());
        q.put("scope", settings.scopes());
        q.put("state", state);
        q.put("nonce", nonce);
        q.put("code_challenge", Pkce.challenge(verifier));
        q.put("code_challenge_method", "S256");
        String endpoint = known().metadata().authorizationEndpoint().toString();
        return URI.create(endpoint + (endpoint.contains("?") ? "&" : "?") + encode(q));
    }

    /**
     * Redeems {@code code} with the client's secret (HTTP Basic, RFC 6749 section 2.3.1) and the PKCE verifier,
     * and checks the ID token the provider answers against {@code nonce}.
     */
    public IdClaims redeem(String code, String verifier, String nonce) throws OidcException {
        Known k = known();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", redirectUri.get().toString());
        form.put("code_verifier", verifier);
        HttpRequest request = HttpRequest.newBuilder(k.metadata().tokenEndpoint()).timeout(ANSWER)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .header("Authorization", basic()).POST(HttpRequest.BodyPublishers.ofString(encode(form))).build();
        HttpResponse<String> answer = send(request, "the token endpoint");
        if (answer.statusCode() == 400 || answer.statusCode() == 401) {
            throw new OidcException(OidcException.Reason.TOKEN_REFUSED, "the token endpoint answered "
                    + answer.statusCode() + " " + OidcException.errorCode(field(answer.body(), "error")));
        }
        if (answer.statusCode() != 200) {
            throw unreachable("the token endpoint answered " + answer.statusCode());
        }
        String idToken = field(answer.body(), "id_token");
        if (idToken.isEmpty()) {
            throw new OidcException(OidcException.Reason.INVALID_TOKEN, "the token endpoint answered no id_token");
        }
        return k.check().check(idToken, nonce);
    }

    /** The discovery document, fetched again once it is {@link #DISCOVERY_FRESH} old. */
    private synchronized Known known() throws OidcException {
        Instant now = clock.instant();
        if (known != null && known.readAt().plus(DISCOVERY_FRESH).isAfter(now)) {
            return known;
        }
        try {
            ProviderMetadata metadata = discover();
            IdTokenCheck check = known != null && known.metadata().jwksUri().equals(metadata.jwksUri())
                    ? known.check() : new IdTokenCheck(settings.issuerText(), settings.clientId(), keys(metadata), clock);
            known = new Known(metadata, check, now);
            return known;
        } catch (OidcException e) {
            if (known == null) {
                throw e;
            }
            return known; // the provider is down for a moment: what it said an hour ago still holds
        }
    }

    private ProviderMetadata discover() throws OidcException {
        String issuer = settings.issuerText();
        URI uri = URI.create((issuer.endsWith("/") ? issuer : issuer + "/") + ".well-known/openid-configuration");
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri).timeout(ANSWER)
                .header("Accept", "application/json").GET().build(), "discovery");
        if (answer.statusCode() != 200) {
            throw unreachable("discovery at " + uri + " answered " + answer.statusCode());
        }
        return ProviderMetadata.parse(answer.body(), issuer);
    }

    /** The provider's key set, cached, fetched again (at most twice a rate-limit period) for a key it does not hold. */
    private static com.nimbusds.jose.jwk.source.JWKSource<SecurityContext> keys(ProviderMetadata metadata)
            throws OidcException {
        try {
            return JWKSourceBuilder.<SecurityContext>create(metadata.jwksUri().toURL(),
                    new DefaultResourceRetriever((int) CONNECT.toMillis(), (int) ANSWER.toMillis(), MAX_KEY_SET_BYTES))
                    .build();
        } catch (MalformedURLException e) {
            throw unreachable("jwks_uri is not a URL: " + metadata.jwksUri());
        }
    }

    private HttpResponse<String> send(HttpRequest request, String what) throws OidcException {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw unreachable(what + " at " + request.uri() + " could not be reached: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(what + " was interrupted");
        }
    }

    private String basic() {
        String pair = URLEncoder.encode(settings.clientId(), StandardCharsets.UTF_8) + ":"
                + URLEncoder.encode(settings.clientSecret(), StandardCharsets.UTF_8);
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    /** A string member of a JSON answer, or "" when the answer or the member is not there. */
    private static String field(String json, String name) {
        try {
            String value = JSONObjectUtils.getString(JSONObjectUtils.parse(json), name);
            return value == null ? "" : value;
        } catch (ParseException e) {
            return "";
        }
    }

    private static String encode(Map<String, String> params) {
        return params.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8).replace("+", "%20"))
                .collect(Collectors.joining("&"));
    }

    private static OidcException unreachable(String why) {
        return new OidcException(OidcException.Reason.UNREACHABLE, why);
    }
}
