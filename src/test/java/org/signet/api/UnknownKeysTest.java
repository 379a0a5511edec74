package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiContract;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Every JSON object the interface takes, with one key it does not know beside keys it does: each is
 * 400 {@code rest_invalid_param} naming that key where it stands ({@code fields[0].validaton}), with
 * the detail code {@code unknown_key}, and nothing changes. The table covers every operation the
 * description gives a JSON body, so a new one cannot be left out.
 */
class UnknownKeysTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true", "ratelimit.ip_per_minute=1000");

    /** One request: where it goes, its body as JSON text, and the key the refusal must name. */
    private record Row(String method, String path, String body, String unknown) {
        ApiContract.Server server() {
            return path.startsWith("/") ? ApiContract.Server.SITE : ApiContract.Server.REST;
        }
    }

    private ApiFlow flow;
    private String draft;
    private Party ann;
    private String sent;
    private Party bob;
    private long template;
    private String webhook;
    private String publicToken;
    private String team;
    private long member;

    @BeforeEach
    void start() {
        flow = signet.flow();
        draft = flow.upload("Draft lease", 1);
        ann = flow.addSignerWithSignatureField(draft, "ann@example.org");
        template = ((Number) TestServer.expectObject(201, flow.post("templates",
                Map.of("document_id", draft, "name", "Lease"))).get("id")).longValue();
        sent = flow.upload("Sent lease", 1);
        bob = flow.addSignerWithSignatureField(sent, "bob@example.org");
        flow.send(sent);
        webhook = (String) TestServer.expectObject(201, flow.post("webhooks",
                Map.of("url", "http://127.0.0.1:9/hook", "events", List.of("*")))).get("id");
        String one = flow.upload("Waiver", 1);
        flow.addSignerWithSignatureField(one, "cy@example.org");
        Object waiver = TestServer.expectObject(201, flow.post("templates", Map.of("document_id", one, "name", "Waiver")))
                .get("id");
        String url = (String) TestServer.expectObject(200, flow.post("templates/" + waiver + "/public-link",
                Map.of("enabled", true))).get("url");
        publicToken = url.substring(url.lastIndexOf('/') + 1);
        team = (String) TestServer.expectObject(201, flow.post("teams", Map.of("name", "Sales"))).get("id");
        member = signet.server().account("pat@example.org", false).user().id();
        TestServer.expectObject(201, flow.post("teams/" + team + "/members", Map.of("email", "pat@example.org")));
    }

    private List<Row> rows() {
        String d = "documents/" + draft;
        String t = "templates/" + template;
        String w = "webhooks/" + webhook;
        String link = "/sign/" + bob.token();
        String publicLink = "/p/" + publicToken;
        String field = "{\"signer_id\": \"" + ann.id() + "\", \"field_type\": \"text\", \"page_number\": 1, "
                + "\"position_x\": 72, \"position_y\": 72";
        String slotField = "{\"signer_slot\": 1, \"field_type\": \"text\", \"page_number\": 1, "
                + "\"position_x\": 72, \"position_y\": 72";
        String slotSigner = "{\"name\": \"Cy\", \"email\": \"cy@example.org\"";
        String tm = "teams/" + team;
        return List.of(
                new Row("POST", "teams", "{\"name\": \"T\", \"colour\": \"red\"}", "colour"),
                new Row("PUT", tm, "{\"name\": \"N\", \"title\": \"N\"}", "title"),
                new Row("POST", tm + "/members", "{\"email\": \"pat@example.org\", \"rol\": \"admin\"}", "rol"),
                new Row("PUT", tm + "/members/" + member, "{\"role\": \"admin\", \"roles\": \"admin\"}", "roles"),
                new Row("POST", tm + "/keys", "{\"name\": \"CRM\", \"scope\": \"all\"}", "scope"),
                new Row("POST", d + "/move", "{\"team_id\": \"" + team + "\", \"team\": \"" + team + "\"}", "team"),
                new Row("POST", t + "/move", "{\"team_id\": null, \"to\": \"me\"}", "to"),
                new Row("POST", "documents", "{\"title\": \"T\", \"file_path\": \"x\", \"titel\": \"T\"}", "titel"),
                new Row("PUT", d, "{\"title\": \"New\", \"colour\": \"red\"}", "colour"),
                new Row("POST", d + "/seal", "{\"now\": true}", "now"),
                new Row("POST", d + "/hold", "{\"reason\": \"Dispute\", \"until\": \"2030-01-01\"}", "until"),
                new Row("POST", d + "/signers", "{\"name\": \"Cy\", \"email\": \"cy@example.org\", \"emial\": \"x\"}",
                        "emial"),
                new Row("PUT", d + "/signers/" + ann.id(), "{\"language\": \"de\", \"lang\": \"de\"}", "lang"),
                new Row("POST", d + "/fields", "{\"fields\": [" + field + "}, " + field
                        + ", \"validaton\": {\"pattern\": \"[0-9]{5}\"}}]}", "fields[1].validaton"),
                new Row("POST", d + "/fields", "{\"fields\": [], \"field\": []}", "field"),
                new Row("POST", d + "/send", "{\"notify\": false}", "notify"),
                new Row("POST", d + "/remind", "{\"signer\": \"1\"}", "signer"),
                new Row("POST", d + "/expire", "{\"reason\": \"late\"}", "reason"),
                new Row("POST", "templates", "{\"document_id\": \"" + draft + "\", \"name\": \"T\", \"owner\": 1}",
                        "owner"),
                new Row("PUT", t, "{\"name\": \"N\", \"title\": \"N\"}", "title"),
                new Row("POST", t + "/fields", "{\"fields\": [" + slotField + ", \"signer_id\": 1}]}",
                        "fields[0].signer_id"),
                new Row("POST", t + "/documents", "{\"title\": \"T\", \"signers\": [" + slotSigner
                        + ", \"phone\": \"1\"}]}", "signers[0].phone"),
                new Row("POST", t + "/documents", "{\"title\": \"T\", \"signers\": [" + slotSigner
                        + "}], \"sendd\": true}", "sendd"),
                new Row("POST", t + "/public-link", "{\"enabled\": true, \"enable\": true}", "enable"),
                new Row("POST", publicLink + "/start", "{\"name\": \"Cy\", \"email\": \"cy@example.org\", "
                        + "\"phone\": \"1\"}", "phone"),
                new Row("POST", publicLink + "/verify", "{\"code\": \"123456\", \"codes\": \"1\"}", "codes"),
                new Row("POST", t + "/bulk-sends", "{\"rows\": [], \"dry_run\": true}", "dry_run"),
                new Row("POST", "webhooks", "{\"url\": \"http://127.0.0.1:9/b\", \"events\": [\"*\"], \"secret\": \"s\"}",
                        "secret"),
                new Row("PUT", w, "{\"active\": false, \"enabled\": false}", "enabled"),
                new Row("POST", w + "/rotate-secret", "{\"secret\": \"s\"}", "secret"),
                new Row("POST", w + "/test", "{\"event\": \"document.sent\"}", "event"),
                new Row("POST", w + "/deliveries/1/redeliver", "{\"force\": true}", "force"),
                new Row("POST", link + "/pin", "{\"pin\": \"1234\", \"pincode\": \"1234\"}", "pincode"),
                new Row("POST", link + "/login", "{\"email\": \"bob@example.org\", \"password\": \"p\", \"remember\": 1}",
                        "remember"),
                new Row("POST", link + "/email-code", "{\"code\": \"123456\", \"codes\": \"1\"}", "codes"),
                new Row("POST", link + "/email-code/send", "{\"resend\": true}", "resend"),
                new Row("POST", link + "/submit", "{\"consent\": true, \"values\": {}, \"consnt\": true}", "consnt"),
                new Row("POST", link + "/submit", "{\"consent\": true, \"signature\": {\"method\": \"type\", "
                        + "\"text\": \"Bob\", \"font\": \"Caveat\"}}", "signature.font"),
                new Row("POST", link + "/decline", "{\"reason\": \"No.\", \"why\": \"No.\"}", "why"),
                new Row("POST", link + "/delegate", "{\"name\": \"Cy\", \"email\": \"cy@example.org\", \"reason\": \"Away.\", "
                        + "\"phone\": \"1\"}", "phone"));
    }

    @Test
    void everyJsonObject_unknownKey_400NamingItAndNothingChanges() {
        String before = state();
        for (Row row : rows()) {
            HttpResponse<String> r = send(row);
            String where = row.method() + " " + row.path() + ": " + r.body();
            assertEquals(400, r.statusCode(), where);
            assertEquals("rest_invalid_param", code(r), where);
            assertEquals(Set.of(row.unknown()), ((Map<?, ?>) data(r).get("params")).keySet(), where);
            assertEquals("unknown_key", ((Map<?, ?>) ((Map<?, ?>) data(r).get("details")).get(row.unknown()))
                    .get("code"), where);
        }
        assertEquals(before, state(), "a refused request changed something");
    }

    @Test
    void rows_coverEveryOperationWithAJsonBody() {
        Set<String> covered = new TreeSet<>();
        for (Row row : rows()) {
            covered.add(row.method() + " " + ApiContract.operation(row.server(), row.method(),
                    row.server() == ApiContract.Server.SITE ? row.path() : "/" + row.path()).orElseThrow().template());
        }
        assertEquals(jsonBodyOperations(), covered);
    }

    /** Every operation the description gives a JSON request body, as "METHOD /template". */
    private static Set<String> jsonBodyOperations() {
        Set<String> out = new TreeSet<>();
        ApiContract.description().get("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(
                op -> {
                    if (op.getValue().path("requestBody").path("content").has("application/json")) {
                        out.add(op.getKey().toUpperCase() + " " + p.getKey());
                    }
                }));
        return out;
    }

    private HttpResponse<String> send(Row row) {
        if (row.server() == ApiContract.Server.SITE) {
            return signet.server().send(signet.server().request(row.path(), null)
                    .header("Content-Type", "application/json")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(row.body())).build());
        }
        return row.method().equals("PUT") ? flow.put(row.path(), row.body()) : flow.post(row.path(), row.body());
    }

    /** What the requests could have changed, as the interface reads it back. */
    private String state() {
        List<String> reads = new ArrayList<>();
        for (String path : List.of("documents/" + draft, "documents/" + draft + "/fields", "documents/" + sent,
                "documents/" + sent + "/audit", "documents?per_page=100", "templates/" + template,
                "templates/" + template + "/fields", "templates", "webhooks/" + webhook, "webhooks", "teams",
                "teams/" + team + "/members", "teams/" + team + "/keys")) {
            reads.add(TestServer.expect(200, flow.get(path)).body());
        }
        return String.join("\n", reads);
    }
}
