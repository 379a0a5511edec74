package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.object;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.DocumentStatus;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;

/** The signers and fields endpoints of a running Signet, every rule good and bad, and what never leaves the server. */
class SignersApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private static final String PIN = "73915864";
    private static final String SIGNED_IP = "203.0.113.77";
    private static final String SIGNED_AGENT = "HiddenBrowser/9.9";

    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Lease", 2);
    }

    private HttpResponse<String> add(Map<String, Object> body) {
        return flow.postSigner(doc, body);
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(base);
        m.put(key, value);
        return m;
    }

    private static Map<String, Object> ann() {
        return ApiFlow.signerBody("Ann Lee", "ann@example.org", "signer", 1);
    }

    private static void assertInvalidParam(HttpResponse<String> r, String param) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), r.body());
    }

    @Test
    void addSigner_valid_201WithSigningUrlAndNothingHidden() {
        HttpResponse<String> r = add(Map.of("name", "Ann Lee", "email", "ann@example.org"));

        assertEquals(201, r.statusCode(), r.body());
        Map<String, Object> s = object(r);
        assertEquals(Set.of("id", "name", "email", "role", "signing_order", "status", "language", "verification",
                "viewed_at", "signed_at", "signing_url"), s.keySet());
        assertEquals("none", s.get("verification"));
        assertEquals("Ann Lee", s.get("name"));
        assertEquals("signer", s.get("role"));
        assertEquals("1", s.get("signing_order"));
        assertEquals("pending", s.get("status"));
        assertTrue(((String) s.get("id")).matches("\\d+"));
        String url = (String) s.get("signing_url");
        assertTrue(url.matches(Pattern.quote(signet.server().app.siteUrl()) + "/sign/[A-Za-z0-9_-]{43}"), url);
        String token = url.substring(url.lastIndexOf('/') + 1);
        assertEquals(token, flow.signers().find(Long.parseLong((String) s.get("id"))).orElseThrow().accessToken());
    }

    @Test
    void addSigner_twoSigners_differentTokens() {
        String a = (String) object(add(ann())).get("signing_url");
        String b = (String) object(add(ApiFlow.signerBody("Bob", "bob@example.org", "signer", 1)))
                .get("signing_url");

        assertFalse(a.equals(b));
    }

    @Test
    void addSigner_everyRole_accepted() {
        for (String role : List.of("signer", "viewer", "approver")) {
            HttpResponse<String> r = add(ApiFlow.signerBody(role, role + "@example.org", role, 2));
            assertEquals(201, r.statusCode(), r.body());
            assertEquals(role, object(r).get("role"));
            assertEquals("2", object(r).get("signing_order"));
        }
    }

    @Test
    void addSigner_unknownRole_restInvalidParam() {
        for (String role : List.of("owner", "Signer", "")) {
            assertInvalidParam(add(with(ann(), "role", role)), "role");
        }
    }

    @Test
    void addSigner_verification_emailCodeShownNoneByDefault_unknownRefusedNamingIt() {
        Map<String, Object> coded = object(add(with(ann(), "verification", "email_code")));
        Map<String, Object> plain = object(add(Map.of("name", "Bo", "email", "bo@example.org", "verification", "none")));

        assertEquals("email_code", coded.get("verification"));
        assertEquals("none", plain.get("verification"));
        for (Object value : List.of("sms", "EMAIL_CODE", "", 1)) {
            assertInvalidParam(add(Map.of("name", "Cy", "email", "cy@example.org", "verification", value)),
                    "verification");
        }
        assertEquals(2, array(flow.get("documents/" + doc + "/signers")).size(), "nothing added when refused");
    }

    @Test
    void addSigner_invalidEmail_restInvalidParam() {
        for (String email : List.of("not-an-email", "ann@", "@example.org", "ann lee@example.org", "")) {
            assertInvalidParam(add(with(ann(), "email", email)), "email");
        }
        assertTrue(array(flow.get("documents/" + doc + "/signers")).isEmpty());
    }

    @Test
    void addSigner_missingNameOrEmail_restMissingCallbackParam() {
        HttpResponse<String> r = add(Map.of("role", "signer"));

        assertEquals(400, r.statusCode());
        assertEquals("rest_missing_callback_param", code(r));
        assertEquals(List.of("name", "email"), data(r).get("params"));
    }

    @Test
    void addSigner_blankLongOrMultiLineName_restInvalidParam() {
        for (String name : List.of("", "   ", "x".repeat(256), "Ann\r\nBcc: evil@example.org", "Ann\u0000")) {
            assertInvalidParam(add(with(ann(), "name", name)), "name");
        }
    }

    @Test
    void addSigner_signingOrderBelowOneOrNotInteger_restInvalidParam() {
        for (Object order : List.of(0, -1, "first", 1.5)) {
            assertInvalidParam(add(with(ann(), "signing_order", order)), "signing_order");
        }
    }

    @Test
    void addSigner_requireWpLoginWithoutAccount_restInvalidParam() {
        assertInvalidParam(add(with(ann(), "require_wp_login", true)), "require_wp_login");
    }

    @Test
    void addSigner_requireWpLoginWithHostAccount_created() {
        signet.server().app.users().add("Ann@Example.org", "Ann", false, null);

        HttpResponse<String> r = add(with(ann(), "require_wp_login", true));

        assertEquals(201, r.statusCode(), r.body());
        assertTrue(flow.signers().find(Long.parseLong((String) object(r).get("id"))).orElseThrow().requireLogin());
    }

    /** What a hostile non-administrator tried: a link that asks for the administrator's password. */
    @Test
    void addSigner_requireWpLoginAsAdministratorWithNonAdministratorsKey_forbiddenAndNothingAdded() {
        signet.server().app.users().add("admin@example.org", "Admin", true, null);
        Map<String, Object> admin = ApiFlow.signerBody("Admin", "Admin@Example.org", "viewer", 1);

        HttpResponse<String> r = add(with(admin, "require_wp_login", true));

        assertEquals(403, r.statusCode(), r.body());
        assertEquals("forbidden", code(r));
        assertEquals(0, array(flow.get("documents/" + doc + "/signers")).size());
        assertTrue(flow.audit(doc, "signer_added").isEmpty());
        assertEquals(201, add(admin).statusCode(), "without the login the administrator is a signer like any other");
    }

    @Test
    void addSigner_requireWpLoginAsAdministratorWithAdministratorsKey_created() {
        ApiFlow admin = signet.flow("root@example.org", true);
        String own = admin.upload("Board minutes", 1);
        signet.server().app.users().add("second@example.org", "Second", true, null);

        HttpResponse<String> self = admin.postSigner(own, with(ApiFlow.signerBody("Root", "root@example.org",
                "signer", 1), "require_wp_login", true));
        HttpResponse<String> colleague = admin.postSigner(own, with(ApiFlow.signerBody("Second", "second@example.org",
                "signer", 1), "require_wp_login", true));

        assertEquals(201, self.statusCode(), self.body());
        assertEquals(201, colleague.statusCode(), colleague.body());
    }

    /** The owner sees the link, so not even an administrator's key may put an administrator's login on it. */
    @Test
    void addSigner_requireWpLoginAsAdministratorOnNonAdministratorsDocument_forbiddenEvenWithAdministratorsKey() {
        ApiFlow admin = signet.flow("root@example.org", true);

        HttpResponse<String> r = admin.postSigner(doc, with(ApiFlow.signerBody("Root", "root@example.org", "signer", 1),
                "require_wp_login", true));

        assertEquals(403, r.statusCode(), r.body());
        assertEquals("forbidden", code(r));
        assertEquals(201, admin.postSigner(doc, with(ann(), "require_wp_login", false)).statusCode());
    }

    @Test
    void addSigner_pinOfFourToEightDigits_createdAndNeverReturned() {
        for (String pin : List.of("4826", PIN)) {
            String name = pin.length() == 4 ? "four" : "eight";
            HttpResponse<String> withPin = add(with(ApiFlow.signerBody(name, name + "@example.org", "signer", 1),
                    "pin_code", pin));
            assertEquals(201, withPin.statusCode(), withPin.body());
            assertTrue(flow.signers().find(Long.parseLong((String) object(withPin).get("id"))).orElseThrow()
                    .pinHash() != null);
            assertFalse(withPin.body().contains(pin), withPin.body());
            assertFalse(withPin.body().contains("pin"), withPin.body());
        }
    }

    @Test
    void addSigner_badPin_restInvalidParam() {
        for (String pin : List.of("123", "123456789", "12a4", "", "12 34")) {
            assertInvalidParam(add(with(ann(), "pin_code", pin)), "pin_code");
        }
    }

    @Test
    void addSigner_duplicateEmailAnyCase_duplicateSigner() {
        assertEquals(201, add(ann()).statusCode());

        for (String email : List.of("ann@example.org", "ANN@Example.ORG", " ann@example.org ")) {
            HttpResponse<String> r = add(with(ann(), "email", email));
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("duplicate_signer", code(r), email);
        }
        assertEquals(1, array(flow.get("documents/" + doc + "/signers")).size());
    }

    @Test
    void addSigner_sameEmailOnAnotherDocument_created() {
        assertEquals(201, add(ann()).statusCode());
        String other = flow.upload("Other", 2);

        assertEquals(201, flow.postSigner(other, ann()).statusCode());
    }

    @Test
    void addSigner_completedOrDeclinedDocument_invalidState() {
        String declined = flow.upload("Declined", 2);
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(declined, "B", "b@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.signatureFields(declined, b);
        assertEquals(200, flow.postSend(doc).statusCode());
        assertEquals(200, flow.postSend(declined).statusCode());
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.COMPLETED);
        flow.forceStatus(declined, DocumentStatus.SENT, DocumentStatus.DECLINED);

        for (String d : List.of(doc, declined)) {
            HttpResponse<String> r = flow.postSigner(d, ann());
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("invalid_state", code(r));
        }
    }

    @Test
    void addSigner_expiredDocument_invalidState() {
        flow.expiresIn(doc, Duration.ofHours(1));
        signet.clock().advance(Duration.ofHours(2));
        assertEquals(200, flow.post("documents/" + doc + "/expire", null).statusCode());

        HttpResponse<String> r = add(ann());

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_state", code(r));
        assertTrue(array(flow.get("documents/" + doc + "/signers")).isEmpty());
    }

    @Test
    void addSigner_unknownDocument_notFound() {
        HttpResponse<String> r = flow.postSigner("999999", ann());

        assertEquals(404, r.statusCode());
        assertEquals("not_found", code(r));
    }

    @Test
    void listSigners_bySigningOrderThenAdded_withSigningUrls() {
        String late = flow.addSigner(doc, "Late", "late@example.org", "signer", 3).id();
        String first = flow.addSigner(doc, "First", "first@example.org", "signer", 1).id();
        String second = flow.addSigner(doc, "Second", "second@example.org", "viewer", 1).id();

        List<Object> list = array(flow.get("documents/" + doc + "/signers"));

        assertEquals(List.of(first, second, late), list.stream().map(o -> ((Map<?, ?>) o).get("id")).toList());
        for (Object o : list) {
            assertTrue(((String) ((Map<?, ?>) o).get("signing_url")).startsWith(signet.server().app.siteUrl() + "/sign/"));
        }
    }

    /** The signer rules: the token leaves only inside signing_url; PIN, IP and user agent never. */
    @Test
    void everyResponse_hiddenSignerFieldsAbsent() {
        String ann = (String) object(add(with(ann(), "pin_code", PIN))).get("id");
        String bob = flow.addSigner(doc, "Bob", "bob@example.org", "signer", 2).id();
        flow.signatureFields(doc, ann, bob);
        assertEquals(200, flow.postSend(doc).statusCode());
        flow.markSigned(Long.parseLong(ann), SIGNED_IP, SIGNED_AGENT);
        List<String> tokens = List.of(token(ann), token(bob));

        List<HttpResponse<String>> responses = List.of(flow.get("documents/" + doc + "/signers"),
                add(ApiFlow.signerBody("Cy", "cy@example.org", "viewer", 2)), flow.get("documents/" + doc),
                flow.get("documents/" + doc + "/fields"), flow.get("documents/" + doc + "/audit"),
                flow.get("documents"), flow.post("documents/" + doc + "/remind", null));

        for (HttpResponse<String> r : responses) {
            String body = r.body();
            assertTrue(r.statusCode() < 300, r.statusCode() + " " + body);
            for (String hidden : List.of("access_token", "pin_code", "pin_hash", "signature_ip",
                    "signature_user_agent", PIN, SIGNED_IP, SIGNED_AGENT)) {
                assertFalse(body.contains(hidden), r.uri() + " reveals " + hidden + ": " + body);
            }
            for (String token : tokens) {
                assertEquals(count(body, "/sign/" + token), count(body, token), r.uri() + " leaks a token");
            }
        }
        assertFalse(responses.get(2).body().contains("/sign/"), "the single-document response has no URL");
    }

    private String token(String signerId) {
        return flow.signers().find(Long.parseLong(signerId)).orElseThrow().accessToken();
    }

    private static int count(String text, String part) {
        Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void saveFields_defaultsByType_everyKeyAsStrings() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(ann, "textarea", 2, 10.5, 20)));

        assertEquals(200, r.statusCode(), r.body());
        Map<?, ?> f = (Map<?, ?>) array(r).get(0);
        assertEquals(Set.of("id", "document_id", "signer_id", "field_type", "field_name", "file_id", "page_number",
                "position_x", "position_y", "width", "height", "value", "placeholder", "is_required", "font_size", "font_family",
                "options", "validation", "condition", "default_value", "created_at", "updated_at"), f.keySet());
        assertEquals(doc, f.get("document_id"));
        assertEquals(ann, f.get("signer_id"));
        assertEquals("2", f.get("page_number"));
        assertEquals("10.5", f.get("position_x"));
        assertEquals("20", f.get("position_y"));
        assertEquals("200", f.get("width"));
        assertEquals("80", f.get("height"));
        assertEquals("1", f.get("is_required"));
        assertEquals("14", f.get("font_size"));
        assertEquals("DM Sans", f.get("font_family"));
        assertEquals("", f.get("value"));
        assertEquals("", f.get("placeholder"));
        assertEquals("", f.get("field_name"));
        assertEquals("[]", f.get("options"));
        assertEquals("2030-01-15 09:00:00", f.get("created_at"));
        assertEquals(array(r), array(flow.get("documents/" + doc + "/fields")));
    }

    @Test
    void saveFields_dropdownOptions_renderedAsJsonText() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        Map<String, Object> dropdown = ApiFlow.field(ann, "dropdown", 1, 0, 0);
        dropdown.put("options", List.of("Yes", "No"));

        HttpResponse<String> r = flow.postFields(doc, List.of(dropdown));

        assertEquals("[\"Yes\",\"No\"]", ((Map<?, ?>) array(r).get(0)).get("options"));
    }

    @Test
    void saveFields_secondSave_replacesEveryField() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.postFields(doc, List.of(ApiFlow.field(ann, "signature", 1, 0, 0),
                ApiFlow.field(ann, "date", 1, 0, 100)));

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(ann, "initials", 2, 5, 5)));

        List<Object> now = array(flow.get("documents/" + doc + "/fields"));
        assertEquals(200, r.statusCode());
        assertEquals(1, now.size());
        assertEquals("initials", ((Map<?, ?>) now.get(0)).get("field_type"));
    }

    @Test
    void saveFields_emptyList_removesAll() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.signatureFields(doc, ann);

        assertEquals(200, flow.postFields(doc, List.of()).statusCode());
        assertTrue(array(flow.get("documents/" + doc + "/fields")).isEmpty());
    }

    @Test
    void saveFields_oneBadField_previousFieldsUntouched() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.signatureFields(doc, ann);
        String before = flow.get("documents/" + doc + "/fields").body();

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(ann, "text", 1, 0, 0),
                ApiFlow.field(ann, "text", 9, 0, 0)));

        assertEquals(400, r.statusCode());
        assertEquals("validation_failed", code(r));
        assertEquals(List.of("Field 2: page_number 9 is beyond the document's 2 page(s)."), data(r).get("errors"));
        assertEquals(before, flow.get("documents/" + doc + "/fields").body());
        assertTrue(flow.audit(doc, "fields_saved").size() == 1);
    }

    @Test
    void saveFields_anApproversFieldSignetDoesNotFill_approverFieldNamingItAndNothingSaved() {
        String amy = flow.addSigner(doc, "Amy", "amy@example.org", "approver", 1).id();
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.signatureFields(doc, ann);
        String before = flow.get("documents/" + doc + "/fields").body();

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(ann, "signature", 1, 0, 0),
                ApiFlow.field(amy, "date", 1, 0, 100), ApiFlow.field(amy, "attachment", 1, 0, 300),
                ApiFlow.field(amy, "text", 2, 0, 0)));

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("approver_field", code(r));
        assertEquals(List.of("Field 3: signer_id " + amy + " is an approver, who fills in no fields; an "
                        + "approver's fields may only be name, email and date, which Signet fills.",
                "Field 4: signer_id " + amy + " is an approver, who fills in no fields; an "
                        + "approver's fields may only be name, email and date, which Signet fills."),
                data(r).get("errors"));
        assertEquals(before, flow.get("documents/" + doc + "/fields").body());
        assertEquals(200, flow.postFields(doc, List.of(ApiFlow.field(ann, "signature", 1, 0, 0),
                ApiFlow.field(amy, "name", 1, 0, 100), ApiFlow.field(amy, "email", 1, 0, 200),
                ApiFlow.field(amy, "date", 1, 0, 300))).statusCode(), "the fields Signet fills at approval");
    }

    @Test
    void saveFields_unusableStructure_invalidData() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.signatureFields(doc, ann);
        String before = flow.get("documents/" + doc + "/fields").body();

        for (String body : List.of("{}", "{\"fields\":{}}", "{\"fields\":\"all\"}", "{\"fields\":[1,2]}",
                "{\"fields\":[[]]}", "{\"fields\":null}")) {
            HttpResponse<String> r = flow.post("documents/" + doc + "/fields", body);
            assertEquals(400, r.statusCode(), body);
            assertEquals("invalid_data", code(r), body);
        }
        assertEquals(before, flow.get("documents/" + doc + "/fields").body());
    }

    @Test
    void saveFields_notJsonObject_restInvalidJson() {
        HttpResponse<String> r = flow.post("documents/" + doc + "/fields", "[{\"fields\":[]}]");

        assertEquals(400, r.statusCode());
        assertEquals("rest_invalid_json", code(r));
    }

    @Test
    void saveFields_everyProblem_listedAsFieldN() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        Map<String, Object> noPage = ApiFlow.field(ann, "text", 1, 0, 0);
        noPage.remove("page_number");
        Map<String, Object> flat = ApiFlow.field(ann, "text", 1, 0, 0);
        flat.put("width", 0);

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field("424242", "signature", 1, 0, 0),
                noPage, ApiFlow.field(ann, "sticker", 1, 0, 0), flat,
                ApiFlow.field(ann, "signature", 1, 500, 820), ApiFlow.field(ann, "dropdown", 1, 0, 0)));

        assertEquals(400, r.statusCode());
        assertEquals("validation_failed", code(r));
        assertEquals(List.of("Field 1: signer_id 424242 is not a signer of this document.",
                "Field 2: page_number is required.", "Field 3: unknown field_type 'sticker'.",
                "Field 4: width must be greater than 0.",
                "Field 5: the field lies outside page 1 (595.28 x 841.89 points).",
                "Field 6: a dropdown needs at least one option."), data(r).get("errors"));
    }

    @Test
    void saveFields_signerOfAnotherDocument_validationFailed() {
        String other = flow.upload("Other", 2);
        String stranger = flow.addSigner(other, "Stranger", "s@example.org", "signer", 1).id();

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(stranger, "signature", 1, 0, 0)));

        assertEquals("validation_failed", code(r));
    }

    @Test
    void saveFields_afterSomeoneSigned_invalidState() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.signatureFields(doc, ann);
        assertEquals(200, flow.postSend(doc).statusCode());
        assertEquals(200, flow.postFields(doc, List.of(ApiFlow.field(ann, "signature", 1, 0, 0)))
                .statusCode(), "fields may still change while nobody has signed");
        flow.markSigned(Long.parseLong(ann), "198.51.100.1", "Browser");

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(ann, "signature", 1, 50, 50)));

        assertEquals(400, r.statusCode());
        assertEquals("invalid_state", code(r));
        assertEquals("0", ((Map<?, ?>) array(flow.get("documents/" + doc + "/fields")).get(0)).get("position_x"));
    }

    @Test
    void saveFields_terminalDocument_invalidState() {
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.expiresIn(doc, Duration.ofMinutes(5));
        signet.clock().advance(Duration.ofMinutes(6));
        assertEquals(200, flow.post("documents/" + doc + "/expire", null).statusCode());

        HttpResponse<String> r = flow.postFields(doc, List.of(ApiFlow.field(ann, "signature", 1, 0, 0)));

        assertEquals(400, r.statusCode());
        assertEquals("invalid_state", code(r));
        assertTrue(array(flow.get("documents/" + doc + "/fields")).isEmpty());
    }

    @Test
    void addSigner_language_storedReturnedAndCarriedByTheSigningUrl() {
        Map<String, Object> made = object(add(with(ann(), "language", "de")));

        assertEquals("de", made.get("language"));
        assertTrue(((String) made.get("signing_url")).endsWith("?lang=de"), (String) made.get("signing_url"));
        Map<?, ?> listed = (Map<?, ?>) array(flow.get("documents/" + doc + "/signers")).get(0);
        assertEquals("de", listed.get("language"));
        assertEquals(made.get("signing_url"), listed.get("signing_url"));
        assertEquals("de", ((Map<?, ?>) ((List<?>) flow.document(doc).get("signers")).get(0)).get("language"));
    }

    @Test
    void addSigner_withoutLanguage_nullAndAPlainSigningUrl() {
        Map<String, Object> made = object(add(ann()));

        assertTrue(made.containsKey("language"));
        assertEquals(null, made.get("language"));
        assertFalse(((String) made.get("signing_url")).contains("?"), (String) made.get("signing_url"));
    }

    @Test
    void addSigner_unknownLanguage_invalidParamAndNoSignerAdded() {
        for (Object bad : new Object[] {"it", "DE", "de-CH", "", 7, true, List.of("de")}) {
            assertInvalidParam(add(with(ann(), "language", bad)), "language");
        }
        assertEquals(List.of(), array(flow.get("documents/" + doc + "/signers")));
    }

    @Test
    void updateSigner_language_setChangedAndCleared() {
        String id = (String) object(add(ann())).get("id");
        String path = "documents/" + doc + "/signers/" + id;

        Map<String, Object> french = object(flow.put(path, Map.of("language", "fr")));
        Map<String, Object> spanish = object(flow.put(path, Map.of("language", "es")));
        Map<String, Object> untouched = object(flow.put(path, Map.of()));
        Map<String, Object> cleared = object(flow.put(path, with(Map.of(), "language", null)));

        assertEquals("fr", french.get("language"));
        assertTrue(((String) french.get("signing_url")).endsWith("?lang=fr"));
        assertEquals("es", spanish.get("language"));
        assertEquals("es", untouched.get("language"));
        assertEquals(null, cleared.get("language"));
        assertFalse(((String) cleared.get("signing_url")).contains("?lang="));
        assertEquals(null, ((Map<?, ?>) array(flow.get("documents/" + doc + "/signers")).get(0)).get("language"));
    }

    @Test
    void updateSigner_unknownLanguage_invalidParamAndUnchanged() {
        String id = (String) object(add(with(ann(), "language", "de"))).get("id");
        String path = "documents/" + doc + "/signers/" + id;

        for (Object bad : new Object[] {"pt", "En", 1, Map.of()}) {
            assertInvalidParam(flow.put(path, Map.of("language", bad)), "language");
        }
        assertEquals("de", ((Map<?, ?>) array(flow.get("documents/" + doc + "/signers")).get(0)).get("language"));
    }

    /** The other way to a link asking for an administrator's password: changing a signer once added. */
    @Test
    void updateSigner_toRequireAdministratorsLogin_neverTakesEffect() {
        signet.server().app.users().add("admin@example.org", "Admin", true, null);
        Map<String, Object> admin = ApiFlow.signerBody("Admin", "admin@example.org", "viewer", 1);
        String asAdmin = (String) object(add(admin)).get("id");
        String asAnn = (String) object(add(ann())).get("id");

        HttpResponse<String> login = flow.put("documents/" + doc + "/signers/" + asAdmin,
                Map.of("require_wp_login", true));
        // A new email hands the place over to another administrator, which never brings a login gate with it.
        signet.server().app.users().add("root@example.org", "Root", true, null);
        HttpResponse<String> email = flow.put("documents/" + doc + "/signers/" + asAnn,
                Map.of("name", "Root", "email", "root@example.org", "require_wp_login", true));

        // A signer's change takes no require_wp_login: it is refused by name, and nothing is changed.
        for (HttpResponse<String> r : List.of(login, email)) {
            assertEquals(400, r.statusCode(), r.body());
            assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("require_wp_login"), r.body());
        }
        for (String id : List.of(asAdmin, asAnn)) {
            var stored = flow.signers().find(Long.parseLong(id)).orElseThrow();
            assertFalse(stored.requireLogin() && (stored.email().equalsIgnoreCase("admin@example.org")
                    || stored.email().equalsIgnoreCase("root@example.org")), id);
        }
    }

    @Test
    void updateSigner_ofAnotherDocument_notFound() {
        String id = (String) object(add(ann())).get("id");
        String other = flow.upload("Other", 1);

        HttpResponse<String> r = flow.put("documents/" + other + "/signers/" + id, Map.of("language", "fr"));

        assertEquals(404, r.statusCode(), r.body());
        assertEquals(null, ((Map<?, ?>) array(flow.get("documents/" + doc + "/signers")).get(0)).get("language"));
    }
}
