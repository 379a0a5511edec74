package org.signet.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import org.signet.crypto.Tokens;
import org.signet.files.FileVault;

/**
 * The signing links' tokens at rest: a link is looked up by the SHA-256 of its token, and the
 * token is kept sealed under the vault's master key so the link can be shown again (the list of
 * signers, the emails). The database file alone never holds a token that opens a link.
 */
public final class SignerTokens {
    private static final String CONTEXT = "signer-token";
    private static final int TOKEN_BYTES = 32;

    private final FileVault vault;

    private record Clear(long id, String token) {}

    /** A new token, what the database keeps of it, and the token itself for the link. */
    record Fresh(String token, String hash, byte[] sealed) {}

    public SignerTokens(FileVault vault) {
        this.vault = vault;
    }

    Fresh create() {
        byte[] raw = Tokens.randomBytes(TOKEN_BYTES);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        return new Fresh(token, hash(token), vault.seal(raw, CONTEXT));
    }

    static String hash(String token) {
        return Tokens.sha256Hex(token);
    }

    String reveal(byte[] sealed) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(vault.unseal(sealed, CONTEXT));
        } catch (IOException e) {
            throw new UncheckedIOException("a signing token does not open with this vault's master key", e);
        }
    }

    /**
     * Converts links made before tokens were sealed: each clear token becomes its hash and its sealed
     * copy, in one transaction, so the links keep working. Returns how many were converted.
     */
    public int secureExisting(Database db) {
        return db.inTransaction(() -> {
            List<Clear> clear = db.query("SELECT id, access_token FROM signers WHERE access_token_sealed IS NULL",
                    r -> new Clear(r.getLong("id"), r.string("access_token")));
            for (Clear c : clear) {
                byte[] raw = Base64.getUrlDecoder().decode(c.token());
                db.update("UPDATE signers SET access_token = ?, access_token_sealed = ? WHERE id = ?", hash(c.token()),
                        vault.seal(raw, CONTEXT), c.id());
            }
            return clear.size();
        });
    }
}
