package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The SSRF guard of S10: schemes, every internal range in IPv4, IPv6 and mapped forms, and names that resolve inside. */
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
    void isPrivate_internalRanges_refused() {
        for (String a : List.of("127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.1.1",
                "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1",
                "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::127.0.0.1")) {
            assertTrue(WebhookUrls.isPrivate(ip(a)), a);
        }
    }

    @Test
    void isPrivate_publicAddresses_allowed() {
        for (String a : List.of("93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111",
                "::ffff:8.8.8.8")) {
            assertFalse(WebhookUrls.isPrivate(ip(a)), a);
        }
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
    void refusal_notHttp_refusedEvenWhenPrivateAllowed() {
        WebhookUrls guard = new WebhookUrls(true);
        for (String url : List.of("ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "example.com/hook",
                "http:///nohost", "not a url")) {
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
