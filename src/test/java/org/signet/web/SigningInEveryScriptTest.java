package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Multipart;
import org.signet.support.OwnFonts;
import org.signet.support.Party;
import org.signet.support.ScriptText;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * Signing in every script people sign in, through the real server to the sealed PDF: the title, the
 * signer's name, a typed signature and a text value come back out of the sealed file as they were
 * typed, drawn with no empty box and no question mark; and a character no font can draw (U+E000,
 * private use) is refused where it is entered, naming the parameter.
 */
class SigningInEveryScriptTest {
    /** Private use: no font has an agreed glyph for it. */
    private static final String UNDRAWABLE = "\uE000";

    /** Which characters no font draws depends on the fonts: only Signet's script fonts, never the machine's others. */
    @RegisterExtension
    static final OwnFonts FONTS = new OwnFonts();

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running(() -> new String[] {FONTS.setting()}).at(Instant.now())
            .owner("owner@example.com");

    private static TestServer server;
    private static ApiFlow flow;
    private static TestServer.Credentials key;

    /** What one signer types in one script: no punctuation beside right-to-left words, which extractors misplace. */
    enum Script {
        LATIN("Kaufvertrag für Łódź", "Zoë Ñúñez-Łukasiewicz", "Z. Ñúñez-Łukasiewicz", "Đặng Thị Hương crème brûlée"),
        GREEK("Σύμβαση συνεργασίας", "Γιώργος Παπαδόπουλος", "Γ. Παπαδόπουλος", "Συμφωνώ με τους όρους"),
        CYRILLIC("Договор аренды", "Иван Петрович Сидоров", "И. Сидоров", "Согласен с условиями"),
        HEBREW("חוזה שכירות", "דוד כהן", "דוד הכהן", "שָׁלוֹם אני מסכים לתנאים"),
        ARABIC("عقد إيجار", "محمد بن عبد الله", "محمد العبد", "أوافق على الشروط لا"),
        CHINESE("租赁合同", "王小明", "王明", "我同意以上条款"),
        JAPANESE("業務委託契約書", "山田太郎", "山田 太郎", "上記の条件に同意します カタカナ"),
        KOREAN("임대 계약서", "김민준", "민준 김", "위 조건에 동의합니다"),
        DEVANAGARI("किराया अनुबंध", "राजेश कुमार", "आर कुमार", "मैं शर्तों से सहमत हूँ क्षत्रिय");

        final String title;
        final String name;
        final String typed;
        final String value;

        Script(String title, String name, String typed, String value) {
            this.title = title;
            this.name = name;
            this.typed = typed;
            this.value = value;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = signet.server();
        flow = signet.flow();
        key = flow.key;
    }

    @BeforeEach
    void fonts() {
        ScriptText.assumeFontsInstalled();
    }

    @ParameterizedTest
    @EnumSource(Script.class)
    void sign_inScript_sealedPdfGivesBackEveryTextWithoutBoxesOrQuestionMarks(Script s) throws Exception {
        byte[] pdf = signAndSeal(s.title, s.name, s.typed, s.value);

        String text = ScriptText.pdftotext(pdf, signet.dir());
        for (String typed : List.of(s.title, s.name, s.typed, s.value)) {
            assertTrue(text.contains(typed), "the sealed PDF gives back \"" + typed + "\":\n" + text);
        }
        assertFalse(text.contains("?") || text.contains("\uFFFD"), "no replacement drawn:\n" + text);
        assertEquals(List.of(), ScriptText.notdefGlyphs(pdf), "no glyph drawn as an empty box");
    }

    /**
     * Scripts mixed in one value. Each word comes back whole; the order of words across a change of
     * direction is pdftotext's guess (it reverses a right-to-left stretch of a line together with the
     * spaces and digits beside it), so only the words are compared.
     */
    @Test
    void sign_mixedScriptsInOneValue_everyWordComesBackWithoutBoxesOrQuestionMarks() throws Exception {
        List<String> typed = List.of("契約書 عقد Договор", "山田太郎 محمد Иван", "Ann محمد", "Ann Smith محمد 42");
        byte[] pdf = signAndSeal(typed.get(0), typed.get(1), typed.get(2), typed.get(3));

        String text = ScriptText.pdftotext(pdf, signet.dir());
        for (String word : String.join(" ", typed).split(" ")) {
            assertTrue(text.contains(word), "the sealed PDF gives back \"" + word + "\":\n" + text);
        }
        assertFalse(text.contains("?") || text.contains("\uFFFD"), "no replacement drawn:\n" + text);
        assertEquals(List.of(), ScriptText.notdefGlyphs(pdf), "no glyph drawn as an empty box");
    }

    /** One document titled {@code title}, signed by {@code name} with a typed signature and a text value; the sealed PDF. */
    private static byte[] signAndSeal(String title, String name, String typed, String value) {
        DocumentSetup doc = DocumentSetup.upload(flow, title, 1);
        Party p = flow.addSigner(doc.id(), name, "signer-" + doc.id() + "@example.com", "signer", 1);
        doc.field(p, "text", 1, 72, 120, 400, 30).field(p, "name", 1, 72, 200, 300, 30)
                .field(p, "signature", 1, 72, 300, 240, 70).send();

        expect(200, doc.signing(p, "POST", "submit", Map.of("consent", true,
                "values", Map.of(doc.fieldId(p, "text"), value), "signature", Map.of("method", "type", "text", typed))));
        doc.sealed();
        assertEquals(title, doc.document().get("title"));
        return SealedFile.download(server, key, doc.id());
    }

    @Test
    void upload_titleNoFontCanDraw_refused400NamingTitle() {
        HttpResponse<String> r = server.send(new Multipart().text("title", "Lease " + UNDRAWABLE)
                .file("file", "lease.pdf", "application/pdf", TestFiles.pdf(1))
                .post(server.request("documents/upload", key)).build());

        assertRefused(r, "title");
    }

    @Test
    void update_titleNoFontCanDraw_refused400NamingTitleAndKeepsTheOld() {
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);

        assertRefused(flow.put("documents/" + doc.id(), Map.of("title", "Lease " + UNDRAWABLE)), "title");
        assertEquals("Lease", doc.document().get("title"));
    }

    @Test
    void addSigner_nameNoFontCanDraw_refused400NamingName() {
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);

        assertRefused(flow.postSigner(doc.id(), ApiFlow.signerBody("Ann " + UNDRAWABLE, "ann@example.com", "signer", 1)),
                "name");
        assertEquals(List.of(), flow.signerRecords(doc.id()).keySet().stream().toList());
    }

    @Test
    void submit_valueOrTypedSignatureNoFontCanDraw_refused400NamingItAndNothingSigned() {
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party p = flow.addSigner(doc.id(), "Ann Able", "ann.able@example.com", "signer", 1);
        doc.field(p, "text", 1, 72, 120, 400, 30).field(p, "signature", 1, 72, 300, 240, 70).send();
        String field = doc.fieldId(p, "text");

        HttpResponse<String> value = doc.signing(p, "POST", "submit", Map.of("consent", true,
                "values", Map.of(field, "Ann " + UNDRAWABLE), "signature", Map.of("method", "type", "text", "Ann")));
        HttpResponse<String> typed = doc.signing(p, "POST", "submit", Map.of("consent", true,
                "values", Map.of(field, "Ann"), "signature", Map.of("method", "type", "text", "Ann " + UNDRAWABLE)));

        assertRefused(value, "values." + field);
        assertRefused(typed, "signature.text");
        assertEquals("sent", doc.status());
        assertEquals("", doc.value(p, "text"));
    }

    @Test
    void saveFields_dropdownOptionNoFontCanDraw_refused400NamingTheField() {
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party p = flow.addSigner(doc.id(), "Ann Able", "ann.able@example.com", "signer", 1);
        Map<String, Object> dropdown = new java.util.LinkedHashMap<>(ApiFlow.field(p.id(), "dropdown", 1, 72, 72, 150, 30));
        dropdown.put("options", List.of("Basic", "Gold " + UNDRAWABLE));

        HttpResponse<String> r = flow.postFields(doc.id(), List.of(dropdown));

        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("Field 1: options has characters no font can draw: U+E000."), r.body());
    }

    @Test
    void templateDocument_variableOrSignerNameNoFontCanDraw_refused400NamingIt() {
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party p = flow.addSigner(doc.id(), "Ann Able", "ann.able@example.com", "signer", 1);
        Map<String, Object> company = new java.util.LinkedHashMap<>(ApiFlow.field(p.id(), "text", 1, 72, 72, 200, 30));
        company.put("field_name", "Company");
        flow.saveFields(doc.id(), List.of(company));
        Object template = expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc.id()),
                "name", "Lease"))).get("id");

        HttpResponse<String> variable = flow.post("templates/" + template + "/documents", Map.of(
                "variables", Map.of("company", "ACME " + UNDRAWABLE),
                "signers", List.of(Map.of("name", "Ann", "email", "ann@example.com"))));
        HttpResponse<String> signer = flow.post("templates/" + template + "/documents", Map.of(
                "signers", List.of(Map.of("name", "Ann " + UNDRAWABLE, "email", "ann@example.com"))));

        assertRefused(variable, "variables.company");
        assertRefused(signer, "signers[0].name");
    }

    private static void assertRefused(HttpResponse<String> r, String param) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        Object message = ((Map<?, ?>) data(r).get("params")).get(param);
        assertTrue(message instanceof String m && m.contains("has characters no font can draw: U+E000"),
                param + " named with the character: " + r.body());
    }
}
