package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiContract;
import org.signet.support.ApiContract.Server;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/**
 * Every operation {@code openapi.json} describes, asked the ways clients get it wrong and right: without a key,
 * with a Read Only key, with another user's key, for an unknown id, with a body it does not take, past the key's
 * limit, refused by the front, and for the fixture's own resources. Each answer is held to the description by
 * {@link ApiContract} (through {@link TestServer}, or directly for the front's answers, read off the socket):
 * its status and every one of its headers must be described for that operation. Each operation must then have
 * met the statuses those requests earn.
 */
class OpenApiReplayTest {
    private static final Pattern PARAM = Pattern.compile("\\{([a-z_0-9]+)}");
    private static final Map<String, String> UNKNOWN = Map.of("id", "999999", "signer_id", "999999", "field_id",
            "999999", "delivery_id", "999999", "token", "nosuchlink", "file", "1.png", "sha256", "0".repeat(64), "file_id", "999999",
            "user_id", "999999", "key_id", "999999");

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private final List<String> problems = new ArrayList<>();
    private Credentials owner;
    private Credentials read;
    private Credentials other;
    private Credentials limited;
    private Map<String, Map<String, String>> mine;
    private final Map<String, TreeSet<Integer>> met = new TreeMap<>();

    @Test
    void everyOperation_answersOnlyStatusesAndHeadersItsDescriptionLists() throws Exception {
        TestServer server = signet.server();
        ApiFlow flow = signet.flow();
        owner = flow.key;
        read = server.account("reader@example.org", false).read();
        other = server.account("other@example.org", false).full();
        limited = server.account("limited@example.org", false, 1).full();
        server.get("stats", limited);
        mine = resources(flow);

        List<String> deletes = new ArrayList<>();
        for (Server where : Server.values()) {
            for (String operation : ApiContract.operations(where)) {
                String method = operation.substring(0, operation.indexOf(' '));
                String template = operation.substring(operation.indexOf(' ') + 1);
                replay(where, method, template);
                if (method.equals("DELETE")) {
                    deletes.add(template);
                }
            }
        }
        // The deepest first: what a path names goes before what its parent names (a document's hold before its
        // document, a template's public link before its template).
        deletes.sort(java.util.Comparator.comparingInt(String::length).reversed());
        for (String template : deletes) {
            String real = fill(template, mine.get(family(template)));
            expect("DELETE", template, "its owner", 200, () -> server.send(bodiless("DELETE", real, owner)));
        }
        met.forEach((op, statuses) -> System.out.println(op + " " + statuses));
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    private void replay(Server where, String method, String template) {
        TestServer server = signet.server();
        String unknown = fill(template, UNKNOWN);
        JsonNode node = ApiContract.operation(where, method, unknown).orElseThrow().node();
        JsonNode security = node.path("security");
        boolean open = security.isArray() && security.isEmpty();
        boolean write = !method.equals("GET") && !method.equals("HEAD");
        boolean named = PARAM.matcher(template).find();
        String real = mine.containsKey(family(template)) ? fill(template, mine.get(family(template))) : null;
        String any = real != null ? real : unknown;
        if (!open) {
            expect(method, template, "no key", 401, () -> server.send(bodiless(method, any, null)));
            expect(method, template, "a key past its limit", 429,
                    () -> server.send(bodiless(method, any, limited)));
            if (write) {
                expect(method, template, "a Read Only key", 403, () -> server.send(bodiless(method, any, read)));
            }
        }
        if (named) {
            // Where a body is required, its absence may be refused before the id is looked up.
            int notFound = node.path("requestBody").path("required").asBoolean(false) ? 0 : 404;
            expect(method, template, "an unknown id", notFound, () -> server.send(bodiless(method, unknown, owner)));
        }
        if (real != null && !write) {
            expect(method, template, "its owner", 200, () -> server.send(bodiless(method, real, owner)));
            if (!open && named) {
                expect(method, template, "another user's key", 403,
                        () -> server.send(bodiless(method, real, other)));
            }
        }
        if (open && !named && !write) {
            expect(method, template, "anyone", 200, () -> server.send(bodiless(method, unknown, null)));
        }
        if (write) {
            int plain = method.equals("DELETE") ? 415 : 0;
            expect(method, template, "a text/plain body", plain,
                    () -> server.send(withBody(method, any, owner, "text/plain", "x")));
            expect(method, template, "a JSON array", method.equals("DELETE") ? 415 : 0,
                    () -> server.send(withBody(method, any, owner, "application/json", "[1]")));
            if (takesIdempotencyKey(node)) {
                replayed(method, template, any);
            }
            if (method.equals("DELETE")) {
                expect(method, template, "a JSON object", 415, () -> server.send(withBody(method, any, owner,
                        "application/json", "{\"force\":true}")));
            }
        }
        front(where, method, template, any);
    }

    private static boolean takesIdempotencyKey(JsonNode operation) {
        for (JsonNode p : operation.path("parameters")) {
            if (p.path("$ref").asText().endsWith("/IdempotencyKey")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A refusal under an Idempotency-Key is not remembered: it changed nothing, so the same request again
     * runs again and is refused alike, not marked {@code Idempotent-Replayed}, and the key with another
     * body is answered on its own, not 422.
     */
    private void replayed(String method, String template, String path) {
        String key = "replay-" + method + template;
        Exchange first = () -> underKey(method, path, key, "x");
        try {
            int status = first.send().statusCode();
            record(method, template, "a refused body", 0, status);
            HttpResponse<String> again = first.send();
            record(method, template, "the same request again", status, again.statusCode());
            if (again.headers().firstValue("Idempotent-Replayed").isPresent()) {
                problems.add(method + " " + template + ": a refusal was remembered and replayed");
            }
            expect(method, template, "the key with another body", status, () -> underKey(method, path, key, "y"));
        } catch (AssertionError e) {
            problems.add(method + " " + template + " (a refused body, twice): " + e.getMessage());
        }
    }

    private HttpResponse<String> underKey(String method, String path, String idempotencyKey, String plainBody) {
        return signet.server().send(signet.server().request(path, owner).header("Idempotency-Key", idempotencyKey)
                .header("Content-Type", "text/plain").method(method, HttpRequest.BodyPublishers.ofString(plainBody))
                .build());
    }

    /** The front's own refusals, each answered before the request reaches Signet, on this operation's path. */
    private void front(Server where, String method, String template, String path) {
        String target = target(where, path);
        String head = method + " " + target;
        Map<Integer, String> requests = new LinkedHashMap<>();
        requests.put(400, head + " HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
        requests.put(414, head + "?pad=" + "a".repeat(9000) + " HTTP/1.1\r\nHost: a\r\n\r\n");
        requests.put(431, head + " HTTP/1.1\r\nHost: a\r\n" + "X-Pad: 1\r\n".repeat(120) + "\r\n");
        requests.put(501, head + " HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n");
        requests.put(505, head + " HTTP/2.0\r\nHost: a\r\n\r\n");
        requests.forEach((status, request) -> {
            String label = "the front's " + status;
            try {
                Raw answer = raw(request);
                ApiContract.check(where, method, where == Server.REST ? "/" + path : path, answer.status(),
                        answer.headers(), answer.body());
                record(method, template, label, status, answer.status());
            } catch (AssertionError | IOException e) {
                problems.add(method + " " + template + " (" + label + "): " + e.getMessage());
            }
        });
    }

    private interface Exchange {
        HttpResponse<String> send();
    }

    /** Sends one request; {@code status} 0 when any described status will do. */
    private void expect(String method, String template, String label, int status, Exchange exchange) {
        try {
            record(method, template, label, status, exchange.send().statusCode());
        } catch (AssertionError e) {
            problems.add(method + " " + template + " (" + label + "): " + e.getMessage());
        }
    }

    private void record(String method, String template, String label, int expected, int status) {
        met.computeIfAbsent(method + " " + template, k -> new TreeSet<>()).add(status);
        if (expected != 0 && status != expected) {
            problems.add(method + " " + template + " (" + label + "): answered " + status + ", expected " + expected);
        }
    }

    /**
     * The owner's own resources, by the first segment of the paths that name them: a document with a signer, a
     * template, a webhook and a team with a member and a key; the signer's link for the signing endpoints.
     */
    private Map<String, Map<String, String>> resources(ApiFlow owner) {
        String doc = owner.upload("Replayed", 1);
        String signer = owner.addSigner(doc, "Sam", "sam@example.org", "signer", 1).id();
        String sent = owner.upload("Link", 1);
        String token = owner.addSignerWithSignatureField(sent, "lee@example.org").token();
        owner.send(sent);
        HttpResponse<String> template = signet.server().postMultipart("templates/upload", owner.key, new Multipart()
                .text("name", "Replayed").file("file", "t.pdf", "application/pdf", TestFiles.pdf(1)));
        String webhook = (String) TestServer.expectObject(201, owner.post("webhooks",
                Map.of("url", "http://127.0.0.1:9/hook", "events", List.of("document.completed")))).get("id");
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        HttpResponse<String> annex = signet.server().postMultipart("documents/" + doc + "/files", owner.key,
                new Multipart().file("file", "annex.pdf", "application/pdf", TestFiles.pdf(1)));
        List<?> files = (List<?>) TestServer.expectObject(201, annex).get("files");
        String annexId = String.valueOf(((Map<?, ?>) files.get(files.size() - 1)).get("id"));
        out.put("documents", Map.of("id", doc, "signer_id", signer, "file_id", annexId));
        String templateId = String.valueOf(TestServer.expectObject(201, template).get("id"));
        String publicLink = (String) TestServer.expectObject(200, owner.post("templates/" + templateId + "/public-link",
                Map.of("enabled", true))).get("url");
        HttpResponse<String> templateAnnex = signet.server().postMultipart("templates/" + templateId + "/files",
                owner.key, new Multipart().file("file", "annex.pdf", "application/pdf", TestFiles.pdf(1)));
        List<?> templateFiles = (List<?>) TestServer.expectObject(201, templateAnnex).get("files");
        out.put("templates", Map.of("id", templateId, "file_id",
                String.valueOf(((Map<?, ?>) templateFiles.get(templateFiles.size() - 1)).get("id"))));
        out.put("p", Map.of("token", publicLink.substring(publicLink.lastIndexOf('/') + 1)));
        out.put("webhooks", Map.of("id", webhook));
        String team = (String) TestServer.expectObject(201, owner.post("teams", Map.of("name", "Replayed"))).get("id");
        signet.server().account("mate@example.org", false);
        String mate = (String) TestServer.expectObject(201, owner.post("teams/" + team + "/members",
                Map.of("email", "mate@example.org"))).get("user_id");
        String teamKey = (String) TestServer.expectObject(201, owner.post("teams/" + team + "/keys",
                Map.of("name", "Replayed"))).get("id");
        out.put("teams", Map.of("id", team, "user_id", mate, "key_id", teamKey));
        out.put("sign", Map.of("token", token, "file", "1.png"));
        out.put("stats", Map.of());
        out.put("openapi.json", Map.of());
        return out;
    }

    /** The first segment of a path template: what kind of resource its parameters name. */
    private static String family(String template) {
        String[] parts = template.substring(1).split("/");
        return parts[0];
    }

    /** The template with its parameters from {@code values}; null when one has no value there. */
    private static String fill(String template, Map<String, String> values) {
        Matcher m = PARAM.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                return null;
            }
            m.appendReplacement(out, value);
        }
        m.appendTail(out);
        String path = out.toString();
        return path.startsWith("/sign/") || path.startsWith("/p/") ? path : path.substring(1);
    }

    private HttpRequest bodiless(String method, String path, Credentials key) {
        return signet.server().request(path, key).method(method, HttpRequest.BodyPublishers.noBody()).build();
    }

    private HttpRequest withBody(String method, String path, Credentials key, String type, String body) {
        return signet.server().request(path, key).header("Content-Type", type)
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** The request target of {@code path} on the site: below the REST base unless it names the site root. */
    private String target(Server where, String path) {
        return where == Server.SITE ? path : URI.create(signet.server().base()).getPath() + "/" + path;
    }

    private record Raw(int status, HttpHeaders headers, String body) {}

    /** Sends {@code request} as written and reads the answer until the front closes the connection. */
    private Raw raw(String request) throws IOException {
        URI site = URI.create(signet.server().base());
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), site.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int end = answer.indexOf("\r\n\r\n");
            String[] lines = answer.substring(0, end).split("\r\n");
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (String line : List.of(lines).subList(1, lines.length)) {
                int colon = line.indexOf(':');
                headers.computeIfAbsent(line.substring(0, colon).toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(line.substring(colon + 1).strip());
            }
            return new Raw(Integer.parseInt(lines[0].split(" ")[1]), HttpHeaders.of(headers, (a, b) -> true),
                    answer.substring(end + 4));
        }
    }
}
