package org.signet.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.signet.support.ApiContract.Operation;
import org.signet.support.ApiContract.Server;

/**
 * Holds a REST request to what {@code openapi.json} allows for its operation: credentials, path,
 * query and header parameters, and the body (its media type, a JSON body against its schema, a
 * multipart body's part names and text values). {@link #hold} then asks the server to agree: a
 * request the description forbids must be refused (4xx), and one it allows must not be refused for
 * its form (media type, JSON syntax, a missing parameter or one of the wrong type). Every request the
 * API tests send through {@link TestServer} passes here, so the description cannot drift from what
 * the server takes, and tests of bad input still send it freely.
 */
public final class RequestContract {
    private RequestContract() {}

    /**
     * Checks one exchange: {@code path} is relative to the REST base, {@code status} and
     * {@code responseBody} are the answer's. Throws an {@link AssertionError} when server and
     * description disagree about the request.
     */
    public static void hold(HttpRequest request, String path, int status, String responseBody) {
        hold(Server.REST, request, path, status, responseBody);
    }

    /**
     * The same for a path relative to {@code server}; on the site, only requests to a described operation
     * are held (the signing page, the administrator pages and the assets are not described).
     */
    public static void hold(Server server, HttpRequest request, String path, int status, String responseBody) {
        if (server == Server.SITE && ApiContract.operation(server, request.method(), path).isEmpty()) {
            return;
        }
        List<String> violations = violations(server, request.method(), path, request.uri().getRawQuery(),
                request.headers(), bodyOf(request));
        String where = request.method() + " " + path + " answered " + status;
        if (!violations.isEmpty() && status < 400) {
            throw new AssertionError(where + " to a request its description forbids:\n  "
                    + String.join("\n  ", violations));
        }
        if (violations.isEmpty()) {
            formRefusal(status, responseBody).ifPresent(why -> {
                throw new AssertionError(where + " refusing the form of a request its description allows: " + why);
            });
        }
    }

    /** What the description does not allow in this request; empty when it allows all of it. */
    public static List<String> violations(String method, String path, String rawQuery, HttpHeaders headers,
            byte[] body) {
        return violations(Server.REST, method, path, rawQuery, headers, body);
    }

    /** The same for a path relative to {@code server}. */
    public static List<String> violations(Server server, String method, String path, String rawQuery,
            HttpHeaders headers, byte[] body) {
        Optional<Operation> found = ApiContract.operation(server, method, path);
        if (found.isEmpty()) {
            return List.of("no operation " + method + " " + path + " is described");
        }
        Operation op = found.get();
        List<String> out = new ArrayList<>();
        credentials(op, headers, out);
        parameters(op, path, rawQuery, headers, out);
        body(op, headers, body, out);
        return out;
    }

    /**
     * The refusals only a request's form can earn, which a request the description allows must never get:
     * 415, rest_invalid_json, rest_missing_callback_param, and rest_invalid_param for a value of the wrong type
     * or for a key the server does not know, which would mean the description names a key the server forgot.
     */
    static Optional<String> formRefusal(int status, String responseBody) {
        if (status != 400 && status != 415) {
            return Optional.empty();
        }
        JsonNode error = ApiContract.parse(responseBody);
        String code = error.path("code").asText();
        if (status == 415 || code.equals("rest_invalid_json") || code.equals("rest_missing_callback_param")) {
            return Optional.of(code + " " + error.path("message").asText() + " " + error.path("data"));
        }
        if (code.equals("rest_invalid_param")) {
            for (JsonNode detail : error.path("data").path("details")) {
                if (detail.path("code").asText().equals("unknown_key")) {
                    return Optional.of("a key it describes refused as unknown: " + error.path("data").path("params"));
                }
            }
            for (JsonNode message : error.path("data").path("params")) {
                if (message.asText().contains("is not of type")) {
                    return Optional.of(code + " " + error.path("data").path("params"));
                }
            }
        }
        return Optional.empty();
    }

    private static void credentials(Operation op, HttpHeaders headers, List<String> out) {
        JsonNode requirements = op.node().has("security") ? op.node().get("security")
                : ApiContract.description().path("security");
        if (requirements.isEmpty()) {
            return;
        }
        for (JsonNode requirement : requirements) {
            List<String> missing = new ArrayList<>();
            requirement.fieldNames().forEachRemaining(scheme -> {
                String header = ApiContract.at("#/components/securitySchemes/" + scheme).path("name").asText();
                if (headers.firstValue(header).isEmpty()) {
                    missing.add(header);
                }
            });
            if (missing.isEmpty()) {
                return;
            }
        }
        out.add("credentials: the headers of the key and its secret are missing");
    }

    private static void parameters(Operation op, String path, String rawQuery, HttpHeaders headers,
            List<String> out) {
        Map<String, List<String>> query = query(rawQuery, out);
        String[] template = ApiContract.segments(op.template());
        String[] parts = ApiContract.segments(path);
        String item = "#/paths/" + ApiContract.escape(op.template());
        List<String> pointers = new ArrayList<>();
        collect(item + "/parameters", pointers);
        collect(item + "/" + op.method().toLowerCase(Locale.ROOT) + "/parameters", pointers);
        for (String pointer : pointers) {
            JsonNode p = ApiContract.at(pointer);
            String name = p.path("name").asText();
            List<String> values = switch (p.path("in").asText()) {
                case "path" -> List.of(parts[List.of(template).indexOf("{" + name + "}")]);
                case "query" -> query.getOrDefault(name, List.of());
                case "header" -> headers.allValues(name);
                case "cookie" -> cookies(headers).getOrDefault(name, List.of());
                default -> List.of();
            };
            if (values.isEmpty() && p.path("required").asBoolean(false)) {
                out.add(p.path("in").asText() + " parameter " + name + " is required");
            }
            for (String v : values) {
                parameterValue(pointer + "/schema", p.path("in").asText() + " parameter " + name, v, out);
            }
        }
    }

    /** The pointers of a parameter list's entries, following a $ref to a shared parameter. */
    private static void collect(String listPointer, List<String> pointers) {
        JsonNode list = ApiContract.at(listPointer);
        for (int i = 0; i < list.size(); i++) {
            JsonNode ref = list.get(i).get("$ref");
            pointers.add(ref != null ? ref.asText() : listPointer + "/" + i);
        }
    }

    /**
     * A parameter is text on the wire; its schema says what the text stands for, so it is valid when the
     * text, or the number in decimal digits or the boolean it spells, matches.
     */
    private static void parameterValue(String schemaPointer, String what, String text, List<String> out) {
        List<JsonNode> readings = new ArrayList<>();
        readings.add(TextNode.valueOf(text));
        if (text.matches("-?\\d+")) {
            readings.add(BigIntegerNode.valueOf(new BigInteger(text)));
        } else if (text.matches("-?\\d+\\.\\d+")) {
            readings.add(DecimalNode.valueOf(new BigDecimal(text)));
        } else if (text.equals("true") || text.equals("false")) {
            readings.add(BooleanNode.valueOf(text.equals("true")));
        }
        List<String> errors = new ArrayList<>();
        for (JsonNode reading : readings) {
            List<String> e = ApiContract.errors(schemaPointer, reading);
            if (e.isEmpty()) {
                return;
            }
            errors.addAll(e);
        }
        out.add(what + " '" + text + "': " + String.join("; ", errors));
    }

    /** The cookies a request sends, by name (RFC 6265 section 5.4: {@code name=value} pairs split by "; "). */
    private static Map<String, List<String>> cookies(HttpHeaders headers) {
        Map<String, List<String>> cookies = new LinkedHashMap<>();
        for (String header : headers.allValues("Cookie")) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    cookies.computeIfAbsent(pair.substring(0, eq).strip(), k -> new ArrayList<>())
                            .add(pair.substring(eq + 1).strip());
                }
            }
        }
        return cookies;
    }

    /** The query's parameters, decoded as the server decodes them. */
    private static Map<String, List<String>> query(String raw, List<String> out) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        try {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            }
        } catch (IllegalArgumentException e) {
            out.add("the query string is not correctly percent-encoded");
        }
        return params;
    }

    private static void body(Operation op, HttpHeaders headers, byte[] body, List<String> out) {
        String opPointer = "#/paths/" + ApiContract.escape(op.template()) + "/" + op.method().toLowerCase(Locale.ROOT);
        JsonNode described = ApiContract.at(opPointer + "/requestBody");
        String pointer = described.has("$ref") ? described.get("$ref").asText() : opPointer + "/requestBody";
        if (described.isMissingNode()) {
            if (body.length > 0) {
                out.add("the operation takes no body, but one of " + body.length + " bytes was sent");
            }
            return;
        }
        boolean required = ApiContract.at(pointer).path("required").asBoolean(false);
        if (body.length == 0) {
            if (required) {
                out.add("a body is required");
            }
            return;
        }
        String type = headers.firstValue("Content-Type").orElse("");
        String media = type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        JsonNode content = ApiContract.at(pointer + "/content");
        if (!content.has(media)) {
            List<String> listed = new ArrayList<>();
            content.fieldNames().forEachRemaining(listed::add);
            out.add("Content-Type '" + type + "' is not one of " + listed);
            return;
        }
        String schema = pointer + "/content/" + ApiContract.escape(media) + "/schema";
        if (media.equals("application/json")) {
            json(schema, required, body, out);
        } else if (media.equals("multipart/form-data")) {
            MultipartFields.read(type, body, out).ifPresent(fields -> schema(schema, "body", fields, out));
        }
    }

    /** A JSON body as the server reads it: strict UTF-8, and blank text the same as no body. */
    private static void json(String schemaPointer, boolean required, byte[] body, List<String> out) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            out.add("the body is not UTF-8");
            return;
        }
        if (text.isBlank()) {
            if (required) {
                out.add("a body is required");
            }
            return;
        }
        JsonNode value;
        try {
            value = ApiContract.parseStrictly(text);
        } catch (IllegalArgumentException e) {
            out.add("the body is not JSON: " + e.getMessage());
            return;
        }
        schema(schemaPointer, "body", value, out);
    }

    private static void schema(String schemaPointer, String what, JsonNode value, List<String> out) {
        for (String e : ApiContract.errors(schemaPointer, value)) {
            out.add(what + ": " + e);
        }
    }

    /** The bytes a request sent; its publisher may be read again (as those of BodyPublishers are). */
    static byte[] bodyOf(HttpRequest request) {
        Optional<HttpRequest.BodyPublisher> publisher = request.bodyPublisher();
        if (publisher.isEmpty() || publisher.get().contentLength() == 0) {
            return new byte[0];
        }
        CompletableFuture<byte[]> done = new CompletableFuture<>();
        publisher.get().subscribe(new Flow.Subscriber<ByteBuffer>() {
            private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

            @Override
            public void onSubscribe(Flow.Subscription s) {
                s.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(ByteBuffer item) {
                byte[] chunk = new byte[item.remaining()];
                item.get(chunk);
                bytes.writeBytes(chunk);
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                done.complete(bytes.toByteArray());
            }
        });
        try {
            return done.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the request body could not be read again for its contract check", e);
        }
    }
}
