package org.signet.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.signet.http.Query;
import org.signet.http.Response;

/** WordPress-style paging: {@code page}/{@code per_page} parameters and the X-WP-* and Link headers. */
final class Paging {
    final int page;
    final int perPage;

    private Paging(int page, int perPage) {
        this.page = page;
        this.perPage = perPage;
    }

    /** Reads page (from 1) and per_page (1..100); a bad value is recorded in {@code query} for its check. */
    static Paging from(Query query, int defaultPerPage) {
        int page = query.optLong("page", 1, 1_000_000).orElse(1L).intValue();
        int perPage = query.optLong("per_page", 1, 100).orElse((long) defaultPerPage).intValue();
        return new Paging(page, perPage);
    }

    /** Adds X-WP-Total, X-WP-TotalPages and an RFC 8288 Link header with prev/next as they apply. */
    Response headers(Response r, long total, String url, Map<String, String> otherParams) {
        long pages = (total + perPage - 1) / perPage;
        r.header("X-WP-Total", Long.toString(total)).header("X-WP-TotalPages", Long.toString(pages));
        List<String> links = new ArrayList<>();
        if (page > 1 && pages > 0) {
            links.add("<" + link(url, otherParams, Math.min(page - 1, pages)) + ">; rel=\"prev\"");
        }
        if (page < pages) {
            links.add("<" + link(url, otherParams, page + 1) + ">; rel=\"next\"");
        }
        if (!links.isEmpty()) {
            r.header("Link", String.join(", ", links));
        }
        return r;
    }

    private String link(String url, Map<String, String> params, long toPage) {
        StringBuilder q = new StringBuilder();
        params.forEach((k, v) -> q.append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        q.append("page=").append(toPage).append("&per_page=").append(perPage);
        return url + "?" + q;
    }
}
