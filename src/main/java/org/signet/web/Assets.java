package org.signet.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.signet.config.Brand;
import org.signet.error.Refusal;
import org.signet.http.EntityTags;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;

/**
 * The signing, verify and administrator pages' scripts and stylesheets and the handwriting font, served from
 * the jar (no CDN: works offline). Each page's stylesheet is served as one file that begins with
 * {@code look.css}, the palette and top bar both kinds of page share. The signing page's script is a set of
 * JavaScript modules: {@code sign.js} imports {@code embed.js} (which passes its events on to a site that frames
 * the page) and the parts under {@code sign/}, which the page also names for preloading ({@link #SIGN_MODULES}); the
 * administrator pages' script is the module {@code admin.js}, which imports {@code admin/follow.js} (a document's page
 * following it), their passkey ceremonies are the module {@code admin/passkeys.js}, their field editor the module
 * {@code admin/editor.js} with the parts it imports, its geometry in {@code admin/placement.js}.
 * Each file carries an ETag, so a browser whose copy has aged checks it with a request answered 304. Two files are
 * the site's own rather than the jar's: {@code site.css}, the accent's custom properties, and {@code logo.png}, the
 * logo from {@code site.logo} (none, and a 404, when the site has no logo).
 */
public final class Assets {
    private record Asset(String contentType, List<String> resources) {}

    private record Loaded(byte[] bytes, String etag) {}

    private static final String CSS = "text/css; charset=UTF-8";
    private static final String JS = "text/javascript; charset=UTF-8";
    /** The signing page script's parts, each served as {@code /assets/sign/NAME.js} from {@code /web/sign/}. */
    private static final List<String> SIGN_PARTS = List.of("page", "text", "gates", "signing", "state", "document",
            "controls", "tools", "guided", "progress", "actions", "decline", "delegate", "capture", "pad", "upload",
            "attach", "files",
            "outcome", "rules");
    /** The administrator pages' field editor: {@code editor.js} and the modules it imports, under {@code /web/admin/}. */
    private static final List<String> EDITOR_PARTS = List.of("editor", "editor-drag", "editor-saving",
            "editor-settings", "editor-words", "placement");
    /** Every module the signing page's script imports, by path: what a page preloads so none waits for another. */
    static final List<String> SIGN_MODULES = signModules();
    private static final Map<String, Asset> FILES = files();

    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();
    /** The site's own files, made at start from its settings. */
    private final Map<String, Own> own;

    private record Own(String contentType, Loaded file) {}

    /** The assets of a site with {@code brand}'s accent and logo. */
    public Assets(Brand brand) {
        Map<String, Own> files = new LinkedHashMap<>();
        files.put("site.css", new Own(CSS, loaded(SiteStyle.css(brand.palette()).getBytes(StandardCharsets.UTF_8))));
        brand.logo().ifPresent(png -> files.put("logo.png", new Own("image/png", loaded(png))));
        own = Map.copyOf(files);
    }

    public void routes(Router site) {
        site.get("/assets/{name}", req -> asset(req, req.pathParam("name")));
        site.get("/assets/sign/{name}", req -> asset(req, "sign/" + req.pathParam("name")));
        site.get("/assets/admin/{name}", req -> asset(req, "admin/" + req.pathParam("name")));
    }

    private static List<String> signModules() {
        return Stream.concat(Stream.of("embed"), SIGN_PARTS.stream().map(part -> "sign/" + part))
                .map(name -> "/assets/" + name + ".js").toList();
    }

    private static Map<String, Asset> files() {
        Map<String, Asset> files = new LinkedHashMap<>();
        files.put("sign.js", new Asset(JS, List.of("/web/sign.js")));
        files.put("embed.js", new Asset(JS, List.of("/web/embed.js")));
        SIGN_PARTS.forEach(part -> files.put("sign/" + part + ".js",
                new Asset(JS, List.of("/web/sign/" + part + ".js"))));
        files.put("sign.css", new Asset(CSS, List.of("/web/look.css", "/web/sign.css")));
        files.put("verify.js", new Asset(JS, List.of("/web/verify.js")));
        files.put("verify.css", new Asset(CSS, List.of("/web/look.css", "/web/sign.css", "/web/verify.css")));
        files.put("admin.js", new Asset(JS, List.of("/web/admin.js")));
        files.put("admin/passkeys.js", new Asset(JS, List.of("/web/admin/passkeys.js")));
        files.put("admin/follow.js", new Asset(JS, List.of("/web/admin/follow.js")));
        files.put("admin/bulk-run.js", new Asset(JS, List.of("/web/admin/bulk-run.js")));
        files.put("admin/compose.js", new Asset(JS, List.of("/web/admin/compose.js")));
        EDITOR_PARTS.forEach(part -> files.put("admin/" + part + ".js",
                new Asset(JS, List.of("/web/admin/" + part + ".js"))));
        files.put("admin.css", new Asset(CSS, List.of("/web/look.css", "/web/admin.css")));
        files.put("handwriting.otf", new Asset("font/otf", List.of("/fonts/DancingScript-Regular.otf")));
        return Map.copyOf(files);
    }

    private Response asset(Request req, String name) {
        Own site = own.get(name);
        if (site != null) {
            // Checked on every use: a restart with another accent or logo shows at once, each check a 304 until then.
            return answer(req, site.contentType(), site.file()).header("Cache-Control", "no-cache");
        }
        Asset asset = FILES.get(name);
        if (asset == null) {
            throw Refusal.noRoute();
        }
        Loaded file = loaded.computeIfAbsent(name, n -> load(asset.resources()));
        return answer(req, asset.contentType(), file).header("Cache-Control", "public, max-age=3600");
    }

    private static Response answer(Request req, String contentType, Loaded file) {
        return EntityTags.answer(req, contentType, file.bytes(), file.etag());
    }

    /** The resources one after another, a newline between two (a single one, such as the font, is its bytes). */
    private static Loaded load(List<String> resources) {
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
        return loaded(out.toByteArray());
    }

    private static Loaded loaded(byte[] bytes) {
        return new Loaded(bytes, EntityTags.of(bytes));
    }
}
