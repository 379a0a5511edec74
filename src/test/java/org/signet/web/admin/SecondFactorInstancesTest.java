package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.MutableClock;
import org.signet.support.TwoInstances;

/**
 * The second sign-in step across two instances on one PostgreSQL database, as behind a balancer: the
 * password at one, the code at the other; and a reset at one ending the session made at the other.
 */
class SecondFactorInstancesTest {
    @Test
    void passwordAtOneInstance_codeAtTheOther_signsIn_resetThereEndsIt() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
        try (TwoInstances two = TwoInstances.start(clock)) {
            User u = two.first.app.users().add("pat@example.com", "Pat", false, AdminHttpTest.HASH);
            two.first.app.users().add("ada@example.com", "Ada", true, AdminHttpTest.HASH);
            AdminClient setUp = new AdminClient(two.first);
            setUp.signIn(u.email(), AdminHttpTest.PASSWORD);
            byte[] secret = AppSetUp.turnOn(setUp, clock, new ArrayList<>());
            clock.advance(Duration.ofSeconds(30));

            AdminClient atFirst = new AdminClient(two.first);
            assertEquals("/admin/login/code", atFirst.signIn(u.email(), AdminHttpTest.PASSWORD).headers()
                    .firstValue("Location").orElseThrow());
            AdminClient atSecond = new AdminClient(two.second);
            atSecond.setCookie(CodeStep.COOKIE, atFirst.cookie(CodeStep.COOKIE));
            HttpResponse<String> form = atSecond.get(CodeStep.PATH);
            assertEquals(200, form.statusCode(), form.body());
            HttpResponse<String> in = atSecond.post(CodeStep.PATH, AdminClient.csrfOf(form), "code",
                    AppSetUp.code(secret, clock));
            assertEquals("/admin", in.headers().firstValue("Location").orElseThrow());
            assertEquals(200, atSecond.get("/admin/keys").statusCode());

            AdminClient admin = new AdminClient(two.first);
            admin.signIn("ada@example.com", AdminHttpTest.PASSWORD);
            assertEquals(302, admin.post("/admin/users/" + u.id() + "/second-factor/reset", admin.csrf()).statusCode());
            assertEquals("/admin/login?notice=expired", atSecond.get("/admin/keys").headers().firstValue("Location")
                    .orElseThrow());
        }
    }
}
