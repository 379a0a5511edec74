package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.domain.WebhookDelivery;
import org.signet.support.WebhookReceiver;

/**
 * One attempt over real HTTP: headers and signature, the guard checked again at delivery time and the
 * connection made to the address it checked, TLS verified against the URL's host, answers kept short.
 */
class WebhookSenderTest {
    private WebhookReceiver receiver;
    private final WebhookDelivery delivery = new WebhookDelivery(7, 1, 3L, "document.sent",
            "{\"document_id\":\"3\"}", WebhookDelivery.Status.PENDING, 0, null, 1_900_000_000L, null, 1_900_000_000L);

    @BeforeEach
    void start() throws Exception {
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void send_allowed_signedBodyWithItsHeaders() {
        WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1.2.3", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send(receiver.url(), WebhookRequest.of(delivery, "whsec_test"));

        assertNull(a.error());
        assertEquals(200, a.responseStatus());
        WebhookReceiver.Received r = receiver.next(Duration.ofSeconds(5));
        assertTrue(r.signedWith("whsec_test"));
        assertEquals("7", r.delivery());
        assertEquals("document.sent", r.event());
        assertEquals("Signet-Webhooks/1.2.3", r.userAgent());
        assertEquals("{\"id\":\"7\",\"event\":\"document.sent\",\"timestamp\":\"2030-03-17T17:46:40Z\","
                + "\"data\":{\"document_id\":\"3\"}}", new String(r.body()));
    }

    @Test
    void send_nameNowResolvingToLoopback_notSent() {
        WebhookUrls rebound = new WebhookUrls(false, host -> new InetAddress[] {InetAddress.getLoopbackAddress()});
        WebhookSender sender = new WebhookSender(rebound, "1", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send(receiver.url().replace("127.0.0.1", "hooks.example.com"),
                WebhookRequest.of(delivery, "s"));

        assertTrue(a.error().startsWith("Not sent"), a.error());
        assertNull(a.responseStatus());
        assertTrue(receiver.drain().isEmpty());
    }

    @Test
    void send_receiverAnswersError_failedWithItsStatusAndAnswer() {
        receiver.answer(500);
        WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send(receiver.url(), WebhookRequest.of(delivery, "s"));

        assertEquals(500, a.responseStatus());
        assertEquals("The receiver answered 500.", a.error());
        assertEquals("received 500", a.responseExcerpt());
    }

    @Test
    void send_receiverAnswersLongAndChunked_excerptIsTheFirstKilobyte() throws Exception {
        String answer = "0123456789".repeat(600);
        HttpServer chunked = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        chunked.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                exchange.sendResponseHeaders(202, 0);
                for (int at = 0; at < answer.length(); at += 700) {
                    exchange.getResponseBody().write(answer.substring(at, Math.min(answer.length(), at + 700))
                            .getBytes(StandardCharsets.US_ASCII));
                    exchange.getResponseBody().flush();
                }
            }
        });
        chunked.start();
        try {
            WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1", Clock.systemUTC());
            WebhookDelivery.Attempt a = sender.send("http://127.0.0.1:" + chunked.getAddress().getPort() + "/",
                    WebhookRequest.of(delivery, "s"));
            assertNull(a.error());
            assertEquals(202, a.responseStatus());
            assertEquals(answer.substring(0, 1024), a.responseExcerpt());
        } finally {
            chunked.stop(0);
        }
    }

    @Test
    void send_nameLookedUpOnce_connectsToTheAddressCheckedWithTheUrlsHost() {
        // No DNS server answers for this name here: only the address the guard looked up can be reached.
        WebhookUrls guard = new WebhookUrls(true, host -> new InetAddress[] {InetAddress.getLoopbackAddress()});
        WebhookSender sender = new WebhookSender(guard, "1", Clock.systemUTC());
        String url = receiver.url().replace("127.0.0.1", "hooks.example.com");

        WebhookDelivery.Attempt a = sender.send(url, WebhookRequest.of(delivery, "whsec_a"));

        assertNull(a.error(), a.error());
        WebhookReceiver.Received r = receiver.next(Duration.ofSeconds(5));
        assertEquals("hooks.example.com:" + receiver.port(), r.host());
        assertTrue(r.signedWith("whsec_a"));
    }

    @Test
    void send_nameRepointedAtNat64LoopbackAfterRegistration_notSent() {
        AtomicInteger lookups = new AtomicInteger();
        // Public when the webhook is registered; the NAT64 form of 127.0.0.1 when it is delivered.
        WebhookUrls guard = new WebhookUrls(false, host -> new InetAddress[] {InetAddress.getByName(
                lookups.incrementAndGet() == 1 ? "93.184.216.34" : "64:ff9b::7f00:1")});
        String url = receiver.url().replace("127.0.0.1", "hooks.example.com");
        assertEquals(Optional.empty(), guard.refusal(url));

        WebhookDelivery.Attempt a = new WebhookSender(guard, "1", Clock.systemUTC()).send(url,
                WebhookRequest.of(delivery, "s"));

        assertTrue(a.error().startsWith("Not sent: url resolves to a private, loopback or otherwise internal address"),
                a.error());
        assertNull(a.responseStatus());
        assertEquals(2, lookups.get());
        assertTrue(receiver.drain().isEmpty());
    }

    @Test
    void send_https_certificateCheckedAgainstTheUrlsHost() throws Exception {
        Certified cert = Certified.selfSigned("hooks.example.com");
        HttpsServer https = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        https.setHttpsConfigurator(new HttpsConfigurator(tls(cert, true)));
        https.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                exchange.sendResponseHeaders(204, -1);
            }
        });
        https.start();
        try {
            WebhookUrls guard = new WebhookUrls(true, host -> new InetAddress[] {InetAddress.getLoopbackAddress()});
            SSLSocketFactory trustingCert = tls(cert, false).getSocketFactory();
            WebhookSender sender = new WebhookSender(guard, "1", Clock.systemUTC(), () -> trustingCert);
            String port = ":" + https.getAddress().getPort();

            WebhookDelivery.Attempt named = sender.send("https://hooks.example.com" + port + "/in",
                    WebhookRequest.of(delivery, "s"));
            WebhookDelivery.Attempt misnamed = sender.send("https://other.example.com" + port + "/in",
                    WebhookRequest.of(delivery, "s"));

            assertNull(named.error(), named.error());
            assertEquals(204, named.responseStatus());
            assertTrue(misnamed.error().startsWith("Could not deliver: SSLHandshakeException"), misnamed.error());
        } finally {
            https.stop(0);
        }
    }

    /** A key and its self-signed certificate naming {@code host}: a receiver's own, trusted by nobody else. */
    private record Certified(PrivateKey key, X509Certificate certificate) {
        static Certified selfSigned(String host) throws Exception {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            KeyPair pair = generator.generateKeyPair();
            X500Name name = new X500Name("CN=" + host);
            Instant now = Instant.now();
            var builder = new JcaX509v3CertificateBuilder(name, BigInteger.ONE, Date.from(now.minusSeconds(3600)),
                    Date.from(now.plusSeconds(3600)), name, pair.getPublic());
            var signer = new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate());
            return new Certified(pair.getPrivate(), new JcaX509CertificateConverter().getCertificate(builder.build(signer)));
        }
    }

    /** A TLS context holding {@code cert}'s key (the server's) or trusting only {@code cert} (the client's). */
    private static SSLContext tls(Certified cert, boolean server) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        SSLContext context = SSLContext.getInstance("TLS");
        if (server) {
            store.setKeyEntry("hook", cert.key(), "pw".toCharArray(), new Certificate[] {cert.certificate()});
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, "pw".toCharArray());
            context.init(keys.getKeyManagers(), null, null);
        } else {
            store.setCertificateEntry("hook", cert.certificate());
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            context.init(null, trust.getTrustManagers(), null);
        }
        return context;
    }

    @Test
    void send_nobodyListening_failedAttemptWithoutStatus() {
        int port = receiver.port();
        receiver.close();
        WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send("http://127.0.0.1:" + port + "/hook", WebhookRequest.of(delivery, "s"));

        assertNull(a.responseStatus());
        assertTrue(a.error().startsWith("Could not deliver"), a.error());
    }
}
