package org.signet.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import org.signet.http.ApiException;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;

/** The signing and administrator pages' scripts and stylesheets and the handwriting font, served from the jar (no CDN: works offline). */
public final class Assets {
    private static final Map<String, String[]> FILES = Map.of(
            "sign.js", new String[] {"/web/sign.js", "text/javascript; charset=UTF-8"},
            "sign.css", new String[] {"/web/sign.css", "text/css; charset=UTF-8"},
            "admin.js", new String[] {"/web/admin.js", "text/javascript; charset=UTF-8"},
            "admin.css", new String[] {"/web/admin.css", "text/css; charset=UTF-8"},
            "handwriting.otf", new String[] {"/fonts/DancingScript-Regular.otf", "font/otf"});

    private final Map<String, byte[]> loaded = new java.util.concurrent.ConcurrentHashMap<>();

    public void routes(Router site) {
        site.get("/assets/{name}", this::asset);
    }

    private Response asset(Request req) {
        String[] file = FILES.get(req.pathParam("name"));
        if (file == null) {
            throw ApiException.noRoute();
        }
        byte[] bytes = loaded.computeIfAbsent(file[0], Assets::load);
        return Response.bytes(200, file[1], bytes).header("Cache-Control", "public, max-age=3600");
    }

    private static byte[] load(String resource) {
        try (InputStream in = Assets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
