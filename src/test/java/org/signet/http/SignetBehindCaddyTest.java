package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.crypto.Tokens;
import org.signet.json.Json;
import org.signet.process.ChildProcess;
import org.signet.support.ApiFlow;
import org.signet.support.Caddy;
import org.signet.support.Multipart;
import org.signet.support.RawHttps;
import org.signet.support.DocExamples;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;
import org.signet.support.Waits;

/**
 * Signet behind Caddy as docs/operations.md configures it: that page's Caddyfile, with the test's host,
 * ports and Caddy's internal authority in place of the public domain, in front of a real Signet
 * that trusts the proxy; a document is uploaded, sent, signed and downloaded sealed over https
 * through Caddy alone.
 */
class SignetBehindCaddyTest {
    /** A client address other than the proxy's (see {@link RawHttps}). */
    private static final String SIGNER_ADDRESS = "127.0.0.5";
    /** What a client writes into X-Forwarded-For to pass for someone else; never to be believed. */
    private static final String FORGED = "198.51.100.7";

    @TempDir
    Path dir;

    @Test
    void readmeCaddyfile_documentSignedThroughCaddy_linksPointAtCaddyAndAuditHasTheClientsAddress() throws Exception {
        int caddyPort = ChildProcess.freePort();
        String site = "https://localhost:" + caddyPort;
        try (TestServer server = TestServer.start(dir.resolve("data"), "trusted_proxies=127.0.0.1", "site.url=" + site);
                Caddy caddy = startCaddy(caddyPort, server)) {
            Through proxy = new Through(caddy.trust(), server.base(), server.account("owner@example.org", false).full());
            String doc = (String) proxy.expect(201, proxy.upload("Lease through Caddy")).get("id");
            Map<String, Object> ann = proxy.expect(201, proxy.call("POST", "documents/" + doc + "/signers",
                    Map.of("name", "Ann Able", "email", "ann@example.org")));
            String link = (String) ann.get("signing_url");
            assertTrue(link.startsWith(site + "/sign/"), "the signing link names the proxy's address: " + link);
            TestServer.expect(200, proxy.call("POST", "documents/" + doc + "/fields", Map.of("fields",
                    List.of(ApiFlow.field(ann.get("id"), "signature", 1, 72, 600)))));
            TestServer.expect(200, proxy.call("POST", "documents/" + doc + "/send", null));

            HttpResponse<String> page = proxy.send(HttpRequest.newBuilder(URI.create(link))
                    .header("X-Forwarded-For", FORGED).GET().build());
            assertEquals(200, page.statusCode(), page.body());
            String token = link.substring(link.lastIndexOf('/') + 1);
            String signed = RawHttps.exchange(caddy.trust(), SIGNER_ADDRESS, caddyPort, "POST /sign/" + token
                    + "/submit HTTP/1.1\r\nUser-Agent: " + ApiFlow.SIGNER_AGENT + "\r\nX-Forwarded-For: " + FORGED
                    + "\r\nContent-Type: application/json", Json.write(Map.of("consent", true, "signature",
                    Map.of("method", "draw", "image", TestFiles.pngDataUrl(300, 90)))).getBytes(StandardCharsets.UTF_8));
            assertEquals(200, RawHttps.status(signed), signed);

            Map<String, Object> sealed = awaitSealed(server, proxy, doc);
            HttpResponse<byte[]> pdf = proxy.bytes(server.base() + "/documents/" + doc + "/file?version=signed");
            assertEquals(200, pdf.statusCode());
            assertEquals(sealed.get("signed_file_hash"), HexFormat.of().formatHex(Tokens.sha256(pdf.body())));
            assertEquals("%PDF-", new String(pdf.body(), 0, 5, StandardCharsets.US_ASCII));

            Map<String, Object> audit = proxy.expect(200, proxy.call("GET", "documents/" + doc + "/audit", null));
            assertEquals(true, audit.get("chain_valid"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> events = (List<Map<String, Object>>) audit.get("events");
            assertEquals(SIGNER_ADDRESS, address(events, "document_signed"), "the signer's address, as Caddy saw it");
            assertEquals("127.0.0.1", address(events, "document_sent"), "the sender's address, as Caddy saw it");
            assertEquals("127.0.0.1", address(events, "document_viewed"), "the page opened from 127.0.0.1, forged header or not");
            assertTrue(events.stream().noneMatch(e -> FORGED.equals(e.get("ip_address"))),
                    "an address a client wrote itself is never believed: " + events);
        }
    }

    @Test
    void readmeCaddyfile_uploadOverUploadMaxBytes_refusedBySignetItself() throws Exception {
        int caddyPort = ChildProcess.freePort();
        try (TestServer server = TestServer.start(dir.resolve("data"), "trusted_proxies=127.0.0.1",
                "site.url=https://localhost:" + caddyPort);
                Caddy caddy = startCaddy(caddyPort, server)) {
            Through proxy = new Through(caddy.trust(), server.base(), server.account("owner@example.org", false).full());
            long limit = server.app.config().longValue("upload.max_bytes");
            byte[] tooLarge = new byte[(int) limit + 1];
            System.arraycopy(TestFiles.pdf(1), 0, tooLarge, 0, 100);

            HttpResponse<String> r = proxy.send(new Multipart().file("file", "big.pdf", "application/pdf", tooLarge)
                    .post(proxy.request("documents/upload")).build());

            assertEquals(413, r.statusCode(), r.body());
            assertEquals("file_too_large", TestServer.code(r), "Caddy let the upload through to Signet: " + r.body());
        }
    }

    /** The Caddyfile of docs/operations.md with this test's host, ports, internal authority and storage. */
    private Caddy startCaddy(int caddyPort, TestServer server) throws Exception {
        String caddyfile = DocExamples.file(DocExamples.OPERATIONS, "/etc/caddy/Caddyfile");
        caddyfile = DocExamples.replace(caddyfile, "{\n\tservers {", "{\n\tadmin off\n\tlocal_certs\n"
                + "\tskip_install_trust\n\tdefault_bind 127.0.0.1\n\tdefault_sni localhost\n\thttp_port "
                + ChildProcess.freePort() + "\n\thttps_port " + caddyPort + "\n\tservers {");
        caddyfile = DocExamples.replace(caddyfile, "sign.example.com {", "localhost:" + caddyPort + " {\n\ttls internal");
        caddyfile = DocExamples.replace(caddyfile, "127.0.0.1:8080", "127.0.0.1:" + server.app.port());
        Path home = dir.resolve("caddy");
        Files.createDirectories(home);
        return Caddy.start(home, caddyfile, caddyPort);
    }

    private static Map<String, Object> awaitSealed(TestServer server, Through proxy, String doc) {
        @SuppressWarnings("unchecked")
        Map<String, Object>[] last = new Map[1];
        Waits.awaitUntil(() -> {
            server.app.completion().sealPending();
            last[0] = proxy.expect(200, proxy.call("GET", "documents/" + doc, null));
            return "completed".equals(last[0].get("status")) && last[0].get("signed_file_hash") != null;
        }, "the document completed and sealed", Duration.ofSeconds(30));
        return last[0];
    }

    private static String address(List<Map<String, Object>> events, String action) {
        return events.stream().filter(e -> action.equals(e.get("action"))).map(e -> (String) e.get("ip_address"))
                .findFirst().orElseThrow(() -> new AssertionError("no " + action + " event in " + events));
    }

    /** The REST interface reached over https through the proxy, with one key. */
    private static final class Through {
        private final HttpClient client;
        private final String base;
        private final Credentials key;

        Through(SSLContext tls, String base, Credentials key) {
            this.client = HttpClient.newBuilder().sslContext(tls).proxy(HttpClient.Builder.NO_PROXY)
                    .connectTimeout(Duration.ofSeconds(5)).build();
            this.base = base;
            this.key = key;
        }

        HttpRequest.Builder request(String path) {
            return HttpRequest.newBuilder(URI.create(path.startsWith("https:") ? path : base + "/" + path))
                    .timeout(Duration.ofSeconds(60)).header("User-Agent", ApiFlow.USER_AGENT)
                    .header("X-Forwarded-For", FORGED)
                    .header("X-WPS-API-Key", key.key()).header("X-WPS-API-Secret", key.secret());
        }

        HttpResponse<String> upload(String title) {
            return send(new Multipart().text("title", title).file("file", "lease.pdf", "application/pdf",
                    TestFiles.pdf(1)).post(request("documents/upload")).build());
        }

        HttpResponse<String> call(String method, String path, Object json) {
            HttpRequest.Builder b = request(path);
            if (json == null) {
                b.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                b.header("Content-Type", "application/json").method(method,
                        HttpRequest.BodyPublishers.ofString(Json.write(json)));
            }
            return send(b.build());
        }

        HttpResponse<String> send(HttpRequest r) {
            try {
                return client.send(r, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new AssertionError("no answer through Caddy: " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }

        HttpResponse<byte[]> bytes(String url) {
            try {
                return client.send(request(url).header("Accept", "application/pdf").GET().build(),
                        HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                throw new AssertionError("no answer through Caddy: " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }

        Map<String, Object> expect(int status, HttpResponse<String> r) {
            return TestServer.expectObject(status, r);
        }
    }
}
