package org.signet.domain;

import java.util.Arrays;
import java.util.Optional;

/** A change to an account's second factors, as the account's record keeps it beside its sign-ins. */
public enum FactorChange {
    APP_ADDED("app_added"),
    APP_REMOVED("app_removed"),
    /** An administrator on the Users page, or the operator with {@code users reset-2fa}, removed them all. */
    RESET("reset");

    private final String code;

    FactorChange(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public static Optional<FactorChange> fromCode(String code) {
        return Arrays.stream(values()).filter(c -> c.code.equals(code)).findFirst();
    }
}
