package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.Waits;
import org.signet.support.WebhookReceiver;

/** Bulk sends end to end: every row checked first, a clean set made and sent in the background, across a restart. */
class BulkSendsApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private static final String HEADER = "signer1_name,signer1_email,company,external_id,expires_at";

    private TestServer.Account owner;
    private ApiFlow flow;
    private WebhookReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        owner = signet.server().account("owner@example.org", false, 1_000_000);
        flow = new ApiFlow(signet.server(), owner.full(), signet.clock());
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    /** A template of one slot with a signature and a text field whose variable key is "company". */
    private long template() {
        return template(flow);
    }

    private static long template(ApiFlow as) {
        String doc = as.upload("Service contract", 1);
        Party ann = as.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        Map<String, Object> company = ApiFlow.field(ann.id(), "text", 1, 72, 100, 250, 30);
        company.put("field_name", "Company");
        as.saveFields(doc, List.of(ApiFlow.field(ann.id(), "signature", 1, 72, 600, 200, 60), company));
        Map<String, Object> t = expectObject(201, as.post("templates", Map.of("document_id", Long.parseLong(doc),
                "name", "Contract")));
        return ((Number) t.get("id")).longValue();
    }

    private static List<Map<String, Object>> jsonRows(int count) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            rows.add(Map.of("signer1_name", "Person " + n, "signer1_email", "p" + n + "@example.org"));
        }
        return rows;
    }

    private HttpResponse<String> postCsv(long template, String csv) {
        return signet.server().postMultipart("templates/" + template + "/bulk-sends", owner.full(), new Multipart()
                .file("file", "rows.csv", "text/csv", csv.getBytes(StandardCharsets.UTF_8)));
    }

    private static String csvRows(int count, Set<Integer> bad) {
        StringBuilder csv = new StringBuilder(HEADER).append("\r\n");
        for (int n = 1; n <= count; n++) {
            String email = bad.contains(n) && n % 3 == 1 ? "not-an-address" : "p" + n + "@example.org";
            String name = bad.contains(n) && n % 3 == 2 ? "" : "\"Person, " + n + "\"";
            String expires = bad.contains(n) && n % 3 == 0 ? "2020-01-01 00:00:00" : "2030-03-01 12:00:00";
            csv.append(name).append(',').append(email).append(",\"Acme \"\"").append(n).append("\"\"\",row-")
                    .append(n).append(',').append(expires).append("\r\n");
        }
        return csv.toString();
    }

    private long count(String sql) {
        return signet.server().app.database().queryLong(sql);
    }

    private Map<String, Object> bulk(TestServer s, Object id) {
        return expectObject(200, s.get("bulk-sends/" + id, owner.full()));
    }

    private static int number(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).intValue();
    }

    @Test
    void csv_thousandRowsThreeBad_refusedWhole_thenCleanCompletedAcrossRestart() throws Exception {
        long template = template();
        expectObject(201, flow.post("webhooks", Map.of("url", receiver.url(), "events", List.of("bulk_send.completed"))));
        long documentsBefore = count("SELECT count(*) FROM documents");

        HttpResponse<String> refused = postCsv(template, csvRows(1000, Set.of(10, 500, 999)));

        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals("validation_failed", code(refused));
        List<?> errors = (List<?>) data(refused).get("errors");
        assertEquals(3, errors.size(), errors.toString());
        assertTrue(errors.get(0).toString().startsWith("Row 10: signer1_email"), errors.toString());
        assertTrue(errors.get(1).toString().startsWith("Row 500: signer1_name is required"), errors.toString());
        assertTrue(errors.get(2).toString().startsWith("Row 999: expires_at must be in the future"), errors.toString());
        assertEquals(documentsBefore, count("SELECT count(*) FROM documents"), "nothing made");
        assertEquals(0, count("SELECT count(*) FROM bulk_sends"));

        Map<String, Object> started = expectObject(200, postCsv(template, csvRows(1000, Set.of())));
        assertEquals("running", started.get("status"));
        assertEquals(1000, number(started, "total"));
        Object id = started.get("id");
        Waits.awaitUntil(() -> number(bulk(signet.server(), id), "created") >= 20, "the first rows made",
                Duration.ofSeconds(120), Duration.ofMillis(50));
        signet.start();
        Map<String, Object> resumed = bulk(signet.server(), id);
        assertTrue(number(resumed, "created") < 1000, "stopped part way: " + resumed.get("created"));
        Waits.awaitUntil(() -> "completed".equals(bulk(signet.server(), id).get("status")), "the bulk send completed",
                Duration.ofSeconds(600), Duration.ofMillis(500));

        Map<String, Object> done = bulk(signet.server(), id);
        assertEquals(1000, number(done, "created"));
        assertEquals(0, number(done, "failed"));
        List<?> rows = (List<?>) done.get("rows");
        Set<Object> documents = new HashSet<>();
        rows.forEach(r -> documents.add(((Map<?, ?>) r).get("document_id")));
        assertEquals(1000, documents.size(), "one document per row");
        assertEquals(1000, count("SELECT count(DISTINCT external_id) FROM documents WHERE external_id LIKE 'row-%'"));
        assertEquals(1000, count("SELECT count(*) FROM documents WHERE external_id LIKE 'row-%' AND status = 'sent'"),
                "never made twice, each sent");
        Map<?, ?> row7 = (Map<?, ?>) rows.get(6);
        Map<String, Object> doc7 = expectObject(200, signet.server().get("documents/" + row7.get("document_id"), owner.full()));
        assertEquals("row-7", doc7.get("external_id"));
        Map<?, ?> signer = (Map<?, ?>) ((List<?>) doc7.get("signers")).get(0);
        assertEquals("Person, 7", signer.get("name"));
        assertTrue(((List<?>) doc7.get("fields")).stream()
                .anyMatch(f -> "Acme \"7\"".equals(((Map<?, ?>) f).get("value"))), "variable prefilled: " + doc7);
        WebhookReceiver.Received heard = receiver.next(Duration.ofSeconds(60));
        assertEquals("bulk_send.completed", heard.event());
        assertEquals(id, heard.data().get("bulk_send_id"));
        assertEquals(1000, ((Number) heard.data().get("created")).intValue());
    }

    @Test
    void rateLimit_eachRowCounts_aRunPastTheKeysHourRefusedBeforeAnyRow() {
        TestServer.Account limited = signet.server().account("limited@example.org", false, 30);
        ApiFlow as = new ApiFlow(signet.server(), limited.full(), signet.clock());
        long template = template(as);
        int left = Integer.parseInt(as.get("stats").headers().firstValue("X-RateLimit-Remaining").orElseThrow());
        long documentsBefore = count("SELECT count(*) FROM documents");

        HttpResponse<String> refused = as.post("templates/" + template + "/bulk-sends", Map.of("rows", jsonRows(left + 1)));

        assertEquals(429, refused.statusCode(), refused.body());
        assertEquals("rate_limit_exceeded", code(refused));
        assertTrue(TestServer.object(refused).get("message").toString().startsWith("Rate limit exceeded: this request"
                + " counts as " + (left + 1) + " of the key's 30 requests an hour, and " + left + " were left"),
                refused.body());
        assertEquals(String.valueOf(left - 1), refused.headers().firstValue("X-RateLimit-Remaining").orElseThrow(),
                "the refused request counts once, its rows not at all");
        assertTrue(refused.headers().firstValue("Retry-After").isPresent());
        assertEquals(0, count("SELECT count(*) FROM bulk_sends"), "no run started");
        assertEquals(documentsBefore, count("SELECT count(*) FROM documents"), "no row made");

        HttpResponse<String> fits = as.post("templates/" + template + "/bulk-sends", Map.of("rows", jsonRows(left - 1)));

        assertEquals(200, fits.statusCode(), fits.body());
        assertEquals("0", fits.headers().firstValue("X-RateLimit-Remaining").orElseThrow(), "one use per row");
        assertEquals(429, as.get("stats").statusCode(), "the key's hour is spent");
    }

    @Test
    void json_rowsWithMetadata_madeAndShownPerRow() {
        long template = template();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("signer1_name", "Bea Baker");
        row.put("signer1_email", "bea@example.org");
        row.put("company", "Baker Ltd");
        row.put("external_id", "crm-9");
        row.put("metadata", Map.of("deal", "Q3"));

        Map<String, Object> started = expectObject(200, flow.post("templates/" + template + "/bulk-sends",
                Map.of("rows", List.of(row))));
        Waits.awaitUntil(() -> "completed".equals(bulk(signet.server(), started.get("id")).get("status")), "completed");

        Map<String, Object> done = bulk(signet.server(), started.get("id"));
        assertEquals("completed", done.get("status"));
        assertEquals(template, ((Number) done.get("template_id")).longValue());
        Map<?, ?> only = (Map<?, ?>) ((List<?>) done.get("rows")).get(0);
        assertEquals("created", only.get("status"));
        assertNull(only.get("error"));
        Map<String, Object> doc = flow.document((String) only.get("document_id"));
        assertEquals("sent", doc.get("status"));
        assertEquals(Map.of("deal", "Q3"), doc.get("metadata"));
        assertEquals("Contract", doc.get("title"));
    }

    @Test
    void csv_headerProblems_reportedOnce() {
        long template = template();

        HttpResponse<String> r = postCsv(template, "\uFEFFsigner1_name,colour\r\nAnn,blue\r\n");

        assertEquals("validation_failed", code(r), r.body());
        List<?> errors = (List<?>) data(r).get("errors");
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(0).toString().startsWith("Header: unknown column colour"), errors.toString());
        assertEquals("Header: the column signer1_email is missing.", errors.get(1));
    }

    @Test
    void csv_notCsvOrEmptyOrTooLong_refused() {
        long template = template();

        assertEquals("Line 2: a quoted field is not closed.", firstError(postCsv(template,
                HEADER + "\n\"Ann,ann@example.org,x,y,\n")));
        assertEquals("The file is empty: it needs a header row and a row per document.",
                firstError(postCsv(template, "\r\n")));
        assertEquals("The file has more than 1000 rows.", firstError(postCsv(template, csvRows(1001, Set.of()))));
        HttpResponse<String> latin1 = signet.server().postMultipart("templates/" + template + "/bulk-sends", owner.full(),
                new Multipart().file("file", "rows.csv", "text/csv", (HEADER + "\nJos\u00e9,j@example.org,,,\n")
                        .getBytes(StandardCharsets.ISO_8859_1)));
        assertTrue(firstError(latin1).contains("not UTF-8"), latin1.body());
        assertEquals(0, count("SELECT count(*) FROM bulk_sends"));
    }

    @Test
    void csv_rowWithTooFewValues_named() {
        long template = template();

        HttpResponse<String> r = postCsv(template, HEADER + "\nAnn,ann@example.org\n");

        assertEquals("Row 1: 2 values where the header has 5.", firstError(r));
    }

    private static String firstError(HttpResponse<String> r) {
        assertEquals("validation_failed", code(r), r.body());
        return String.valueOf(((List<?>) data(r).get("errors")).get(0));
    }

    @Test
    void json_unknownVariableValueAndColumn_reportedPerRow() {
        long template = template();
        Map<String, Object> good = Map.of("signer1_name", "Ann", "signer1_email", "ann@example.org");
        Map<String, Object> unknown = Map.of("signer1_name", "Bob", "signer1_email", "bob@example.org", "colour", "red");

        HttpResponse<String> r = flow.post("templates/" + template + "/bulk-sends", Map.of("rows",
                List.of(good, unknown, Map.of("signer1_email", "x"))));

        List<?> errors = (List<?>) data(r).get("errors");
        assertEquals(List.of("Row 2: unknown column colour.", "Row 3: signer1_name is required.",
                "Row 3: signer1_email is not a valid email address."), errors);
    }

    @Test
    void json_thousandsOfProblems_firstTwentyListedAndTheRestCounted() {
        long template = template();
        Map<String, Object> row = new LinkedHashMap<>(Map.of("signer1_name", "Ann", "signer1_email", "ann@example.org"));
        for (int i = 0; i < 5_000; i++) {
            row.put("u" + i, "x");
        }

        HttpResponse<String> r = flow.post("templates/" + template + "/bulk-sends", Map.of("rows", List.of(row)));

        assertEquals("validation_failed", code(r), r.body());
        assertEquals(20, ((List<?>) data(r).get("errors")).size());
        assertEquals(4_980, ((Number) data(r).get("errors_not_listed")).intValue());
        assertTrue(r.body().contains("5000 problem(s)"), r.body());
    }

    @Test
    void json_noRows_refused() {
        long template = template();

        assertEquals("There are no rows to send.", firstError(flow.post("templates/" + template + "/bulk-sends",
                Map.of("rows", List.of()))));
        assertEquals("rest_missing_callback_param", code(flow.post("templates/" + template + "/bulk-sends", Map.of())));
    }

    @Test
    void ownership_notFoundThenForbidden() {
        long template = template();
        ApiFlow other = signet.flow("other@example.org", false);
        Map<String, Object> row = Map.of("signer1_name", "Ann", "signer1_email", "ann@example.org");
        Object id = expectObject(200, flow.post("templates/" + template + "/bulk-sends",
                Map.of("rows", List.of(row)))).get("id");

        assertEquals(403, other.post("templates/" + template + "/bulk-sends", Map.of("rows", List.of(row))).statusCode());
        assertEquals(404, flow.post("templates/999/bulk-sends", Map.of("rows", List.of(row))).statusCode());
        assertEquals(403, other.get("bulk-sends/" + id).statusCode());
        assertEquals(404, flow.get("bulk-sends/999").statusCode());
    }
}
