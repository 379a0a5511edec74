package org.signet.web;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.domain.Language;
import org.signet.json.Json;
import org.signet.text.Html;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/**
 * The page script's words, given to it in the page as a JSON data block
 * ({@code <script type="application/json" id="page-text">}): every key of the {@code web/script}
 * catalogue in the page's language, and {@code lang}. A data block is never executed, so the
 * Content-Security-Policy without inline script holds. {@code {site}} in a word is the site's name.
 */
final class PageText {
    static final String BUNDLE = "web/script";
    static final String ID = "page-text";

    /** Made once per language and site name: every page with a script carries its block. */
    private static final Map<List<String>, String> BLOCKS = new ConcurrentHashMap<>();

    private PageText() {}

    /** The data block for {@code page}'s language and site, ready to go into the page's head. */
    static String block(Messages page) {
        Language language = page.language();
        String site = SiteWords.name(page);
        return BLOCKS.computeIfAbsent(List.of(language.code(), site), k -> make(language, site));
    }

    /** The data block as markup for the page's head; its JSON's own escapes ({@link #dataBlock}) keep it inert there. */
    static Html element(Messages page) {
        return Html.trusted(block(page));
    }

    private static String make(Language language, String site) {
        Messages m = Messages.of(BUNDLE, language);
        Map<String, String> words = new TreeMap<>();
        for (String key : m.keys()) {
            words.put(key, m.get(key).replace("{site}", site));
        }
        words.put("lang", language.code());
        return dataBlock(words);
    }

    /**
     * {@code words} as a JSON data block in which {@code <}, {@code >} and {@code &} are written as JSON
     * unicode escapes (backslash, u003c and so on), so that no value ({@code </script>}, {@code <!--})
     * can end the block or change how it is parsed. Those characters occur in JSON only inside strings, where the escapes
     * mean the same.
     */
    static String dataBlock(Map<String, String> words) {
        String json = Json.write(words).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        return "<script type=\"application/json\" id=\"" + ID + "\">" + json + "</script>\n";
    }
}
