package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.signet.RouteTable;
import org.signet.error.Refusal;
import org.signet.support.InputDeadline;

/**
 * Any method and request target through what {@link Dispatcher} does before a handler runs: the
 * path and query decoded, the REST base told from the site, and a route matched in Signet's real
 * route tables. Decoding gives the parameters or a 400 {@code rest_invalid_param}; matching never
 * throws, binds only whole non-empty segments, and answers HEAD wherever GET is.
 */
@Tag("jazzer")
class RouterFuzzTest {
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "get", "");
    private static final InputDeadline DEADLINE = new InputDeadline(Duration.ofSeconds(5));

    @TempDir
    static Path dir;

    private static RouteTable routes;

    @BeforeAll
    static void open() throws Exception {
        routes = RouteTable.open(dir);
    }

    @AfterAll
    static void close() {
        routes.close();
    }

    /** The first byte picks the method; the rest is the request target as the request line carries it. */
    @FuzzTest(maxDuration = "5m")
    void match_anyTarget_routeOrNoneAndQueryOrRefusal(byte[] input) throws Exception {
        if (input.length == 0) {
            return;
        }
        String method = METHODS.get((input[0] & 0xff) % METHODS.size());
        String target = new String(Arrays.copyOfRange(input, 1, input.length), StandardCharsets.ISO_8859_1);
        DEADLINE.run(() -> route(method, target));
    }

    private static void route(String method, String target) {
        URI uri;
        try {
            uri = new URI(target);
        } catch (URISyntaxException e) {
            return; // the JDK server answers 400 itself before Signet sees the request
        }
        String path = Dispatcher.pathOf(uri);
        assertNotNull(path);
        query(uri.getRawQuery());
        String restPath = Dispatcher.belowBase(routes.restBase, path);
        if (restPath != null) {
            assertTrue(restPath.isEmpty() || restPath.startsWith("/"), restPath);
            match(routes.rest, method, restPath);
        } else {
            match(routes.site, method, path);
        }
    }

    private static void query(String raw) {
        try {
            Map<String, List<String>> params = Query.parse(raw).all();
            params.forEach((k, v) -> assertFalse(v.isEmpty(), k));
        } catch (Refusal r) {
            assertEquals(Refusal.Kind.INVALID, r.kind());
            assertEquals("rest_invalid_param", r.code());
        }
    }

    private static void match(Router router, String method, String path) {
        Optional<Router.Match> match = router.match(method, path);
        if (method.equals("HEAD") && router.match("HEAD", path).isEmpty()) {
            assertEquals(router.match("GET", path).isPresent(), match.isPresent(), "HEAD answered where GET is");
        }
        match.ifPresent(m -> m.params().forEach((name, value) -> {
            assertFalse(value.isEmpty(), name + " bound to an empty segment of " + path);
            assertFalse(value.contains("/"), name + " bound across segments of " + path);
            assertTrue(path.contains(value), name + "=" + value + " is not in " + path);
        }));
        assertEquals(match.map(Router.Match::handler), router.match(method, path).map(Router.Match::handler),
                "the same path matched twice differently");
    }
}
