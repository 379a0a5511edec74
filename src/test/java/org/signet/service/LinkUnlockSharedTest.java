package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.Postgres;
import org.signet.support.Race;
import org.signet.support.TestServer;

/** A signing link's count of wrong tries, shared by two instances on one PostgreSQL database. */
class LinkUnlockSharedTest {
    @TempDir
    Path dir;

    @Test
    void pin_wrongGuessesAtTwoInstancesAtOnce_lockedAtExactlyFiveEverywhere() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (TestServer one = TestServer.start(dir, pg.settings()); TestServer two = TestServer.start(dir, pg.settings())) {
            TestServer.Account owner = one.account("owner@example.com", false);
            List<ApiFlow> flows = List.of(new ApiFlow(one, owner.full(), Clock.systemUTC()),
                    new ApiFlow(two, owner.full(), Clock.systemUTC()));
            String token = pinLink(flows.get(0));

            List<HttpResponse<String>> answers = Race.run(12, 6,
                    i -> flows.get(i % 2).postToLink(token, "pin", Map.of("pin", String.format("%04d", i))));

            assertEquals(4, answers.stream().filter(r -> r.statusCode() == 400).count(), "tries before the lock");
            assertEquals(8, answers.stream().filter(r -> "pin_locked".equals(code(r))).count());
            for (ApiFlow f : flows) {
                assertEquals("pin_locked", code(f.postToLink(token, "pin", Map.of("pin", "4821"))),
                        "the right PIN is refused at every instance");
            }
        }
    }

    /** A sent document whose one signer's link asks for PIN 4821; the link's token. */
    private static String pinLink(ApiFlow flow) {
        String docId = flow.upload("contract", 1);
        Party pat = flow.addSigner(docId, Map.of("name", "Pat", "email", "pat@example.com", "pin_code", "4821"));
        flow.saveFields(docId, List.of(field(pat.id(), "signature", 1, 72, 80, 200, 60)));
        flow.send(docId);
        return pat.token();
    }
}
