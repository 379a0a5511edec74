package org.signet.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A provider's error value reaches the log only when it is one, never as lines of its own. */
class OidcExceptionTest {
    @Test
    void errorCode_providersValue_keptOnlyWhenItIsOne() {
        assertEquals("access_denied", OidcException.errorCode("access_denied"));
        assertEquals("(not an error code)", OidcException.errorCode("denied\nFAKE log line"));
        assertEquals("(not an error code)", OidcException.errorCode("x".repeat(65)));
        assertEquals("(none)", OidcException.errorCode(null));
    }
}
