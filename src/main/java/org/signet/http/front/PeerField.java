package org.signet.http.front;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.signet.crypto.Tokens;

/**
 * How the front tells the server behind it which address a request came from: a header field
 * holding a secret made at start and the client's address. The server believes the address only
 * with the secret, so a local process that reaches the inner port directly cannot claim another's.
 * The front on the plain-HTTP redirect port adds a mark, so the server knows to redirect what came
 * in there; a client cannot forge that either.
 */
public final class PeerField {
    public static final String NAME = HeadParser.PEER_FIELD;
    private static final String PLAIN_MARK = " plain";

    private final String secret;
    /** Its bytes, made once: every request through the front is checked against them. */
    private final byte[] secretBytes;
    private final boolean plainPort;

    public PeerField() {
        this(Tokens.base62(32), false);
    }

    private PeerField(String secret, boolean plainPort) {
        this.secret = secret;
        this.secretBytes = secret.getBytes(StandardCharsets.US_ASCII);
        this.plainPort = plainPort;
    }

    /** The field as the front on the plain-HTTP redirect port writes it: the same secret, and the mark. */
    public PeerField forPlainPort() {
        return new PeerField(secret, true);
    }

    /** The field's value for a request from {@code address}. */
    public String valueFor(String address) {
        return secret + " " + address + (plainPort ? PLAIN_MARK : "");
    }

    /** The client's address written by this front, or empty when the value is absent or not ours. */
    public Optional<String> addressIn(String value) {
        return ours(value).map(rest -> rest.endsWith(PLAIN_MARK) ? rest.substring(0, rest.length() - PLAIN_MARK.length())
                : rest);
    }

    /** Whether {@code value} is ours and was written by the front on the plain-HTTP redirect port. */
    public boolean cameInPlain(String value) {
        return ours(value).filter(rest -> rest.endsWith(PLAIN_MARK)).isPresent();
    }

    /** What follows the secret, when the value starts with it. */
    private Optional<String> ours(String value) {
        int space = value == null ? -1 : value.indexOf(' ');
        // In constant time; only a value of the secret's length (32 characters, no secret itself) is compared at all.
        if (space != secretBytes.length
                || !Tokens.constantTimeEquals(value.substring(0, space).getBytes(StandardCharsets.ISO_8859_1), secretBytes)) {
            return Optional.empty();
        }
        return Optional.of(value.substring(space + 1));
    }
}
