package org.signet.webauthn;

import java.net.URI;
import java.util.Locale;

/**
 * Who passkeys are made for and used with: the relying party id, {@code site.url}'s host, which a passkey is
 * bound to for good, and the origin browsers must name in every ceremony, {@code site.url}'s scheme, host and
 * port (W3C WebAuthn Level 2, section 5.1.4.1 and 13.4.9).
 */
public record RelyingParty(String id, String origin) {

    /** The relying party of the site at {@code siteUrl}, an http(s) URL such as {@code https://sign.example.com}. */
    public static RelyingParty of(String siteUrl) {
        URI url = URI.create(siteUrl);
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        String host = url.getHost().toLowerCase(Locale.ROOT);
        boolean defaultPort = url.getPort() < 0 || url.getPort() == (scheme.equals("https") ? 443 : 80);
        return new RelyingParty(host, scheme + "://" + host + (defaultPort ? "" : ":" + url.getPort()));
    }
}
