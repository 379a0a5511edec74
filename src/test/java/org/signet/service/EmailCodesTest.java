package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.object;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.metrics.Scrape;
import org.signet.support.ApiFlow;
import org.signet.support.MailedCodes;
import org.signet.support.Party;
import org.signet.support.SealedDocuments;
import org.signet.support.SignetFixture;

/**
 * The emailed code's rules on a running Signet with a real SMTP server and a clock the tests move: one
 * mail a minute, five in 24 hours, ten minutes of validity, once only, replaced by the next, five wrong
 * tries locking the link together with wrong PINs, and the code in no answer, log line or queued mail.
 */
class EmailCodesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().withMail();

    private ApiFlow flow;
    private String docId;

    @BeforeEach
    void start() {
        flow = signet.flow();
        docId = flow.upload("Lease", 1);
    }

    /** A sent document with one signer added with {@code extra} (key, value pairs) besides the email code. */
    private Party sendTo(String email, Object... extra) {
        Map<String, Object> body = new LinkedHashMap<>(Map.of("name", "Cody Code", "email", email,
                "verification", "email_code"));
        for (int i = 0; i < extra.length; i += 2) {
            body.put((String) extra[i], extra[i + 1]);
        }
        Party p = flow.addSigner(docId, body);
        flow.saveFields(docId, List.of(ApiFlow.field(p.id(), "signature", 1, 72, 600, 200, 60)));
        flow.send(docId);
        return p;
    }

    private HttpResponse<String> ask(Party p) {
        return flow.postToLink(p.token(), "email-code/send", Map.of());
    }

    private HttpResponse<String> ask(Party p, String cookie) {
        return flow.postToLink(p.token(), "email-code/send", Map.of(), cookie);
    }

    private HttpResponse<String> check(Party p, String code) {
        return flow.postToLink(p.token(), "email-code", Map.of("code", code));
    }

    private String codeAfterAsking(Party p, int nth) {
        return codeAfterAsking(p, null, nth);
    }

    private String codeAfterAsking(Party p, String cookie, int nth) {
        expect(200, ask(p, cookie));
        return MailedCodes.nth(signet.mail(), p.email(), nth);
    }

    /** A six-digit code that is not {@code code}. */
    private static String other(String code) {
        return String.format("%06d", (Integer.parseInt(code) + 1) % 1_000_000);
    }

    @Test
    void send_firstAsk_mailsASixDigitCodeAndAnswersOnlyTheMaskedAddress() {
        Party cody = sendTo("cody@example.com");

        HttpResponse<String> asked = ask(cody);

        Map<String, Object> answer = object(expect(200, asked));
        assertEquals(Map.of("sent", true, "email", "c***@example.com", "expires_in", 600),
                Map.of("sent", answer.get("sent"), "email", answer.get("email"),
                        "expires_in", ((Number) answer.get("expires_in")).intValue()));
        String code = MailedCodes.latest(signet.mail(), "cody@example.com");
        assertTrue(code.matches("\\d{6}"), code);
        assertFalse(asked.body().contains(code), "the code in the answer");
        assertEquals(1, flow.audit(docId, "email_code_sent").size());
    }

    @Test
    void send_storesOnlyTheDigest_andTheQueuedMailHoldsAPlaceholder() {
        Party cody = sendTo("cody@example.com");

        String code = codeAfterAsking(cody, 1);

        String stored = signet.server().app.database().queryOne("SELECT code_hash FROM email_codes",
                r -> r.string("code_hash")).orElseThrow();
        assertTrue(stored.startsWith("pbkdf2-sha256$"), stored);
        assertFalse(stored.contains(code));
        List<String> queued = signet.server().app.database().query(
                "SELECT text_body || html_body || subject AS b FROM mail_outbox WHERE template = 'email_code'",
                r -> r.string("b"));
        assertEquals(1, queued.size());
        assertFalse(queued.get(0).contains(code), "the code in the queue");
        assertTrue(queued.get(0).contains("[[one-time-code:"), queued.get(0));
    }

    @Test
    void send_againWithinAMinute_codeWaitWithRetryAfter_thenAllowed() {
        Party cody = sendTo("cody@example.com");
        codeAfterAsking(cody, 1);
        signet.clock().advance(Duration.ofSeconds(45));

        HttpResponse<String> early = ask(cody);

        expect(429, early);
        assertEquals("code_wait", code(early));
        assertEquals("15", early.headers().firstValue("Retry-After").orElseThrow());
        assertEquals(15, ((Number) data(early).get("retry_after")).intValue());
        signet.clock().advance(Duration.ofSeconds(15));
        expect(200, ask(cody));
        assertEquals(2, flow.audit(docId, "email_code_sent").size(), "a refused ask is no mail and no event");
    }

    @Test
    void send_refusedByTheLimits_computesNoHash() {
        Party cody = sendTo("cody@example.com");
        codeAfterAsking(cody, 1);
        double before = Scrape.of(signet.server()).value("signet_password_hashes_total");

        List<String> refused = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            refused.add(code(ask(cody)));
        }

        assertEquals(Collections.nCopies(5, "code_wait"), refused);
        assertEquals(0, Scrape.of(signet.server()).value("signet_password_hashes_total") - before,
                "hashes computed for refused asks");
        signet.clock().advance(Duration.ofSeconds(60));
        codeAfterAsking(cody, 2);
        assertEquals(1, Scrape.of(signet.server()).value("signet_password_hashes_total") - before,
                "the code mailed is hashed once");
    }

    @Test
    void send_sixthWithin24Hours_codeDailyLimit_untilADayAfterTheFirst() {
        Party cody = sendTo("cody@example.com");
        for (int i = 1; i <= 5; i++) {
            // Delivered before the clock moves on: a code's mail not handed over within its 10 minutes is dropped.
            codeAfterAsking(cody, i);
            signet.clock().advance(Duration.ofMinutes(61));
        }

        HttpResponse<String> sixth = ask(cody);

        expect(429, sixth);
        assertEquals("code_daily_limit", code(sixth));
        long left = 24 * 3600 - 5 * 61 * 60;
        assertEquals(Long.toString(left), sixth.headers().firstValue("Retry-After").orElseThrow());
        assertEquals(5, MailedCodes.mails(signet.mail(), cody.email()).size());
        signet.clock().advance(Duration.ofSeconds(left));
        expect(200, ask(cody));
        MailedCodes.nth(signet.mail(), cody.email(), 6);
    }

    @Test
    void check_rightCode_unlocksThisBrowserOnce_andAuditsSignerVerified() {
        Party cody = sendTo("cody@example.com");
        String code = codeAfterAsking(cody, 1);

        HttpResponse<String> right = check(cody, code.substring(0, 3) + " " + code.substring(3));

        expect(200, right);
        String cookie = ApiFlow.cookie(right);
        assertNull(object(flow.session(cody.token(), cookie)).get("requires"));
        assertEquals("email_code", object(flow.session(cody.token())).get("requires"));
        expect(200, flow.postToLink(cody.token(), "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Cody Code")), cookie));
        List<Map<String, Object>> verified = flow.audit(docId, "signer_verified");
        assertEquals(1, verified.size());
        assertEquals("email_code", verified.get(0).get("detail"));
        assertEquals("Cody Code", verified.get(0).get("signer"));
        HttpResponse<String> again = check(cody, code);
        expect(400, again);
        assertEquals("code_expired", code(again), "a code opens the link once");
    }

    @Test
    void certificate_namesTheCodeAskedForAndTheGatePassed() throws Exception {
        Party cody = sendTo("cody@example.com");
        String cookie = ApiFlow.cookie(expect(200, check(cody, codeAfterAsking(cody, 1))));
        expect(200, flow.postToLink(cody.token(), "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Cody Code")), cookie));
        flow.awaitSealed(docId);

        String text;
        try (PDDocument pdf = Loader.loadPDF(SealedDocuments.sealedPdf(flow, docId))) {
            text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
        }

        assertTrue(text.contains("email_code_sent Cody Code"), text);
        assertTrue(text.contains("signer_verified Cody Code (email_code)"), text);
    }

    @Test
    void check_afterTenMinutes_codeExpired_andCountsNoTry() {
        Party cody = sendTo("cody@example.com");
        String code = codeAfterAsking(cody, 1);
        signet.clock().advance(Duration.ofSeconds(599));
        assertEquals("invalid_code", code(check(cody, other(code))));
        signet.clock().advance(Duration.ofSeconds(1));

        HttpResponse<String> late = check(cody, code);

        expect(400, late);
        assertEquals("code_expired", code(late));
        String fresh = codeAfterAsking(cody, 2);
        HttpResponse<String> wrong = check(cody, other(fresh));
        assertEquals(3, ((Number) data(wrong).get("attempts_left")).intValue(), "the expired try was not counted");
    }

    @Test
    void check_askedAgain_theOldCodeNoLongerWorksTheNewOneDoes() {
        Party cody = sendTo("cody@example.com");
        String first = codeAfterAsking(cody, 1);
        signet.clock().advance(Duration.ofSeconds(60));
        String second = codeAfterAsking(cody, 2);
        if (first.equals(second)) {
            return; // one chance in a million: the replacement would be indistinguishable
        }

        HttpResponse<String> old = check(cody, first);

        expect(400, old);
        assertEquals("invalid_code", code(old));
        expect(200, check(cody, second));
    }

    @Test
    void check_fiveWrongCodes_lockedLikeThePin_rightCodeAndNewMailsRefusedFor15Minutes() {
        Party cody = sendTo("cody@example.com");
        String code = codeAfterAsking(cody, 1);
        for (int left = 4; left >= 1; left--) {
            HttpResponse<String> wrong = check(cody, other(code));
            assertEquals("invalid_code", code(wrong));
            assertEquals(left, ((Number) data(wrong).get("attempts_left")).intValue());
        }

        HttpResponse<String> fifth = check(cody, other(code));

        expect(429, fifth);
        assertEquals("pin_locked", code(fifth));
        assertEquals("pin_locked", code(check(cody, code)));
        signet.clock().advance(Duration.ofMinutes(2));
        assertEquals("pin_locked", code(ask(cody)), "no mail while the link is locked");
        signet.clock().advance(Duration.ofMinutes(13));
        String fresh = codeAfterAsking(cody, 2);
        expect(200, check(cody, fresh));
    }

    @Test
    void check_wrongPinsAndWrongCodesCountTogether() {
        Party cody = sendTo("cody@example.com", "pin_code", "4821");
        for (int i = 0; i < 3; i++) {
            assertEquals("invalid_pin", code(flow.postToLink(cody.token(), "pin", Map.of("pin", "1111"))));
        }
        String cookie = ApiFlow.cookie(flow.postToLink(cody.token(), "pin", Map.of("pin", "4821")));
        expect(200, ask(cody, cookie));
        String code = MailedCodes.latest(signet.mail(), cody.email());

        HttpResponse<String> wrong = check(cody, other(code));

        assertEquals(1, ((Number) data(wrong).get("attempts_left")).intValue(),
                "a right PIN does not start the count again while the code is still to pass");
        assertEquals("pin_locked", code(check(cody, other(code))));
        assertEquals("pin_locked", code(flow.postToLink(cody.token(), "pin", Map.of("pin", "4821"))));
        assertEquals(List.of("pin"), flow.audit(docId, "signer_verified").stream().map(e -> e.get("detail")).toList());
    }

    @Test
    void check_pinPassedAgainInFreshSessions_buysNoMoreTriesAtTheCode() {
        Party cody = sendTo("cody@example.com", "pin_code", "4821");
        expect(200, ask(cody, pin(cody)));
        String code = MailedCodes.latest(signet.mail(), cody.email());
        List<Object> left = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            flow.postToLink(cody.token(), "pin", Map.of("pin", "4821"));
            for (int i = 0; i < 4; i++) {
                HttpResponse<String> wrong = check(cody, other(code));
                answers.add(code(wrong));
                left.add(wrong.statusCode() == 400 ? ((Number) data(wrong).get("attempts_left")).intValue() : null);
            }
        }

        assertEquals(List.of("invalid_code", "invalid_code", "invalid_code", "invalid_code", "pin_locked"),
                answers.subList(0, 5));
        assertEquals(List.of(4, 3, 2, 1), left.subList(0, 4));
        assertEquals(4, answers.stream().filter("invalid_code"::equals).count(), "wrong codes before the lock");
        assertEquals("pin_locked", code(check(cody, code)));
        assertEquals(0, signet.server().app.database().queryLong(
                "SELECT count(*) FROM email_codes WHERE code_hash IS NOT NULL"), "the lock ends the code waiting");
        signet.clock().advance(Duration.ofMinutes(15).plusSeconds(1));
        String fresh = codeAfterAsking(cody, pin(cody), 2);
        expect(200, check(cody, fresh));
    }

    /** Passes the PIN in a fresh session; its cookie. */
    private String pin(Party p) {
        return ApiFlow.cookie(expect(200, flow.postToLink(p.token(), "pin", Map.of("pin", "4821"))));
    }

    @Test
    void send_beforeTheLoginAndPin_forbiddenNamingTheGateFirst() {
        Party cody = sendTo("cody@example.com", "pin_code", "4821");
        assertEquals("email_code", object(flow.session(cody.token(),
                ApiFlow.cookie(flow.postToLink(cody.token(), "pin", Map.of("pin", "4821"))))).get("requires"));

        HttpResponse<String> early = ask(cody);

        expect(403, early);
        assertEquals("pin", data(early).get("requires"));
        assertEquals(List.of(), flow.audit(docId, "email_code_sent"));
        assertEquals("pin", object(flow.session(cody.token())).get("requires"), "login, PIN, then the code");
    }

    @Test
    void code_neverInAnAnswerOrALogLine() {
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(new SimpleFormatter().formatMessage(record) + " " + record.getThrown());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try {
            Party cody = sendTo("cody@example.com");
            List<HttpResponse<String>> answers = new ArrayList<>();
            answers.add(ask(cody));
            String code = MailedCodes.latest(signet.mail(), cody.email());
            answers.add(check(cody, other(code)));
            answers.add(flow.session(cody.token()));
            answers.add(check(cody, code));
            answers.add(signet.server().get("documents/" + docId, flow.key));
            answers.add(signet.server().get("documents/" + docId + "/audit", flow.key));
            answers.add(signet.server().get("documents/" + docId + "/signers", flow.key));

            for (HttpResponse<String> r : answers) {
                assertFalse(r.body().contains(code), "the code in " + r.body());
                assertFalse(r.headers().map().toString().contains(code), "the code in the headers");
            }
            assertNotEquals(List.of(), logged, "the capture hears Signet's log");
            for (String line : logged) {
                assertFalse(line.contains(code), "the code in the log: " + line);
            }
        } finally {
            root.removeHandler(capture);
        }
    }
}
