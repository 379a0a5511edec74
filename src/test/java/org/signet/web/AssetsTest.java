package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Language;
import org.signet.http.EntityTags;
import org.signet.support.SignetFixture;
import org.signet.text.Messages;

/**
 * The pages' files: each stylesheet begins with the shared look, the font is served byte for byte, the
 * signing page's script modules are all served, imported and preloaded, every page script is a module, and a copy
 * still current is answered 304.
 */
class AssetsTest {
    /** A static import in a module, {@code import './x.js';} or {@code import { a, b } from './x.js';}. */
    private static final Pattern IMPORT = Pattern.compile("^import (?:[^;]*? from )?'([^']+)';", Pattern.MULTILINE);
    private static final Path SIGN_PARTS = Path.of("src/main/resources/web/sign");

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    @Test
    void stylesheets_beginWithTheSharedLookThenTheirOwnRules() throws IOException {
        String look = resource("/web/look.css");
        for (String[] sheet : new String[][] {{"sign.css", "/web/sign.css"}, {"admin.css", "/web/admin.css"}}) {
            byte[] served = signet.server().sendForBytes(signet.server().request("/assets/" + sheet[0], null).GET().build()).body();
            assertEquals(look + "\n" + resource(sheet[1]), new String(served, StandardCharsets.UTF_8), sheet[0]);
        }
        assertTrue(look.contains(".topbar"), "the top bar is part of the shared look");
        assertFalse(resource("/web/sign.css").contains(".brand-mark"), "and is written once");
        assertFalse(resource("/web/admin.css").contains(".brand-mark"), "and is written once");
    }

    @Test
    void font_servedByteForByte() throws IOException {
        byte[] served = signet.server().sendForBytes(signet.server().request("/assets/handwriting.otf", null).GET().build()).body();
        try (InputStream in = AssetsTest.class.getResourceAsStream("/fonts/DancingScript-Regular.otf")) {
            assertArrayEquals(in.readAllBytes(), served);
        }
    }

    @Test
    void signScript_importsFollowed_reachExactlyThePreloadedModulesServedAsScript() {
        Set<String> reached = new TreeSet<>();
        Deque<URI> next = new ArrayDeque<>();
        next.add(URI.create("/assets/sign.js"));
        while (!next.isEmpty()) {
            URI module = next.pop();
            HttpResponse<byte[]> r = get(module.toString());
            assertEquals(200, r.statusCode(), module.toString());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"), module.toString());
            Matcher imports = IMPORT.matcher(new String(r.body(), StandardCharsets.UTF_8));
            while (imports.find()) {
                URI imported = module.resolve(imports.group(1));
                if (reached.add(imported.toString())) {
                    next.add(imported);
                }
            }
        }
        assertEquals(new TreeSet<>(Assets.SIGN_MODULES), reached);
    }

    @Test
    void signScript_everyPartInTheSources_isPreloaded() throws IOException {
        Set<String> parts = new TreeSet<>();
        try (Stream<Path> files = Files.list(SIGN_PARTS)) {
            files.forEach(f -> parts.add("/assets/sign/" + f.getFileName()));
        }
        assertTrue(parts.size() >= 10, parts.toString());
        Set<String> preloaded = new TreeSet<>(Assets.SIGN_MODULES);
        preloaded.remove("/assets/embed.js");
        assertEquals(parts, preloaded);
    }

    @Test
    void signingPage_namesTheScriptAsAModuleAndPreloadsEachPart() {
        String html = SigningPages.signingPage(Messages.of(PageHtml.BUNDLE, Language.EN), "tok", "Lease", "A", "B", "signer");
        assertTrue(html.contains("<script type=\"module\" src=\"/assets/sign.js\"></script>"), html);
        for (String module : Assets.SIGN_MODULES) {
            assertTrue(html.contains("<link rel=\"modulepreload\" href=\"" + module + "\" />"), module);
        }
    }

    @Test
    void asset_askedWithTheETagItHas_answers304WithoutBody() {
        HttpResponse<byte[]> first = get("/assets/sign/text.js");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertEquals("public, max-age=3600", first.headers().firstValue("Cache-Control").orElseThrow());
        HttpResponse<byte[]> again = signet.server().sendForBytes(
                signet.server().request("/assets/sign/text.js", null).header("If-None-Match", etag).GET().build());
        assertEquals(304, again.statusCode());
        assertEquals(0, again.body().length);
        assertEquals(etag, again.headers().firstValue("ETag").orElseThrow());
        HttpResponse<byte[]> other = signet.server().sendForBytes(
                signet.server().request("/assets/sign/text.js", null).header("If-None-Match", "\"0123\"").GET().build());
        assertEquals(200, other.statusCode());
        assertArrayEquals(first.body(), other.body());
    }

    @Test
    void adminScripts_eachAModuleWithItsETag_askedAgainAnswer304() {
        for (String module : new String[] {"/assets/admin.js", "/assets/admin/follow.js", "/assets/admin/passkeys.js",
                "/assets/verify.js"}) {
            HttpResponse<byte[]> first = get(module);
            String etag = first.headers().firstValue("ETag").orElseThrow();
            HttpResponse<byte[]> again = signet.server().sendForBytes(
                    signet.server().request(module, null).header("If-None-Match", etag).GET().build());

            assertEquals(200, first.statusCode(), module);
            assertTrue(first.headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"), module);
            assertEquals(304, again.statusCode(), module);
            assertEquals(0, again.body().length, module);
        }
        assertTrue(new String(get("/assets/admin.js").body(), StandardCharsets.UTF_8).contains("import './admin/follow.js';"));
    }

    @Test
    void pages_nameEveryScriptAsAModule() {
        String admin = signet.server().send(signet.server().request("/admin/login", null).GET().build()).body();
        String verify = signet.server().send(signet.server().request("/verify", null).GET().build()).body();
        String signing = SigningPages.signingPage(Messages.of(PageHtml.BUNDLE, Language.EN), "tok", "Lease", "A", "B", "signer");
        for (String page : new String[] {admin, verify, signing}) {
            Matcher script = Pattern.compile("<script(?! type=\"application/json\")[^>]*>").matcher(page);
            int scripts = 0;
            while (script.find()) {
                scripts++;
                assertTrue(script.group().startsWith("<script type=\"module\" src=\"/assets/"), script.group());
            }
            assertTrue(scripts > 0, page);
        }
        assertTrue(admin.contains("<script type=\"module\" src=\"/assets/admin.js\"></script>"), admin);
    }

    @Test
    void asset_eachFile_hasItsOwnETag() {
        String text = get("/assets/sign/text.js").headers().firstValue("ETag").orElseThrow();
        String page = get("/assets/sign/page.js").headers().firstValue("ETag").orElseThrow();
        assertTrue(text.matches("\"[0-9a-f]{32}\""), text);
        assertFalse(text.equals(page));
    }

    @Test
    void unchanged_listWeakOrAny_matchesAndOtherTagsDoNot() {
        String etag = "\"abc\"";
        assertTrue(EntityTags.unchanged("\"abc\"", etag));
        assertTrue(EntityTags.unchanged("\"x\", W/\"abc\"", etag));
        assertTrue(EntityTags.unchanged("*", etag));
        assertFalse(EntityTags.unchanged(null, etag));
        assertFalse(EntityTags.unchanged("\"abcd\", \"ab\"", etag));
        assertFalse(EntityTags.unchanged("abc", etag));
    }

    @Test
    void logo_siteWithoutOne_isNotFound() {
        assertEquals(404, get("/assets/logo.png").statusCode());
    }

    @Test
    void siteCss_signetsOwnAccent_repeatsTheShadesOfLookCss() throws IOException {
        HttpResponse<byte[]> r = get("/assets/site.css");
        String css = new String(r.body(), StandardCharsets.UTF_8);
        String look = resource("/web/look.css");

        assertEquals(200, r.statusCode());
        assertEquals("no-cache", r.headers().firstValue("Cache-Control").orElseThrow());
        Matcher property = Pattern.compile("(--[a-z-]+): (#[0-9a-f]{6});").matcher(css);
        int count = 0;
        while (property.find()) {
            count++;
            assertTrue(look.contains(property.group(1) + ": " + property.group(2) + ";"), property.group());
        }
        assertEquals(7, count, css);
    }

    @Test
    void asset_unknownOrOutsideTheList_isNotFound() {
        for (String path : new String[] {"/assets/sign/nope.js", "/assets/sign/../sign.js", "/assets/sign",
                "/assets/web/sign.js", "/assets/sign/sign.js"}) {
            assertEquals(404, get(path).statusCode(), path);
        }
    }

    private HttpResponse<byte[]> get(String path) {
        return signet.server().sendForBytes(signet.server().request(path, null).GET().build());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = AssetsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
