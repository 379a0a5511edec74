package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.process.ChildProcess;
import org.signet.support.Multipart;
import org.signet.support.Nginx;
import org.signet.support.RawHttps;
import org.signet.support.DocExamples;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/**
 * Signet behind nginx as docs/operations.md configures it: that page's site file, with a self-signed
 * certificate for localhost and the test's ports in place of the public ones, checked by
 * {@code nginx -t} and then run in front of a real Signet that trusts the proxy.
 */
class SignetBehindNginxTest {
    private static final String CLIENT_ADDRESS = "127.0.0.5";
    private static final String FORGED = "198.51.100.7";
    private static final Pattern ID = Pattern.compile("\"id\":\"(\\d+)\"");

    @TempDir
    Path dir;

    @Test
    void readmeSite_nginxTest_calledSuccessful() throws Exception {
        Path prefix = prefix();
        Path conf = Nginx.configure(prefix, site(prefix, ChildProcess.freePort(), ChildProcess.freePort(), 8080));

        String report = Nginx.check(prefix, conf);

        assertTrue(report.contains("syntax is ok"), report);
    }

    @Test
    void readmeSite_uploadThroughNginx_clientsAddressInTheAuditAndLinksAtTheProxy() throws Exception {
        int tls = ChildProcess.freePort();
        String site = "https://localhost:" + tls;
        Path prefix = prefix();
        try (TestServer server = TestServer.start(dir.resolve("data"), "trusted_proxies=127.0.0.1", "site.url=" + site);
                Nginx nginx = Nginx.start(prefix, Nginx.configure(prefix, site(prefix, tls, ChildProcess.freePort(),
                        server.app.port())), tls)) {
            Credentials key = server.account("owner@example.org", false).full();
            Multipart upload = new Multipart().text("title", "Lease through nginx")
                    .file("file", "lease.pdf", "application/pdf", TestFiles.pdf(1));
            String answer = RawHttps.exchange(Nginx.trust(prefix), CLIENT_ADDRESS, tls, "POST "
                    + URI.create(server.base()).getPath() + "/documents/upload HTTP/1.1\r\nX-WPS-API-Key: " + key.key()
                    + "\r\nX-WPS-API-Secret: " + key.secret() + "\r\nX-Forwarded-For: " + FORGED + "\r\nContent-Type: "
                    + upload.contentType(), upload.bytes());
            assertEquals(201, RawHttps.status(answer), answer);
            Matcher id = ID.matcher(answer);
            assertTrue(id.find(), answer);

            HttpClient https = client(Nginx.trust(prefix));
            String doc = id.group(1);
            Map<String, Object> signer = TestServer.expectObject(201, https.send(request(server.base() + "/documents/"
                    + doc + "/signers", key).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers
                    .ofString("{\"name\":\"Ann Able\",\"email\":\"ann@example.org\"}")).build(),
                    HttpResponse.BodyHandlers.ofString()));
            assertTrue(((String) signer.get("signing_url")).startsWith(site + "/sign/"), signer.toString());
            Map<String, Object> audit = TestServer.expectObject(200, https.send(request(server.base() + "/documents/"
                    + doc + "/audit", key).build(), HttpResponse.BodyHandlers.ofString()));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> events = (List<Map<String, Object>>) audit.get("events");
            assertEquals(CLIENT_ADDRESS, events.get(0).get("ip_address"), "the uploader's address: " + events);
            assertTrue(events.stream().noneMatch(e -> FORGED.equals(e.get("ip_address"))), events.toString());
        }
    }

    @Test
    void readmeSite_uploadOverUploadMaxBytes_refusedBySignetItself() throws Exception {
        int tls = ChildProcess.freePort();
        Path prefix = prefix();
        try (TestServer server = TestServer.start(dir.resolve("data"), "trusted_proxies=127.0.0.1",
                "site.url=https://localhost:" + tls);
                Nginx nginx = Nginx.start(prefix, Nginx.configure(prefix, site(prefix, tls, ChildProcess.freePort(),
                        server.app.port())), tls)) {
            Credentials key = server.account("owner@example.org", false).full();
            byte[] tooLarge = new byte[(int) server.app.config().longValue("upload.max_bytes") + 1];
            System.arraycopy(TestFiles.pdf(1), 0, tooLarge, 0, 100);

            HttpResponse<String> r = client(Nginx.trust(prefix)).send(new Multipart()
                    .file("file", "big.pdf", "application/pdf", tooLarge)
                    .post(request(server.base() + "/documents/upload", key)).build(), HttpResponse.BodyHandlers.ofString());

            assertEquals(413, r.statusCode(), r.body());
            assertEquals("file_too_large", TestServer.code(r), "nginx let the upload through to Signet: " + r.body());
        }
    }

    @Test
    void readmeSite_plainHttp_redirectedToHttps() throws Exception {
        int tls = ChildProcess.freePort();
        int plain = ChildProcess.freePort();
        Path prefix = prefix();
        try (Nginx nginx = Nginx.start(prefix, Nginx.configure(prefix, site(prefix, tls, plain, 8080)), plain)) {
            HttpResponse<String> r = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + plain + "/sign/abc?x=1")).build(), HttpResponse.BodyHandlers.ofString());

            assertEquals(308, r.statusCode());
            assertEquals("https://127.0.0.1/sign/abc?x=1", r.headers().firstValue("Location").orElseThrow());
        }
    }

    private Path prefix() throws Exception {
        Path prefix = dir.resolve("nginx");
        Files.createDirectories(prefix);
        Nginx.makeCertificate(prefix);
        return prefix;
    }

    /** The site file of docs/operations.md with this test's certificate and ports. */
    private static String site(Path prefix, int tls, int plain, int signet) throws Exception {
        String site = DocExamples.file(DocExamples.OPERATIONS, "/etc/nginx/conf.d/signet.conf");
        site = DocExamples.replace(site, "listen 443 ssl;", "listen 127.0.0.1:" + tls + " ssl;");
        site = DocExamples.replace(site, "listen 80;", "listen 127.0.0.1:" + plain + ";");
        site = DocExamples.replace(site, "/etc/letsencrypt/live/sign.example.com/fullchain.pem",
                prefix.resolve("cert.pem").toString());
        site = DocExamples.replace(site, "/etc/letsencrypt/live/sign.example.com/privkey.pem",
                prefix.resolve("key.pem").toString());
        return DocExamples.replace(site, "127.0.0.1:8080", "127.0.0.1:" + signet);
    }

    private static HttpClient client(SSLContext tls) {
        return HttpClient.newBuilder().sslContext(tls).proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    private static HttpRequest.Builder request(String url, Credentials key) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .header("X-WPS-API-Key", key.key()).header("X-WPS-API-Secret", key.secret());
    }
}
