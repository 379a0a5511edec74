package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.cli.Cli;
import org.signet.crypto.Tokens;
import org.signet.support.Multipart;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TlsPki;
import org.signet.support.Waits;

/**
 * Signet's own HTTPS against the real server and a test authority: TLS 1.2 and 1.3 from the JDK's
 * client and OpenSSL's, TLS 1.1 refused, a renewed keystore served to new connections while open ones
 * go on, the plain redirect port, Strict-Transport-Security, the handshake's deadline, and a keystore
 * that cannot be opened stopping the start.
 */
class HttpsTest {
    private static final String PASSWORD = "keystore-password-7f3a";
    private static final String HSTS = "max-age=63072000";
    private static TlsPki pki;

    @TempDir
    Path dir;

    private TestServer server;
    private X509Certificate served;

    @BeforeAll
    static void authority() throws Exception {
        pki = TlsPki.create();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Path keystore() {
        return dir.resolve("tls.p12");
    }

    private int port() throws Exception {
        if (server == null) {
            served = pki.writeKeystore(keystore(), PASSWORD);
            server = TestServer.start(dir, "server.tls.keystore=" + keystore(), "server.tls.password=" + PASSWORD,
                    "server.header_timeout_seconds=1", "server.http_redirect_port=0", "upload.max_bytes=400000",
                    "server.acme_webroot=" + dir.resolve("acme"));
        }
        return server.app.port();
    }

    private HttpClient client(String protocol) throws Exception {
        return HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER).sslContext(pki.clientContext())
                .sslParameters(new SSLParameters(null, new String[] {protocol})).build();
    }

    private static HttpResponse<String> get(HttpClient client, String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void javaClient_tls12AndTls13_servedWithStrictTransportSecurity() throws Exception {
        String site = "https://localhost:" + port();
        assertEquals(site, server.app.siteUrl());
        for (String protocol : new String[] {"TLSv1.2", "TLSv1.3"}) {
            HttpClient client = client(protocol);
            HttpResponse<String> health = get(client, site + "/healthz");
            assertEquals(200, health.statusCode(), health.body());
            assertEquals(protocol, health.sslSession().orElseThrow().getProtocol());
            assertEquals(HSTS, health.headers().firstValue("Strict-Transport-Security").orElse(""));
            HttpResponse<String> description = get(client, site + "/wp-json/wpsigner/v1/openapi.json");
            assertEquals(200, description.statusCode());
            assertTrue(description.body().length() > 64 * 1024 && description.body().trim().endsWith("}"),
                    "a description longer than several TLS records arrives whole");
        }
    }

    @Test
    void javaClient_uploadAndDownloadOverTls_bytesRoundTrip() throws Exception {
        String base = "https://localhost:" + port() + "/wp-json/wpsigner/v1/documents";
        TestServer.Account alice = server.account("alice@example.com", true);
        byte[] pdf = TestFiles.pdf(40, Tokens.base62(4000));
        HttpClient client = client("TLSv1.3");
        HttpRequest upload = new Multipart().file("file", "big.pdf", "application/pdf", pdf)
                .post(HttpRequest.newBuilder(URI.create(base + "/upload"))).header("X-WPS-API-Key", alice.full().key())
                .header("X-WPS-API-Secret", alice.full().secret()).timeout(Duration.ofSeconds(30)).build();
        HttpResponse<String> created = client.send(upload, HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), created.body());
        String id = (String) TestServer.object(created).get("id");
        HttpResponse<byte[]> file = client.send(HttpRequest.newBuilder(URI.create(base + "/" + id + "/file?version=original"))
                .header("Accept", "application/pdf").header("X-WPS-API-Key", alice.full().key()).header("X-WPS-API-Secret", alice.full().secret())
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, file.statusCode());
        assertTrue(pdf.length > 64 * 1024, "more than a few TLS records each way: " + pdf.length);
        assertArrayEquals(pdf, file.body());
    }

    @Test
    void uploadOverTheLimit_overTls_answered413NotReset() throws Exception {
        String base = "https://localhost:" + port() + "/wp-json/wpsigner/v1/documents";
        TestServer.Account alice = server.account("alice@example.com", true);
        byte[] big = new byte[4 * 1024 * 1024];
        HttpRequest upload = new Multipart().file("file", "big.pdf", "application/pdf", big)
                .post(HttpRequest.newBuilder(URI.create(base + "/upload"))).header("X-WPS-API-Key", alice.full().key())
                .header("X-WPS-API-Secret", alice.full().secret()).timeout(Duration.ofSeconds(30)).build();
        HttpResponse<String> r = client("TLSv1.2").send(upload, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, r.statusCode(), r.body());
        assertTrue(r.body().contains("file_too_large"), r.body());
        assertEquals(HSTS, r.headers().firstValue("Strict-Transport-Security").orElse(""));
    }

    @Test
    void adminCookie_overTls_isSecure() throws Exception {
        HttpResponse<String> login = get(client("TLSv1.3"), "https://localhost:" + port() + "/admin/login");
        String cookie = login.headers().allValues("Set-Cookie").stream().filter(s -> s.startsWith("signet_login="))
                .findFirst().orElseThrow();
        assertTrue(cookie.endsWith("; Secure"), cookie);
    }

    @Test
    void openssl_tls12AndTls13Succeed_tls11Refused() throws Exception {
        Path ca = pki.writeRootPem(dir.resolve("ca.pem"));
        String request = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        for (String protocol : new String[] {"-tls1_2", "-tls1_3"}) {
            String out = opensslClient(ca, request, protocol);
            assertTrue(out.contains("Verify return code: 0 (ok)"), out);
            assertTrue(out.contains("HTTP/1.1 200") && out.toLowerCase(Locale.ROOT).contains(
                    "strict-transport-security: " + HSTS), out);
        }
        String old = opensslClient(ca, request, "-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0");
        assertFalse(old.contains("HTTP/1.1"), old);
        assertTrue(old.contains("alert protocol version"), "the server, not the client, refused TLS 1.1: " + old);
    }

    private String opensslClient(Path ca, String input, String... options) throws Exception {
        var command = new java.util.ArrayList<>(java.util.List.of("openssl", "s_client", "-connect",
                "127.0.0.1:" + port(), "-servername", "localhost", "-CAfile", ca.toString(), "-ign_eof"));
        command.addAll(java.util.List.of(options));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.US_ASCII));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("openssl s_client did not finish: " + out);
        }
        return out;
    }

    @Test
    void keystoreRenewed_nextConnectionGetsIt_openConnectionGoesOn() throws Exception {
        int port = port();
        try (SSLSocket open = socket(port)) {
            assertTrue(exchange(open, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").startsWith("HTTP/1.1 200"));
            assertEquals(served, open.getSession().getPeerCertificates()[0]);

            Files.writeString(keystore(), "not a keystore");
            awaitLogged("TLS certificate not reloaded", () -> leafOfNewConnection(port));
            assertEquals(served, leafOfNewConnection(port), "a broken file leaves the certificate served so far");

            X509Certificate renewed = pki.writeKeystore(keystore(), PASSWORD);
            Waits.awaitUntil(() -> renewed.equals(leafOfNewConnection(port)), "the renewed certificate is served");
            assertTrue(exchange(open, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").startsWith("HTTP/1.1 200"),
                    "the connection opened before the renewal goes on");
            assertEquals(served, open.getSession().getPeerCertificates()[0]);
        }
    }

    private X509Certificate leafOfNewConnection(int port) {
        try (SSLSocket s = socket(port)) {
            s.startHandshake();
            return (X509Certificate) s.getSession().getPeerCertificates()[0];
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Runs {@code poke} until the Signet log says {@code message}. */
    private static void awaitLogged(String message, Runnable poke) {
        Logger log = Logger.getLogger("signet.http");
        CopyOnWriteArrayList<String> seen = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                seen.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(handler);
        try {
            Waits.awaitUntil(() -> {
                poke.run();
                return seen.stream().anyMatch(m -> m.contains(message));
            }, "the log says: " + message);
        } finally {
            log.removeHandler(handler);
        }
    }

    @Test
    void redirectPort_answers308ToTheSameAddressOverHttps_andHealthz() throws Exception {
        int port = port();
        int plain = server.app.redirectPort().orElseThrow();
        HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        String base = "http://127.0.0.1:" + plain;
        HttpResponse<String> r = get(client, base + "/sign/abc%20d?lang=de&x=1");
        assertEquals(308, r.statusCode());
        assertEquals("https://localhost:" + port + "/sign/abc%20d?lang=de&x=1", r.headers().firstValue("Location").orElse(""));
        assertTrue(r.headers().firstValue("Strict-Transport-Security").isEmpty(), "never over plain HTTP");
        HttpResponse<String> post = client.send(HttpRequest.newBuilder(URI.create(base + "/wp-json/wpsigner/v1/documents"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(308, post.statusCode());
        HttpResponse<String> health = get(client, base + "/healthz");
        assertEquals(200, health.statusCode());
        assertTrue(health.body().contains("ok"), health.body());
    }

    @Test
    void redirectPort_acmeChallengeInTheWebroot_isAnsweredThere_othersAre404() throws Exception {
        port();
        Path challenges = Files.createDirectories(dir.resolve("acme/.well-known/acme-challenge"));
        Files.writeString(challenges.resolve("tok-EN_42"), "tok-EN_42.thumbprint");
        Files.writeString(dir.resolve("acme/secret.txt"), "not to be served");
        HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        String base = "http://127.0.0.1:" + server.app.redirectPort().orElseThrow() + "/.well-known/acme-challenge/";

        HttpResponse<String> found = get(client, base + "tok-EN_42");
        assertEquals(200, found.statusCode());
        assertEquals("tok-EN_42.thumbprint", found.body());
        for (String wrong : List.of("missing", "..%2Fsecret.txt", "..%2F..%2Facme%2Fsecret.txt", "a.b", "")) {
            HttpResponse<String> r = get(client, base + wrong);
            assertEquals(404, r.statusCode(), wrong);
            assertTrue(r.body().contains("rest_no_route"), r.body());
        }
        HttpResponse<String> overTls = get(client("TLSv1.3"),
                "https://localhost:" + port() + "/.well-known/acme-challenge/tok-EN_42");
        assertEquals(404, overTls.statusCode(), "challenges are answered on the plain port only");
    }

    @Test
    void forgedPlainMark_onTheTlsPort_isNoRedirect() throws Exception {
        String site = "https://localhost:" + port();
        HttpResponse<String> r = client("TLSv1.3").send(HttpRequest.newBuilder(URI.create(site + "/healthz"))
                .header("X-Signet-Peer", "guess 127.0.0.1 plain").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
    }

    @Test
    void frontRejection_overTls_carriesStrictTransportSecurity() throws Exception {
        try (SSLSocket s = socket(port())) {
            String answer = exchange(s, "GET /a%zz HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("Strict-Transport-Security: " + HSTS + "\r\n"), answer);
        }
    }

    @Test
    void slowHandshake_closedAfterTheHeaderTimeout() throws Exception {
        int port = port();
        assertClosedInTime(port, new byte[0]);
        // The first bytes of a ClientHello record announcing 512 bytes, and no more.
        assertClosedInTime(port, new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03});
        try (SSLSocket s = socket(port)) {
            s.startHandshake();
            long start = System.nanoTime();
            assertEquals(-1, s.getInputStream().read(), "a finished handshake and no request is closed too");
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
        }
    }

    private static void assertClosedInTime(int port, byte[] sent) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(sent);
            long start = System.nanoTime();
            InputStream in = s.getInputStream();
            assertEquals(-1, in.read(), "closed without an answer");
            long waited = System.nanoTime() - start;
            assertTrue(waited < Duration.ofSeconds(5).toNanos(), "closed after " + waited / 1_000_000 + " ms");
        }
    }

    @Test
    void wrongPassword_stopsTheStartNamingTheSetting() throws Exception {
        pki.writeKeystore(keystore(), PASSWORD);
        String err = serve(Map.of("SIGNET_SERVER_TLS_KEYSTORE", keystore().toString(),
                "SIGNET_SERVER_TLS_PASSWORD", "wrong-password-91c2"));
        assertTrue(err.contains("server.tls.keystore") && err.contains(keystore().toString())
                && err.contains("server.tls.password"), err);
        assertFalse(err.contains("wrong-password-91c2"), err);
        String missing = serve(Map.of("SIGNET_SERVER_TLS_KEYSTORE", dir.resolve("none.p12").toString()));
        assertTrue(missing.contains("server.tls.keystore") && missing.contains("does not exist"), missing);
        String redirectAlone = serve(Map.of("SIGNET_SERVER_HTTP_REDIRECT_PORT", "0"));
        assertTrue(redirectAlone.contains("server.http_redirect_port needs server.tls.keystore"), redirectAlone);
        String loop = serve(Map.of("SIGNET_SERVER_TLS_KEYSTORE", keystore().toString(),
                "SIGNET_SERVER_TLS_PASSWORD", PASSWORD, "SIGNET_SERVER_HTTP_REDIRECT_PORT", "0",
                "SIGNET_SITE_URL", "http://sign.example.com"));
        assertTrue(loop.contains("server.http_redirect_port redirects to site.url, which is http"), loop);
        String webrootAlone = serve(Map.of("SIGNET_SERVER_ACME_WEBROOT", dir.resolve("acme").toString()));
        assertTrue(webrootAlone.contains("server.acme_webroot is answered on server.http_redirect_port"), webrootAlone);
    }

    /** Runs {@code serve} with {@code environment}; it must fail, and what it said on standard error is returned. */
    private String serve(Map<String, String> environment) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = new Cli(new PrintStream(new ByteArrayOutputStream()), errors, environment, InputStream.nullInputStream())
                .run(new String[] {"serve", "--data", dir.resolve("data").toString(), "--port", "0"});
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, said);
        return said;
    }

    private static SSLSocket socket(int port) throws IOException {
        try {
            SSLSocket s = (SSLSocket) pki.clientContext().getSocketFactory().createSocket("localhost", port);
            SSLParameters p = s.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            s.setSSLParameters(p);
            s.setSoTimeout(10_000);
            return s;
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Writes {@code request} and reads one answer: its head and a body of its Content-Length. */
    private static String exchange(SSLSocket s, String request) throws IOException {
        s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        InputStream in = s.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed within the head: " + head);
            }
            head.append((char) b);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: (\\d+)").matcher(head);
        int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
        return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
