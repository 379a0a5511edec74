package org.signet.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;

/**
 * The signing, verify and administrator pages' scripts and stylesheets and the handwriting font, served from
 * the jar (no CDN: works offline). Each page's stylesheet is served as one file that begins with
 * {@code look.css}, the palette and top bar both kinds of page share; the signing page's script begins with
 * {@code embed.js}, which passes its events on to a site that frames it.
 */
public final class Assets {
    private record Asset(String contentType, List<String> resources) {}

    private static final String CSS = "text/css; charset=UTF-8";
    private static final String JS = "text/javascript; charset=UTF-8";
    private static final Map<String, Asset> FILES = Map.of(
            "sign.js", new Asset(JS, List.of("/web/embed.js", "/web/sign.js")),
            "sign.css", new Asset(CSS, List.of("/web/look.css", "/web/sign.css")),
            "verify.js", new Asset(JS, List.of("/web/verify.js")),
            "verify.css", new Asset(CSS, List.of("/web/look.css", "/web/sign.css", "/web/verify.css")),
            "admin.js", new Asset(JS, List.of("/web/admin.js")),
            "admin.css", new Asset(CSS, List.of("/web/look.css", "/web/admin.css")),
            "handwriting.otf", new Asset("font/otf", List.of("/fonts/DancingScript-Regular.otf")));

    private final Map<String, byte[]> loaded = new java.util.concurrent.ConcurrentHashMap<>();

    public void routes(Router site) {
        site.get("/assets/{name}", this::asset);
    }

    private Response asset(Request req) {
        String name = req.pathParam("name");
        Asset asset = FILES.get(name);
        if (asset == null) {
            throw Refusal.noRoute();
        }
        byte[] bytes = loaded.computeIfAbsent(name, n -> load(asset.resources()));
        return Response.bytes(200, asset.contentType(), bytes).header("Cache-Control", "public, max-age=3600");
    }

    /** The resources one after another, a newline between two (a single one, such as the font, is its bytes). */
    private static byte[] load(List<String> resources) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String resource : resources) {
            if (out.size() > 0) {
                out.write('\n');
            }
            try (InputStream in = Assets.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + resource);
                }
                in.transferTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out.toByteArray();
    }
}
