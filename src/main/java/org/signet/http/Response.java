package org.signet.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.text.FileNames;

/** A response value: status, headers and a body that knows how to write itself. */
public final class Response {
    /** Writes a body to the connection; lets large files stream instead of being buffered. */
    @FunctionalInterface
    public interface BodyWriter {
        void writeTo(OutputStream out) throws IOException;
    }

    private final int status;
    private final Map<String, List<String>> headers = new LinkedHashMap<>();
    private final long length;
    private final BodyWriter body;

    private Response(int status, String contentType, long length, BodyWriter body) {
        this.status = status;
        this.length = length;
        this.body = body;
        if (contentType != null) {
            header("Content-Type", contentType);
        }
    }

    public static final String JSON = "application/json; charset=UTF-8";

    public static Response json(int status, Object value) {
        return bytes(status, JSON, Json.write(value).getBytes(StandardCharsets.UTF_8));
    }

    public static Response ok(Object value) {
        return json(200, value);
    }

    public static Response created(Object value) {
        return json(201, value);
    }

    public static Response bytes(int status, String contentType, byte[] bytes) {
        return new Response(status, contentType, bytes.length, out -> out.write(bytes));
    }

    /** A body of known {@code length} (or -1 when unknown: sent chunked). */
    public static Response stream(int status, String contentType, long length, BodyWriter writer) {
        return new Response(status, contentType, length, writer);
    }

    /**
     * A file to save, never to show inline (RFC 6266), named by {@link FileNames#download} for its type,
     * and never cached: documents hold signatures.
     */
    public static Response download(String filename, String contentType, long length, BodyWriter writer) {
        return stream(200, contentType, length, writer)
                .header("Content-Disposition", attachment(FileNames.download(filename, contentType)))
                .header("Cache-Control", "no-store");
    }

    /**
     * {@code attachment} with the name twice (RFC 6266 section 4.3): in printable ASCII for clients
     * that read only {@code filename}, and exactly, in UTF-8, as RFC 8187's {@code filename*}.
     */
    static String attachment(String filename) {
        // URLEncoder leaves '*' as is, but RFC 8187 section 3.2.1 attr-char does not allow it.
        String encoded = URLEncoder.encode(filename, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A");
        return "attachment; filename=\"" + FileNames.ascii(filename) + "\"; filename*=UTF-8''" + encoded;
    }

    /**
     * Content that only Signet's own files may script or style (no inline script), that no other
     * site may frame, and that no cache keeps: the signing pages embed their token.
     */
    static final String PAGE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors ";

    public static Response html(int status, String html) {
        return bytes(status, "text/html; charset=UTF-8", html.getBytes(StandardCharsets.UTF_8))
                .header("Content-Security-Policy", PAGE_POLICY + "'none'")
                .header("X-Frame-Options", "DENY")
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-store");
    }

    /**
     * An HTML page that exactly {@code origins} (as browsers write origins) may frame, as an embedded
     * signing page is; none may when the list is empty. X-Frame-Options goes, since it cannot name an
     * origin and a browser that reads it would refuse every frame.
     */
    public Response framableBy(List<String> origins) {
        if (!origins.isEmpty()) {
            headers.put("Content-Security-Policy", List.of(PAGE_POLICY + String.join(" ", origins)));
            headers.remove("X-Frame-Options");
        }
        return this;
    }

    /**
     * A file a framable page shows (a PDF, a page image) that exactly {@code origins} may frame, as they
     * may frame the page; none may when the list is empty, and X-Frame-Options then says so to browsers
     * that read only that. A file needs no more of the page's policy: nothing in it runs.
     */
    public Response fileFramableBy(List<String> origins) {
        if (origins.isEmpty()) {
            return header("Content-Security-Policy", "frame-ancestors 'none'").header("X-Frame-Options", "DENY");
        }
        return header("Content-Security-Policy", "frame-ancestors " + String.join(" ", origins));
    }

    public static Response redirect(String location) {
        return new Response(302, null, 0, out -> {}).header("Location", location);
    }

    /** 308: the same request, method and body, belongs at {@code location} for good. */
    public static Response permanentRedirect(String location) {
        return new Response(308, null, 0, out -> {}).header("Location", location);
    }

    public Response header(String name, String value) {
        headers.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        return this;
    }

    public int status() {
        return status;
    }

    public Map<String, List<String>> headers() {
        return headers;
    }

    long length() {
        return length;
    }

    BodyWriter body() {
        return body;
    }
}
