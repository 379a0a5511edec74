package org.signet.domain;

import java.util.Arrays;
import java.util.Optional;

/** How a user proved who they are when they signed in, as their account's record keeps it. */
public enum SignInMethod {
    PASSWORD("password"),
    PASSWORD_APP("password_app"),
    PASSWORD_RECOVERY_CODE("password_recovery_code"),
    PASSWORD_PASSKEY("password_passkey"),
    PASSKEY("passkey"),
    SINGLE_SIGN_ON("single_sign_on");

    private final String code;

    SignInMethod(String code) {
        this.code = code;
    }

    /** The value stored, and the message key's last part. */
    public String code() {
        return code;
    }

    public static Optional<SignInMethod> fromCode(String code) {
        return Arrays.stream(values()).filter(m -> m.code.equals(code)).findFirst();
    }
}
