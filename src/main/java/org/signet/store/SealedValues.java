package org.signet.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.signet.files.FileVault;

/**
 * Secrets the database keeps in columns of their own, sealed under the vault's master key: a
 * webhook's secret (which signs its deliveries, so it is sealed rather than hashed) and the answer
 * kept for an idempotency key (which may hold a new signer's link). Each is bound to the row it
 * belongs to, so a value copied into another row does not open. Like the signing links' tokens
 * ({@link SignerTokens}), none can be read from the database, or a backup of it, without the keys.
 */
public final class SealedValues {
    private final FileVault vault;

    public SealedValues(FileVault vault) {
        this.vault = vault;
    }

    byte[] seal(byte[] value, String context) {
        return vault.sealValue(value, context);
    }

    byte[] open(byte[] sealed, String context) {
        try {
            return vault.openValue(sealed, context);
        } catch (IOException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }

    byte[] sealText(String value, String context) {
        return seal(value.getBytes(StandardCharsets.UTF_8), context);
    }

    String openText(byte[] sealed, String context) {
        return new String(open(sealed, context), StandardCharsets.UTF_8);
    }
}
