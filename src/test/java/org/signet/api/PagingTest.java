package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** GET /documents paging: page/per_page checks, X-WP-Total, X-WP-TotalPages and Link at the edges. */
class PagingTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    private static final Pattern LINK = Pattern.compile("<([^>]*)>; rel=\"(prev|next)\"");

    Account alice;
    final List<String> ids = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        for (int i = 1; i <= 5; i++) {
            ids.add(0, signet.server().uploadPdf(alice.full(), "doc" + i + ".pdf", TestFiles.pdf(1)));
        }
    }

    @Test
    void headers_firstPage_totalsAndNextOnly() {
        HttpResponse<String> r = signet.server().get("documents?per_page=2", alice.full());
        assertEquals(List.of(ids.get(0), ids.get(1)), idsOf(r));
        assertTotals(r, "5", "3");
        Map<String, String> links = links(r);
        assertFalse(links.containsKey("prev"));
        assertEquals(List.of(ids.get(2), ids.get(3)), idsOf(signet.server().get(links.get("next"), alice.full())));
    }

    @Test
    void headers_middlePage_prevAndNext() {
        HttpResponse<String> r = signet.server().get("documents?page=2&per_page=2", alice.full());
        assertEquals(List.of(ids.get(2), ids.get(3)), idsOf(r));
        Map<String, String> links = links(r);
        assertTrue(links.get("prev").contains("page=1"), links.toString());
        assertTrue(links.get("next").contains("page=3"), links.toString());
    }

    @Test
    void headers_lastPage_prevOnly() {
        HttpResponse<String> r = signet.server().get("documents?page=3&per_page=2", alice.full());
        assertEquals(List.of(ids.get(4)), idsOf(r));
        assertTotals(r, "5", "3");
        assertEquals(List.of("prev"), List.copyOf(links(r).keySet()));
    }

    @Test
    void headers_pastTheEnd_emptyWithSameTotalsAndPrevToLastPage() {
        HttpResponse<String> r = signet.server().get("documents?page=9&per_page=2", alice.full());
        assertEquals(200, r.statusCode());
        assertEquals(List.of(), array(r));
        assertTotals(r, "5", "3");
        Map<String, String> links = links(r);
        assertFalse(links.containsKey("next"));
        assertEquals(List.of(ids.get(4)), idsOf(signet.server().get(links.get("prev"), alice.full())));
    }

    @Test
    void headers_onePageExactly_noLink() {
        HttpResponse<String> r = signet.server().get("documents?per_page=5", alice.full());
        assertEquals(5, array(r).size());
        assertTotals(r, "5", "1");
        assertEquals(Optional.empty(), r.headers().firstValue("Link"));
    }

    @Test
    void headers_noDocuments_zeroTotalsNoLink() throws Exception {
        Account bob = signet.server().account("bob@example.com", false);
        HttpResponse<String> r = signet.server().get("documents", bob.full());
        assertEquals(List.of(), array(r));
        assertTotals(r, "0", "0");
        assertEquals(Optional.empty(), r.headers().firstValue("Link"));
    }

    @Test
    void headers_filters_keptInLinksAndCounted() {
        expectObject(201, signet.server().upload(alice.full(), new Multipart().text("title", "Other & more")
                .file("file", "o.pdf", "application/pdf", TestFiles.pdf(1))));
        HttpResponse<String> r = signet.server().get("documents?search=doc&status=draft&per_page=2", alice.full());
        assertTotals(r, "5", "3");
        String next = links(r).get("next");
        assertTrue(next.contains("search=doc") && next.contains("status=draft"), next);
        assertTrue(next.startsWith(signet.server().base() + "/documents?"), next);
        assertEquals(List.of(ids.get(2), ids.get(3)), idsOf(signet.server().get(next, alice.full())));
        HttpResponse<String> amp = signet.server().get("documents?search=%26%20more", alice.full());
        assertTotals(amp, "1", "1");
    }

    @Test
    void from_defaultsAndMaximum() {
        assertTotals(signet.server().get("documents", alice.full()), "5", "1");
        assertEquals(5, array(signet.server().get("documents?per_page=100", alice.full())).size());
    }

    @Test
    void from_outOfRange_restInvalidParamNamingEach() {
        for (String query : List.of("per_page=0", "per_page=101", "page=0", "page=-1", "per_page=abc", "page=1.5",
                "per_page=", "page=99999999999")) {
            HttpResponse<String> r = signet.server().get("documents?" + query, alice.full());
            assertEquals(400, r.statusCode(), query);
            assertEquals("rest_invalid_param", code(r), query);
            String name = query.substring(0, query.indexOf('='));
            assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(name), query + " " + r.body());
        }
        HttpResponse<String> both = signet.server().get("documents?page=0&per_page=0", alice.full());
        assertEquals(2, ((Map<?, ?>) data(both).get("params")).size());
    }

    private static void assertTotals(HttpResponse<String> r, String total, String pages) {
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(total, r.headers().firstValue("X-WP-Total").orElseThrow());
        assertEquals(pages, r.headers().firstValue("X-WP-TotalPages").orElseThrow());
    }

    private static List<Object> idsOf(HttpResponse<String> r) {
        assertEquals(200, r.statusCode(), r.body());
        return array(r).stream().map(o -> ((Map<?, ?>) o).get("id")).map(Object.class::cast).toList();
    }

    private static Map<String, String> links(HttpResponse<String> r) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        Matcher m = LINK.matcher(r.headers().firstValue("Link").orElse(""));
        while (m.find()) {
            out.put(m.group(2), m.group(1));
        }
        return out;
    }
}
