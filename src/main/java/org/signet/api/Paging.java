package org.signet.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.http.ApiException;
import org.signet.http.Request;
import org.signet.http.Response;

/** WordPress-style paging: {@code page}/{@code per_page} parameters and the X-WP-* and Link headers (S2). */
final class Paging {
    final int page;
    final int perPage;

    private Paging(int page, int perPage) {
        this.page = page;
        this.perPage = perPage;
    }

    static Paging from(Request req, int defaultPerPage, Map<String, String> invalid) {
        int page = parse(req, "page", 1, 1, 1_000_000, invalid);
        int perPage = parse(req, "per_page", defaultPerPage, 1, 100, invalid);
        return new Paging(page, perPage);
    }

    private static int parse(Request req, String name, int dflt, int min, int max, Map<String, String> invalid) {
        String v = req.query(name).orElse(null);
        if (v == null) {
            return dflt;
        }
        if (!v.matches("-?\\d{1,9}") || Integer.parseInt(v) < min || Integer.parseInt(v) > max) {
            invalid.put(name, name + " must be an integer between " + min + " and " + max + ".");
            return dflt;
        }
        return Integer.parseInt(v);
    }

    static void check(Map<String, String> invalid) {
        if (!invalid.isEmpty()) {
            throw ApiException.invalidParams(new LinkedHashMap<>(invalid));
        }
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
