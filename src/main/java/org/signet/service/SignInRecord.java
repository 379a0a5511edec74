package org.signet.service;

import java.util.List;
import org.signet.domain.AccountEvent;
import org.signet.domain.FactorChange;
import org.signet.domain.Principal;
import org.signet.domain.SignInMethod;
import org.signet.store.AccountEventStore;

/**
 * Each account's record of how and from where it signed in, and of the changes to its second factors,
 * which its owner reads on "My account". Every way of signing in records itself here, through
 * {@link #record}, once the sign-in has succeeded.
 */
public final class SignInRecord {
    /** How many entries "My account" shows, newest first. */
    public static final int SHOWN = 20;

    private final AccountEventStore store;

    public SignInRecord(AccountEventStore store) {
        this.store = store;
    }

    /**
     * Records a sign-in of {@code userId} by {@code method} from {@code ip}; {@code issuer} names the identity
     * provider of a single sign-on, else is null.
     */
    public void record(long userId, SignInMethod method, String issuer, String ip) {
        store.signIn(userId, method, issuer, ip);
    }

    /** Records a change of the account's factors; {@code byUserId} is the administrator who made it, else null. */
    public void factorChanged(long userId, FactorChange change, String ip, Long byUserId) {
        store.factorChanged(userId, change, ip, byUserId);
    }

    /** The caller's own newest {@value #SHOWN} entries. */
    public List<AccountEvent> recent(Principal p) {
        return store.recent(p.userId(), SHOWN);
    }
}
