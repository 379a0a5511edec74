package org.signet.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The administrator pages through a plain HTTP client: cookies kept by hand, forms posted raw. */
public final class AdminClient {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    private final String site;
    private final Function<HttpRequest, HttpResponse<String>> sender;
    private final Map<String, String> cookies = new LinkedHashMap<>();
    private final Map<String, String> headers = new LinkedHashMap<>();

    public AdminClient(TestServer server) {
        this("http://127.0.0.1:" + server.app.port(), server::send);
    }

    /** The pages of a Signet at {@code site} (scheme, host and port), reached through {@code http}. */
    public AdminClient(String site, HttpClient http) {
        this(site, request -> {
            try {
                return http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    private AdminClient(String site, Function<HttpRequest, HttpResponse<String>> sender) {
        this.site = site;
        this.sender = sender;
    }

    /** Signs in through the form; returns the answer to the posted form. */
    public HttpResponse<String> signIn(String email, String password) {
        HttpResponse<String> form = get("/admin/login");
        return post("/admin/login", csrfOf(form), "email", email, "password", password);
    }

    public HttpResponse<String> get(String path) {
        return send(builder(path).GET().build());
    }

    /** Posts {@code fields} (name, value pairs) with the CSRF token {@code csrf} (left out when null). */
    public HttpResponse<String> post(String path, String csrf, String... fields) {
        StringJoiner body = new StringJoiner("&");
        if (csrf != null) {
            body.add("csrf=" + enc(csrf));
        }
        for (int i = 0; i < fields.length; i += 2) {
            body.add(enc(fields[i]) + "=" + enc(fields[i + 1]));
        }
        return send(builder(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build());
    }

    /** Posts {@code body} as multipart/form-data, as a page's file upload form does. */
    public HttpResponse<String> postMultipart(String path, Multipart body) {
        return send(body.post(builder(path)).build());
    }

    /** Posts {@code json} as a page script does, its CSRF token {@code csrf} in X-CSRF-Token (left out when null). */
    public HttpResponse<String> postJson(String path, String csrf, String json) {
        HttpRequest.Builder b = builder(path).header("Content-Type", "application/json");
        if (csrf != null) {
            b.header("X-CSRF-Token", csrf);
        }
        return send(b.POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /** The CSRF token of the current session, read from a page's forms. */
    public String csrf() {
        return csrfOf(get("/admin/keys"));
    }

    public static String csrfOf(HttpResponse<String> page) {
        Matcher m = CSRF.matcher(page.body());
        if (!m.find()) {
            throw new AssertionError("no CSRF field on the page (" + page.statusCode() + "): " + page.body());
        }
        return m.group(1);
    }

    public String cookie(String name) {
        return cookies.get(name);
    }

    public void setCookie(String name, String value) {
        cookies.put(name, value);
    }

    /** Sends {@code name: value} with every request from now on, as a browser sends its Accept-Language. */
    public AdminClient header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    private HttpRequest.Builder builder(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(site + path))
                .timeout(Duration.ofSeconds(30));
        headers.forEach(b::header);
        if (!cookies.isEmpty()) {
            StringJoiner header = new StringJoiner("; ");
            cookies.forEach((k, v) -> header.add(k + "=" + v));
            b.header("Cookie", header.toString());
        }
        return b;
    }

    private HttpResponse<String> send(HttpRequest request) {
        HttpResponse<String> r = sender.apply(request);
        for (String set : r.headers().allValues("Set-Cookie")) {
            String pair = set.split(";", 2)[0];
            int eq = pair.indexOf('=');
            String name = pair.substring(0, eq);
            String value = pair.substring(eq + 1);
            if (value.isEmpty() || set.contains("Max-Age=0")) {
                cookies.remove(name);
            } else {
                cookies.put(name, value);
            }
        }
        return r;
    }

    /** Every Set-Cookie header of an answer. */
    public static List<String> setCookies(HttpResponse<?> r) {
        return r.headers().allValues("Set-Cookie");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
