package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.signet.crypto.Base32;
import org.signet.crypto.Totp;
import org.signet.support.AdminClient;

/** Turns on a signed-in user's authenticator app through its pages, as a person with the app in hand does. */
final class AppSetUp {
    static final Pattern SECRET = Pattern.compile("<code id=\"app-secret\" class=\"secret\">([A-Z2-7 ]+)</code>");
    private static final Pattern RECOVERY = Pattern.compile("<li><code>([a-z2-7]{5}-[a-z2-7]{5})</code></li>");

    private AppSetUp() {}

    /**
     * Begins, reads the secret from the page, checks the QR code is an SVG image, confirms with the code of
     * {@code clock}'s step, and adds the ten recovery codes shown to {@code recoveryCodes}; the app's secret.
     */
    static byte[] turnOn(AdminClient c, Clock clock, List<String> recoveryCodes) {
        assertEquals(302, c.post("/admin/account/app/begin", csrf(c)).statusCode());
        HttpResponse<String> page = c.get("/admin/account/app");
        Matcher m = SECRET.matcher(page.body());
        assertTrue(m.find(), page.body());
        byte[] secret = Base32.decode(m.group(1));
        HttpResponse<String> qr = c.get("/admin/account/app/qr.svg");
        assertEquals("image/svg+xml", qr.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(qr.body().contains("<svg") && qr.body().contains("<path d=\"M"), qr.body());
        HttpResponse<String> done = c.post("/admin/account/app/confirm", csrf(c), "code", code(secret, clock));
        assertEquals(200, done.statusCode(), done.body());
        Matcher codes = RECOVERY.matcher(done.body());
        while (codes.find()) {
            recoveryCodes.add(codes.group(1));
        }
        assertEquals(10, recoveryCodes.size());
        return secret;
    }

    static String csrf(AdminClient c) {
        return AdminClient.csrfOf(c.get("/admin/account/app"));
    }

    /** The app's code now, by {@code clock}. */
    static String code(byte[] secret, Clock clock) {
        return Totp.code(secret, Totp.step(clock.millis() / 1000), Totp.DIGITS);
    }
}
