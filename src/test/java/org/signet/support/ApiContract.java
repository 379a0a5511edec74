package org.signet.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi31;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.api.OpenApiDocument;

/**
 * Holds a REST response to what {@code openapi.json} promises for its operation: the status and every
 * header must be described there and a JSON body must match the described schema. Every response the API tests
 * receive through {@link TestServer} passes here, so the description cannot drift from the wire;
 * {@link RequestContract} does the same for the requests, with the description's lookups kept here.
 * A signing link's endpoints are described too, under a server of their own (the site root).
 */
public final class ApiContract {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static final String LOCATION = "classpath:openapi.json";
    private static final JsonNode DESCRIPTION = read();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
            b -> b.metaSchema(OpenApi31.getInstance()).defaultMetaSchemaIri(OpenApi31.getInstance().getIri()));
    private static final Map<String, JsonSchema> COMPILED = new ConcurrentHashMap<>();
    private static final Set<String> FRAMING = Set.of("content-type", "content-length", "transfer-encoding", "date",
            "connection");

    private ApiContract() {}

    /** The described operation for a request, found as the router would: a literal beats a parameter. */
    public record Operation(String method, String template, JsonNode node) {}

    /**
     * What a described path is relative to: the REST base (the description's own server), or the site
     * root, which the paths of a signing link's endpoints name as their server.
     */
    public enum Server {
        REST, SITE;

        static Server of(JsonNode pathItem) {
            JsonNode servers = pathItem.path("servers");
            if (servers.isMissingNode()) {
                return REST;
            }
            if (servers.size() == 1 && servers.get(0).path("url").asText().equals("/")) {
                return SITE;
            }
            throw new AssertionError("a path names a server other than the site root: " + servers);
        }
    }

    /**
     * Checks one response. {@code path} is relative to the REST base; {@code headers} and {@code body}
     * are the response's. Throws an {@link AssertionError} naming the operation and every mismatch.
     */
    public static void check(String method, String path, int status, HttpHeaders headers, String body) {
        check(Server.REST, method, path, status, headers, body);
    }

    /**
     * The same for a path relative to {@code server}. On the site, only the described operations are held:
     * the signing page itself, the administrator pages and the assets are not part of the description.
     */
    public static void check(Server server, String method, String path, int status, HttpHeaders headers,
            String body) {
        String contentType = headers.firstValue("Content-Type").orElse(null);
        Optional<Operation> op = operation(server, method, path);
        if (op.isEmpty() && server == Server.SITE) {
            return;
        }
        if (op.isEmpty()) {
            // No such route: whatever answered (credentials, limits or the router) answered with an error envelope.
            if (status < 400) {
                throw new AssertionError(method + " " + path + " answered " + status + " but is not described");
            }
            validate("#/components/schemas/Error", method + " " + path, status, contentType, body);
            return;
        }
        Operation o = op.get();
        String pointer = responsePointer(o, status);
        String where = o.method() + " " + o.template() + " " + status;
        requiredHeaders(pointer, where, headers);
        describedHeaders(pointer, where, headers);
        if (body == null || body.isEmpty() || method.equals("HEAD")) {
            return;
        }
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            String media = contentType == null ? "" : contentType.split(";")[0].trim();
            if (at(pointer + "/content/" + escape(media)).isMissingNode()) {
                throw new AssertionError(where + ": content type " + contentType + " is not described");
            }
            return;
        }
        validate(pointer + "/content/application~1json/schema", where, status, contentType, body);
    }

    /** Every operation described under the REST base, as "METHOD /template". */
    public static List<String> operations() {
        return operations(Server.REST);
    }

    /** Every operation described under {@code server}, as "METHOD /template". */
    public static List<String> operations(Server server) {
        List<String> out = new ArrayList<>();
        DESCRIPTION.get("paths").fields().forEachRemaining(p -> {
            if (Server.of(p.getValue()) == server) {
                p.getValue().fieldNames().forEachRemaining(m -> {
                    if (!m.equals("parameters") && !m.equals("servers")) {
                        out.add(m.toUpperCase(Locale.ROOT) + " " + p.getKey());
                    }
                });
            }
        });
        return out.stream().sorted().toList();
    }

    /** The description as a tree, for tests that read it. */
    public static JsonNode description() {
        return DESCRIPTION;
    }

    /** The operation described for {@code method} and {@code path} (relative to the base), as the router finds it. */
    public static Optional<Operation> operation(String method, String path) {
        return operation(Server.REST, method, path);
    }

    /** The operation described for {@code method} and {@code path} relative to {@code server}. */
    public static Optional<Operation> operation(Server server, String method, String path) {
        String[] parts = segments(path);
        Operation best = null;
        long bestScore = -1;
        for (Iterator<Map.Entry<String, JsonNode>> it = DESCRIPTION.get("paths").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode node = e.getValue().get(method.toLowerCase(Locale.ROOT));
            String[] template = segments(e.getKey());
            if (node == null || template.length != parts.length || Server.of(e.getValue()) != server) {
                continue;
            }
            long score = 0;
            boolean matches = true;
            for (int i = 0; i < template.length && matches; i++) {
                boolean param = template[i].startsWith("{");
                matches = param ? !parts[i].isEmpty() : template[i].equals(parts[i]);
                score = score * 2 + (param ? 0 : 1);
            }
            if (matches && score > bestScore) {
                best = new Operation(method, e.getKey(), node);
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The JSON pointer of the response described for this status, following a $ref to a shared response. */
    private static String responsePointer(Operation o, int status) {
        String opPointer = "#/paths/" + escape(o.template()) + "/" + o.method().toLowerCase(Locale.ROOT);
        String pointer = opPointer + "/responses/" + status;
        JsonNode response = at(pointer);
        if (response.isMissingNode()) {
            throw new AssertionError(o.method() + " " + o.template() + " answered " + status
                    + ", a status its description does not list");
        }
        JsonNode ref = response.get("$ref");
        return ref == null ? pointer : ref.asText();
    }

    /** Every header the description marks required for this response (request id, limits, paging) is there. */
    private static void requiredHeaders(String responsePointer, String where, HttpHeaders headers) {
        at(responsePointer + "/headers").fields().forEachRemaining(h -> {
            JsonNode header = h.getValue().has("$ref") ? at(h.getValue().get("$ref").asText()) : h.getValue();
            if (header.path("required").asBoolean(false) && headers.firstValue(h.getKey()).isEmpty()) {
                throw new AssertionError(where + ": header " + h.getKey() + " is described as required but missing");
            }
        });
    }

    /**
     * Every header of the answer is described for its response, but those that frame the message rather than
     * say anything of the answer: its length, transfer coding, date and connection (RFC 9110 sections 6.6.1,
     * 7.6.1 and 8.6, RFC 9112 section 6.1), and its Content-Type, which the response's content describes.
     */
    private static void describedHeaders(String responsePointer, String where, HttpHeaders headers) {
        Set<String> described = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        at(responsePointer + "/headers").fieldNames().forEachRemaining(described::add);
        List<String> undescribed = headers.map().keySet().stream()
                .filter(name -> !FRAMING.contains(name.toLowerCase(Locale.ROOT)) && !described.contains(name))
                .sorted().toList();
        if (!undescribed.isEmpty()) {
            throw new AssertionError(where + ": headers its description does not list: " + undescribed);
        }
    }

    private static void validate(String schemaPointer, String where, int status, String contentType, String body) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new AssertionError(where + ": expected JSON, got " + contentType);
        }
        JsonNode value;
        try {
            value = MAPPER.readTree(body);
        } catch (IOException e) {
            throw new AssertionError(where + ": body is not JSON: " + e.getMessage());
        }
        List<String> errors = errors(schemaPointer, value);
        if (!errors.isEmpty()) {
            String shown = body.length() > 600 ? body.substring(0, 600) + "..." : body;
            throw new AssertionError(where + " does not match its description:\n  " + String.join("\n  ", errors)
                    + "\n  body: " + shown);
        }
    }

    /** What in {@code value} the schema at {@code schemaPointer} (in the description) does not allow, sorted. */
    static List<String> errors(String schemaPointer, JsonNode value) {
        JsonSchema schema = COMPILED.computeIfAbsent(schemaPointer,
                p -> SCHEMAS.getSchema(SchemaLocation.of(LOCATION + p.replace("{", "%7B").replace("}", "%7D"))));
        Set<ValidationMessage> errors = schema.validate(value);
        return errors.stream().map(ValidationMessage::getMessage).sorted().toList();
    }

    /** JSON text as a tree, or a missing node when it is none (an error body the server failed to write). */
    static JsonNode parse(String text) {
        try {
            return text == null ? MissingNode.getInstance() : MAPPER.readTree(text);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }

    /**
     * JSON text read as strictly as the server reads a body: nothing after the value, numbers kept exact
     * (so that 1e999999999 is that number, not infinity).
     */
    static JsonNode parseStrictly(String text) {
        try {
            // Signet's own reader first: JSON the description's validator would take but Signet must
            // refuse (a key given twice, half a surrogate pair) is not a request the description allows.
            org.signet.json.Json.parse(text);
            return STRICT.readTree(text);
        } catch (org.signet.json.JsonSyntaxException e) {
            throw new IllegalArgumentException(e.getMessage());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(e.toString());
        }
    }

    static JsonNode at(String pointer) {
        return DESCRIPTION.at(pointer.substring(1));
    }

    static String escape(String s) {
        return s.replace("~", "~0").replace("/", "~1");
    }

    static String[] segments(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        if (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.isEmpty() ? new String[0] : p.split("/", -1);
    }

    private static JsonNode read() {
        try {
            return MAPPER.readTree(OpenApiDocument.text());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
