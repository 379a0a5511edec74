package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import org.signet.domain.AccountEvent;
import org.signet.domain.FactorChange;
import org.signet.domain.SignInMethod;

/** Each account's record of its sign-ins and of the changes to its second factors, newest first. */
public final class AccountEventStore {
    private static final String SIGN_IN = "sign_in";
    private static final String FACTOR = "factor";

    private final Database db;
    private final Clock clock;

    public AccountEventStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public void signIn(long userId, SignInMethod method, String issuer, String ip) {
        insert(userId, SIGN_IN, method.code(), issuer, ip, null);
    }

    public void factorChanged(long userId, FactorChange change, String ip, Long byUserId) {
        insert(userId, FACTOR, change.code(), null, ip, byUserId);
    }

    /** The account's newest {@code limit} entries, newest first. */
    public List<AccountEvent> recent(long userId, int limit) {
        return db.query("SELECT event, what, issuer, ip_address, by_user_id, created_at FROM account_events "
                + "WHERE user_id = ? ORDER BY id DESC LIMIT ?", AccountEventStore::map, userId, limit);
    }

    private void insert(long userId, String event, String what, String issuer, String ip, Long byUserId) {
        db.update("INSERT INTO account_events(user_id, event, what, issuer, ip_address, by_user_id, created_at) "
                + "VALUES (?,?,?,?,?,?,?)", userId, event, what, issuer, ip, byUserId, clock.millis() / 1000);
    }

    private static AccountEvent map(Row r) throws SQLException {
        boolean signIn = SIGN_IN.equals(r.string("event"));
        String what = r.string("what");
        return new AccountEvent(r.getLong("created_at"), signIn ? SignInMethod.fromCode(what).orElseThrow() : null,
                signIn ? null : FactorChange.fromCode(what).orElseThrow(), r.string("issuer"), r.string("ip_address"),
                r.nullableLong("by_user_id"));
    }
}
