package org.signet.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.TreeMap;
import org.signet.json.Json;

/**
 * The page script's words as a JSON data block in the page: not executed, so the
 * Content-Security-Policy without inline script holds.
 */
final class ScriptText {
    private static final String BLOCK = block();

    private ScriptText() {
    }

    static String dataBlock() {
        return BLOCK;
    }

    private static String block() {
        Properties words = new Properties();
        try (InputStream in = ScriptText.class.getResourceAsStream("/web/script.properties")) {
            words.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TreeMap<String, Object> json = new TreeMap<>();
        words.forEach((k, v) -> json.put((String) k, v));
        json.put("lang", "en");
        // No "<" in the block, so no value can end the script element or open a comment.
        String text = Json.write(json).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        return "<script type=\"application/json\" id=\"page-text\">" + text + "</script>\n";
    }
}
