package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.signet.crypto.Passwords;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.support.DocExamples;
import org.signet.support.TestServer;

/**
 * The curl examples of the README's tour and of docs/guide.md (using the interface), copied from the
 * page that shows them and run by bash and curl, in the pages' order, against a site seeded as
 * {@code demo} seeds it: each answers what its page says, and no step is refused. Placeholders the pages explain ({@code SIGNER_1},
 * {@code DOC}) take the ids the earlier answers gave, as a reader's would.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReadmeExamplesTest {
    @TempDir
    static Path dir;
    private static TestServer demo;
    private static String prelude;
    private static final Map<String, String> placeholders = new LinkedHashMap<>();

    @BeforeAll
    static void startDemo() throws Exception {
        demo = TestServer.start(dir.resolve("demo-data"), "webhooks.allow_private=true");
        DemoSeed.Accounts accounts = new DemoSeed(demo.app).seedAccounts(Passwords.hash(DemoCommand.PASSWORD.toCharArray()));
        new DemoDocuments(new DemoClient(demo.app.baseUrl(), accounts.userFull().key().key(),
                accounts.userFull().secret())).seed();
        Files.createSymbolicLink(dir.resolve("sample-data"), Path.of("sample-data").toAbsolutePath());
        // The Quickstart's three variables, with the key the demo prints for sam@example.com; uuidgen where the machine lacks it.
        prelude = "BASE=" + demo.app.baseUrl() + "\nAUTH=(-H \"X-WPS-API-Key: " + accounts.userFull().key().key()
                + "\" -H \"X-WPS-API-Secret: " + accounts.userFull().secret() + "\")\n"
                + "JSON=(-H \"Content-Type: application/json\")\n"
                + "command -v uuidgen >/dev/null || uuidgen() { cat /proc/sys/kernel/random/uuid; }\n";
    }

    @AfterAll
    static void stop() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    @Order(1)
    void quickstart_uploadIsDocument7AndTheSignersFieldsAndSendAreAccepted() throws Exception {
        List<String> upload = run(DocExamples.block(DocExamples.README, "-F title=\"My NDA\""));
        assertEquals("7", answer(upload.get(0)).get("id"), "the README's tour says the upload is document 7 on the demo");

        List<String> signers = DocExamples.block(DocExamples.README, "$BASE/documents/7/signers");
        runCapturingSigners(signers);
    }

    @Test
    @Order(2)
    void fieldsFromThePdf_theSampleFormsFieldsSavedForTheSignersAdded() throws Exception {
        List<String> block = DocExamples.block(DocExamples.GUIDE, "order-form.pdf");
        String upload = runOne(commands(block).get(0));
        Map<String, Object> uploaded = answer(upload);
        assertFalse(((List<?>) uploaded.get("detected_fields")).isEmpty(), upload);
        placeholders.put("DOC", (String) uploaded.get("id"));

        runCapturingSigners(commands(block).subList(1, commands(block).size()));
    }

    @Test
    @Order(3)
    void templates_madeFromTheDocumentAndTheDemosTemplateSends() throws Exception {
        List<String> answers = run(DocExamples.block(DocExamples.GUIDE, "\"name\":\"Mutual NDA\""));
        assertEquals(true, answer(answers.get(2)).get("sent"), answers.get(2));
    }

    @Test
    @Order(4)
    void bulkSend_answersTheIdTheReadmeShows() throws Exception {
        List<String> block = DocExamples.block(DocExamples.GUIDE, "bulk-sends");
        List<String> answers = run(block);
        for (int i = 0; i < answers.size(); i++) {
            Matcher shown = Pattern.compile("#\\s*(\\{.*\\})\\s*$").matcher(commands(block).get(i));
            if (shown.find()) {
                assertEquals(Json.parse(shown.group(1)), Json.parse(answers.get(i)), commands(block).get(i));
            }
        }
    }

    @Test
    @Order(5)
    void idempotency_theRetryGetsTheFirstAnswerReplayed() throws Exception {
        List<String> block = DocExamples.block(DocExamples.GUIDE, "Idempotency-Key: $KEY");
        String out = runOne(String.join("\n", block) + "\n");

        String first = out.substring(0, out.indexOf("HTTP/1.1"));
        String replayed = out.substring(out.indexOf("HTTP/1.1"));
        assertEquals("sent", answer(first).get("status"), out);
        assertTrue(replayed.startsWith("HTTP/1.1 201"), replayed);
        assertTrue(replayed.toLowerCase().contains("idempotent-replayed: true"), replayed);
        assertTrue(replayed.endsWith(first), "the same body again:\n" + out);
    }

    @Test
    @Order(6)
    void ownIds_theUploadCarriesThemAndTheLookupFindsIt() throws Exception {
        List<String> answers = run(DocExamples.block(DocExamples.GUIDE, "external_id=crm-4711"));
        Map<String, Object> uploaded = answer(answers.get(0));
        assertEquals("crm-4711", uploaded.get("external_id"), answers.get(0));
        assertEquals(Map.of("account", "ACME", "deal", "Q3-17"), uploaded.get("metadata"), answers.get(0));
        List<?> found = (List<?>) Json.parse(answers.get(1).strip());
        assertEquals(1, found.size(), answers.get(1));
        assertEquals(uploaded.get("id"), ((Map<?, ?>) found.get(0)).get("id"), answers.get(1));
    }

    @Test
    @Order(7)
    void yourData_theDocumentsOwnPeriodAndAHoldPlacedReadAndReleased() throws Exception {
        List<String> answers = run(DocExamples.block(DocExamples.README, "$BASE/documents/7/hold"));

        assertEquals("3650", answer(answers.get(0)).get("retention_days"));
        assertEquals(true, answer(answers.get(1)).get("held"));
        assertEquals("Dispute over the deposit", answer(answers.get(2)).get("reason"));
        assertEquals(false, answer(answers.get(3)).get("held"));
    }

    @Test
    @Order(8)
    void severalFiles_theSecondFileAddedToTheDraft() throws Exception {
        List<String> block = DocExamples.block(DocExamples.README, "/documents/DRAFT/files");
        placeholders.put("DRAFT", (String) answer(runOne(commands(block).get(0))).get("id"));

        Map<String, Object> draft = answer(runOne(commands(block).get(1)));

        List<?> files = (List<?>) draft.get("files");
        assertEquals(List.of("mutual-nda.pdf", "floor-plan.png"), files.stream().map(f -> ((Map<?, ?>) f).get("name"))
                .toList(), draft.toString());
    }

    @Test
    @Order(9)
    void rulesOnFields_aRadioANumberOnItsConditionAndAPatternSavedOnTheDraft() throws Exception {
        List<String> block = DocExamples.block(DocExamples.README, "\"field_type\":\"radio\"");
        List<String> commands = commands(block);
        placeholders.put("SIGNER", (String) answer(runOne(commands.get(0))).get("id"));

        List<?> fields = (List<?>) Json.parse(runOne(commands.get(1)).strip());

        assertEquals(4, fields.size(), fields.toString());
        Map<?, ?> seats = (Map<?, ?>) fields.get(2);
        assertEquals("number", seats.get("field_type"));
        assertEquals("Plan", ((Map<?, ?>) seats.get("condition")).get("field_name"));
        assertEquals("[0-9]{5}", ((Map<?, ?>) ((Map<?, ?>) fields.get(3)).get("validation")).get("pattern"));
    }

    @Test
    @Order(10)
    void teams_madeAMemberAddedThenTheGuidesUploadMoveListRoleAndKey() throws Exception {
        List<String> readme = commands(DocExamples.block(DocExamples.README, "$BASE/teams"));
        Map<String, Object> team = answer(runOne(readme.get(0)));
        assertEquals("owner", team.get("role"));
        placeholders.put("TEAM", (String) team.get("id"));
        Map<String, Object> member = answer(runOne(readme.get(1)));
        assertEquals("viewer", member.get("role"));
        placeholders.put("USER", (String) member.get("user_id"));

        List<String> answers = run(DocExamples.block(DocExamples.GUIDE, "-F team_id=TEAM"));

        assertEquals(team.get("id"), answer(answers.get(0)).get("team_id"), answers.get(0));
        assertEquals(team.get("id"), answer(answers.get(1)).get("team_id"), answers.get(1));
        assertEquals(2, ((List<?>) Json.parse(answers.get(2).strip())).size(), answers.get(2));
        assertEquals("member", answer(answers.get(3)).get("role"), answers.get(3));
        assertFalse(((String) answer(answers.get(4)).get("secret")).isEmpty(), answers.get(4));
    }

    /** Runs the signer calls and what follows them, each signer's id becoming SIGNER_1, SIGNER_2 in turn. */
    private static void runCapturingSigners(List<String> commands) throws Exception {
        int signer = 0;
        for (String command : commands(commands)) {
            String out = runOne(command);
            if (command.contains("/signers") && command.contains("signing_order")) {
                placeholders.put("SIGNER_" + ++signer, (String) answer(out).get("id"));
            }
        }
    }

    /** Runs each command of {@code block} and returns what each printed, failing at the first refusal. */
    private static List<String> run(List<String> block) throws Exception {
        List<String> answers = new ArrayList<>();
        for (String command : commands(block)) {
            answers.add(runOne(command));
        }
        return answers;
    }

    /** The commands of a block: lines continued with a backslash joined, variable assignments kept before each. */
    private static List<String> commands(List<String> block) {
        List<String> commands = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : block) {
            current.append(line).append('\n');
            if (!line.endsWith("\\") && balancedQuotes(current)) {
                commands.add(current.toString());
                current.setLength(0);
            }
        }
        return commands;
    }

    private static boolean balancedQuotes(CharSequence text) {
        return text.chars().filter(c -> c == '\'').count() % 2 == 0;
    }

    private static String runOne(String command) throws IOException, InterruptedException {
        String script = command;
        for (Map.Entry<String, String> p : placeholders.entrySet()) {
            script = script.replace(p.getKey(), p.getValue());
        }
        Path out = Files.createTempFile(dir, "out-", ".txt");
        Process p = new ProcessBuilder("bash", "-c", "set -e\n" + prelude + script).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), script);
        String printed = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), script + printed);
        assertFalse(printed.contains("\"code\":") && printed.contains("\"status\":4"), "refused:\n" + script + printed);
        return printed;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> answer(String printed) throws JsonSyntaxException {
        return (Map<String, Object>) Json.parse(printed.strip());
    }
}
