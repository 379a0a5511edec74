package org.signet.http.front;

import java.util.Optional;
import org.signet.crypto.Tokens;

/**
 * How the front tells the server behind it which address a request came from: a header field
 * holding a secret made at start and the client's address. The server believes the address only
 * with the secret, so a local process that reaches the inner port directly cannot claim another's.
 */
public final class PeerField {
    public static final String NAME = HeadParser.PEER_FIELD;

    private final String secret = Tokens.base62(32);

    /** The field's value for a request from {@code address}. */
    public String valueFor(String address) {
        return secret + " " + address;
    }

    /** The client's address written by this front, or empty when the value is absent or not ours. */
    public Optional<String> addressIn(String value) {
        int space = value == null ? -1 : value.indexOf(' ');
        if (space < 0 || !Tokens.constantTimeEquals(Tokens.sha256(value.substring(0, space)), Tokens.sha256(secret))) {
            return Optional.empty();
        }
        return Optional.of(value.substring(space + 1));
    }
}
