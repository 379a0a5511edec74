package org.signet.http.front;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads a request head the way RFC 9112 asks a server to, strictly: one request line of method,
 * target and version; field lines without folding or control characters; a body framed by exactly
 * one Content-Length or by chunked alone (section 6.3). Anything else is a {@link Rejection}
 * with the status the RFC names, so nothing ambiguous reaches the server behind the front.
 */
final class HeadParser {
    /** Compiled once: every request head is checked against them. */
    private static final Pattern VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");
    private static final Pattern LENGTH = Pattern.compile("[0-9]{1,18}");
    /** The field the front adds to tell the server behind it who the client is; never believed from a client. */
    static final String PEER_FIELD = "X-Signet-Peer";

    private final FrontLimits limits;

    HeadParser(FrontLimits limits) {
        this.limits = limits;
    }

    /** The outcome of reading one head: exactly one of the two is set. */
    record Result(RequestHead head, Rejection rejection) {
        static Result of(RequestHead head) {
            return new Result(head, null);
        }

        static Result of(Rejection rejection) {
            return new Result(null, rejection);
        }
    }

    /**
     * Where the head in {@code b[0..length)} ends (the index after its blank line), searching from
     * {@code from} on; -1 while it has not ended. A line may end in CRLF or, leniently, a bare LF.
     */
    static int headEnd(byte[] b, int from, int length) {
        for (int i = Math.max(from, 1); i < length; i++) {
            if (b[i] != '\n') {
                continue;
            }
            if (b[i - 1] == '\n') {
                return i + 1;
            }
            if (b[i - 1] == '\r' && i >= 2 && b[i - 2] == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    /** What an unfinished head of {@code length} bytes already deserves, or null while it may still be fine. */
    Rejection whileIncomplete(byte[] b, int length) {
        int lineEnd = indexOf(b, 0, length, (byte) '\n');
        if (lineEnd < 0 && length > limits.maxTargetBytes() + 32) {
            return Rejection.targetTooLong();
        }
        return length >= limits.maxHeadBytes() ? Rejection.headTooLarge() : null;
    }

    /** Reads the complete head {@code b[0..length)}, blank line included. */
    Result parse(byte[] b, int length) {
        List<String> lines = lines(b, length);
        if (lines == null) {
            return Result.of(Rejection.badRequest("The request head contains a bare carriage return."));
        }
        String[] requestLine = lines.get(0).split(" ", -1);
        if (requestLine.length != 3) {
            return Result.of(Rejection.badRequest("The request line must be a method, a target and a version."));
        }
        Rejection bad = checkRequestLine(requestLine);
        if (bad != null) {
            return Result.of(bad);
        }
        String target = originForm(requestLine[1]);
        if (target == null) {
            return Result.of(Rejection.badRequest("The request target is not a valid path."));
        }
        if (lines.size() - 2 > limits.maxHeaderFields()) {
            return Result.of(Rejection.headTooLarge());
        }
        List<RequestHead.Field> fields = new ArrayList<>();
        for (String line : lines.subList(1, lines.size() - 1)) {
            RequestHead.Field f = field(line);
            if (f == null) {
                return Result.of(Rejection.badRequest("A header field is malformed."));
            }
            if (!f.name().equalsIgnoreCase(PEER_FIELD)) {
                fields.add(f);
            }
        }
        return framed(requestLine[0], target, requestLine[2], fields);
    }

    private Rejection checkRequestLine(String[] parts) {
        if (!isToken(parts[0])) {
            return Rejection.badRequest("The request method is not a valid token.");
        }
        if (parts[1].length() > limits.maxTargetBytes()) {
            return Rejection.targetTooLong();
        }
        if (parts[2].equals("HTTP/1.1") || parts[2].equals("HTTP/1.0")) {
            return null;
        }
        return VERSION.matcher(parts[2]).matches()
                ? new Rejection(505, "http_version_not_supported", "Only HTTP/1.1 and HTTP/1.0 are supported.")
                : Rejection.badRequest("The request line does not end in an HTTP version.");
    }

    /** The target as a path and query (RFC 9112 section 3.2), or null when it is not a valid one. */
    private static String originForm(String target) {
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c <= 0x20 || c >= 0x7f) {
                return null;
            }
        }
        if (plainOriginForm(target)) {
            return target; // the usual case, valid without building a URI
        }
        try {
            URI uri = new URI(target);
            if (target.startsWith("/")) {
                return uri.getRawPath() == null || uri.getRawFragment() != null ? null : target;
            }
            // The absolute form, which servers must accept: keep only its path and query.
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getRawAuthority() == null
                    || uri.getRawFragment() != null) {
                return null;
            }
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /**
     * Whether {@code target} is a path and query of unreserved and sub-delimiter characters, ':', '@',
     * '/', '?' and percent-escapes of two hex digits: an origin form that {@link URI} would accept as is.
     */
    private static boolean plainOriginForm(String target) {
        if (target.isEmpty() || target.charAt(0) != '/') {
            return false;
        }
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c == '%') {
                if (i + 2 >= target.length() || Character.digit(target.charAt(i + 1), 16) < 0
                        || Character.digit(target.charAt(i + 2), 16) < 0) {
                    return false;
                }
                i += 2;
            } else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static RequestHead.Field field(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0 || !isToken(line.substring(0, colon))) {
            return null; // also folded lines, which begin with whitespace (RFC 9112 section 5.2)
        }
        String value = line.substring(colon + 1).strip();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return null;
            }
        }
        return new RequestHead.Field(line.substring(0, colon), value);
    }

    /** Decides the body's framing (RFC 9112 section 6.3) and that Host is there once (section 3.2). */
    private static Result framed(String method, String target, String version, List<RequestHead.Field> fields) {
        List<String> lengths = new ArrayList<>();
        List<String> codings = new ArrayList<>();
        int hosts = 0;
        for (RequestHead.Field f : fields) {
            String name = f.name().toLowerCase(Locale.ROOT);
            switch (name) {
                case "content-length" -> lengths.add(f.value());
                case "transfer-encoding" -> codings.add(f.value());
                case "host" -> hosts++;
                default -> { }
            }
        }
        if (hosts > 1 || (hosts == 0 && version.equals("HTTP/1.1"))) {
            return Result.of(Rejection.badRequest("An HTTP/1.1 request needs exactly one Host header field."));
        }
        if (!codings.isEmpty()) {
            if (!lengths.isEmpty() || version.equals("HTTP/1.0")) {
                return Result.of(Rejection.badRequest("Transfer-Encoding cannot be combined with Content-Length or HTTP/1.0."));
            }
            if (codings.size() != 1 || !codings.get(0).equalsIgnoreCase("chunked")) {
                return Result.of(new Rejection(501, "not_implemented", "Only the chunked transfer coding is supported."));
            }
            return Result.of(new RequestHead(method, target, version, fields, -1, true));
        }
        if (lengths.size() > 1 || (lengths.size() == 1 && !LENGTH.matcher(lengths.get(0)).matches())) {
            return Result.of(Rejection.badRequest("The Content-Length header field is not one decimal number."));
        }
        long length = lengths.isEmpty() ? 0 : Long.parseLong(lengths.get(0));
        return Result.of(new RequestHead(method, target, version, fields, length, false));
    }

    /** The head's lines without their line ends; null when a CR stands anywhere but before an LF. */
    private static List<String> lines(byte[] b, int length) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < length; i++) {
            if (b[i] == '\n') {
                int end = i > start && b[i - 1] == '\r' ? i - 1 : i;
                String line = new String(b, start, end - start, StandardCharsets.ISO_8859_1);
                if (line.indexOf('\r') >= 0) {
                    return null;
                }
                lines.add(line);
                start = i + 1;
            }
        }
        return lines;
    }

    private static boolean isToken(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean tchar = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (b[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
