package org.signet.oidc;

import com.nimbusds.jose.util.JSONObjectUtils;
import java.net.URI;
import java.text.ParseException;
import java.util.Map;

/**
 * The parts of a provider's discovery document (OpenID Connect Discovery 1.0, section 3) that the
 * authorization code flow uses: where to send the browser, where to redeem the code, where the keys are.
 */
public record ProviderMetadata(String issuer, URI authorizationEndpoint, URI tokenEndpoint, URI jwksUri) {

    /**
     * Reads a discovery document; its {@code issuer} must be exactly the configured one (section 4.3), or the
     * document speaks for another provider and nothing it says can be trusted.
     */
    public static ProviderMetadata parse(String json, String expectedIssuer) throws OidcException {
        try {
            Map<String, Object> doc = JSONObjectUtils.parse(json);
            String issuer = JSONObjectUtils.getString(doc, "issuer");
            if (!expectedIssuer.equals(issuer)) {
                throw unreadable("the discovery document names issuer " + issuer + ", not " + expectedIssuer);
            }
            return new ProviderMetadata(issuer, required(doc, "authorization_endpoint"), required(doc, "token_endpoint"),
                    required(doc, "jwks_uri"));
        } catch (ParseException e) {
            throw unreadable("the discovery document is not JSON as expected: " + e.getMessage());
        }
    }

    private static URI required(Map<String, Object> doc, String name) throws ParseException, OidcException {
        URI uri = JSONObjectUtils.getURI(doc, name);
        if (uri == null || !uri.isAbsolute() || !(uri.getScheme().equals("https") || uri.getScheme().equals("http"))) {
            throw unreadable("the discovery document has no usable " + name);
        }
        return uri;
    }

    private static OidcException unreadable(String why) {
        return new OidcException(OidcException.Reason.UNREACHABLE, why);
    }
}
