package org.signet.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.signet.concurrent.Lazy;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * {@code GET {base}/openapi.json}: the OpenAPI 3.1 description of the REST interface, public, with
 * the site's own REST base as its server. The description is a resource written by hand; tests hold it
 * to the router and to the responses the API really gives.
 */
public final class OpenApiDocument {
    static final String RESOURCE = "/openapi.json";

    private final String restBase;
    /** Made on first use: most runs never ask, and start-up stays short. */
    private final Lazy<byte[]> rendered = Lazy.of(this::render);

    public OpenApiDocument(String restBase) {
        this.restBase = restBase;
    }

    /** Registered among the site's routes, so it needs no credentials; the dispatcher still applies the per-IP limit. */
    public void routes(Router site) {
        site.get(restBase + "/openapi.json", this::serve);
    }

    private Response serve(Request req) {
        return Response.bytes(200, Response.JSON, rendered.get());
    }

    private byte[] render() {
        Map<String, Object> description = parsed();
        description.put("servers", List.of(Json.object("url", restBase, "description", "This site's REST base.")));
        return Json.write(description).getBytes(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsed() {
        try {
            return (Map<String, Object>) Json.parse(text());
        } catch (JsonSyntaxException e) {
            throw new IllegalStateException("openapi.json in the jar is not valid JSON", e);
        }
    }

    /** The description as shipped in the jar. */
    public static String text() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("openapi.json is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
