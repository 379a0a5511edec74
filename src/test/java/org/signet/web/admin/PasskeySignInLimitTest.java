package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;

/**
 * A sign-in with a passkey needs no account, and each challenge it asks for is a row in the database until it
 * expires: its requests count against {@code ratelimit.ip_per_minute}, as the signing pages' do.
 */
class PasskeySignInLimitTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("ratelimit.ip_per_minute=3");

    @Test
    void signInOptions_pastTheAddressLimit_429() {
        AdminClient c = new AdminClient(signet.server());
        String token = AdminClient.csrfOf(c.get("/admin/login"));
        for (int i = 0; i < 3; i++) {
            assertEquals(200, c.postJson("/admin/login/passkey/options", token, "{}").statusCode());
        }
        HttpResponse<String> refused = c.postJson("/admin/login/passkey/options", token, "{}");
        assertEquals(429, refused.statusCode());
        assertTrue(refused.headers().firstValue("Retry-After").isPresent());
    }
}
