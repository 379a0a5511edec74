package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The webhook URL guard: schemes, literals and names that resolve inside, in every IPv6 form that carries IPv4, and the checked target. */
class WebhookUrlsTest {
    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /** A guard whose resolver answers every name with {@code address}, as a hostile DNS server could. */
    private static WebhookUrls resolvingTo(String address) {
        return new WebhookUrls(false, host -> new InetAddress[] {ip(address)});
    }

    @Test
    void refusal_literalsInUrls_refusedWithTheirAddress() {
        WebhookUrls guard = new WebhookUrls(false);
        for (String url : List.of("http://127.0.0.1/hook", "https://[::1]:8443/hook", "http://[::ffff:192.168.0.1]/",
                "http://169.254.169.254/latest/meta-data", "http://0.0.0.0:8080/")) {
            Optional<String> why = guard.refusal(url);
            assertTrue(why.isPresent(), url);
            assertTrue(why.get().contains("internal address"), why.get());
        }
    }

    @Test
    void refusal_ipv6LiteralsCarryingLoopback_refused() {
        WebhookUrls guard = new WebhookUrls(false);
        for (String url : List.of("http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://[::ffff:0:7f00:1]/",
                "http://[::ffff:7f00:1]/", "http://[::127.0.0.1]/", "https://[2001:0:7f00:1::]/hook",
                "http://[64:ff9b:1::808:808]/")) {
            assertTrue(guard.refusal(url).orElseThrow().contains("internal address"), url);
        }
    }

    @Test
    void refusal_specialPurposeRangesNotGloballyReachable_refused() {
        WebhookUrls guard = new WebhookUrls(false);
        for (String url : List.of("http://[5f00::1]/", "https://[2001:db8::1]/hook", "http://[2001:2::1]/",
                "http://[3fff::1]/", "http://192.88.99.1/", "https://203.0.113.5/hook", "http://[2002:c058:6301::]/")) {
            assertTrue(guard.refusal(url).orElseThrow().contains("internal address"), url);
        }
    }

    @Test
    void refusal_ipv6LiteralsCarryingPublicIpv4_allowed() {
        WebhookUrls guard = new WebhookUrls(false);
        for (String url : List.of("http://[2002:0808:0808::]/", "http://[64:ff9b::808:808]/hook",
                "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/")) {
            assertEquals(Optional.empty(), guard.refusal(url), url);
        }
    }

    @Test
    void refusal_nameResolvingToNat64Loopback_refused() {
        assertTrue(resolvingTo("64:ff9b::7f00:1").refusal("https://hooks.example.com/in").orElseThrow()
                .contains("(64:ff9b:0:0:0:0:7f00:1)"));
        assertTrue(resolvingTo("2002:a9fe:a9fe::").refusal("https://hooks.example.com/in").isPresent());
    }

    @Test
    void target_publicName_theAddressesLookedUpAndTheirPort() throws Exception {
        WebhookUrls guard = new WebhookUrls(false, host -> new InetAddress[] {ip("93.184.216.34"), ip("2002:808:808::")});
        WebhookUrls.Target t = guard.target("https://hooks.example.com/in?x=1");
        assertEquals(List.of(ip("93.184.216.34"), ip("2002:808:808::")), t.addresses());
        assertEquals("hooks.example.com", t.host());
        assertEquals(443, t.port());
        assertTrue(t.tls());
        assertEquals(8080, guard.target("http://[2002:808:808::]:8080/").port());
        assertEquals("2002:808:808::", guard.target("http://[2002:808:808::]:8080/").host());
    }

    @Test
    void target_privateAllowed_stillLooksUpAndKeepsTheAddress() throws Exception {
        WebhookUrls guard = new WebhookUrls(true, host -> new InetAddress[] {ip("127.0.0.1")});
        assertEquals(List.of(ip("127.0.0.1")), guard.target("http://hooks.example.com:9000/").addresses());
    }

    @Test
    void target_nameNowInternal_refused() {
        WebhookUrls guard = resolvingTo("::ffff:0:7f00:1");
        assertThrows(WebhookUrls.Refused.class, () -> guard.target("http://hooks.example.com/in"));
    }

    @Test
    void refusal_nameResolvingToLoopback_refused() {
        assertTrue(resolvingTo("127.0.0.1").refusal("https://hooks.example.com/in").isPresent());
        assertTrue(resolvingTo("::ffff:10.9.8.7").refusal("https://hooks.example.com/in").isPresent());
        assertEquals(Optional.empty(), resolvingTo("93.184.216.34").refusal("https://hooks.example.com/in"));
    }

    @Test
    void refusal_anyAddressOfSeveralInternal_refused() {
        WebhookUrls guard = new WebhookUrls(false, host -> new InetAddress[] {ip("93.184.216.34"), ip("10.0.0.5")});
        assertTrue(guard.refusal("https://hooks.example.com/in").isPresent());
    }

    @Test
    void refusal_notHttpOrNoUsablePort_refusedEvenWhenPrivateAllowed() {
        WebhookUrls guard = new WebhookUrls(true);
        for (String url : List.of("ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "example.com/hook",
                "http:///nohost", "not a url", "http://127.0.0.1:0/", "http://127.0.0.1:99999/")) {
            assertTrue(guard.refusal(url).isPresent(), url);
        }
    }

    @Test
    void refusal_allowPrivate_loopbackAccepted() {
        assertEquals(Optional.empty(), new WebhookUrls(true).refusal("http://127.0.0.1:9000/hook"));
    }

    @Test
    void refusal_unresolvableName_refused() {
        WebhookUrls guard = new WebhookUrls(false, host -> {
            throw new UnknownHostException(host);
        });
        assertTrue(guard.refusal("https://nowhere.invalid/hook").orElseThrow().contains("cannot be resolved"));
    }
}
