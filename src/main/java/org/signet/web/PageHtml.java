package org.signet.web;

import java.util.Arrays;
import java.util.regex.Pattern;
import org.signet.text.Html;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/**
 * The HTML frame shared by the signer's pages, written with {@link Html} as every page is. Markup is
 * written XHTML-compatible (closed empty elements, quoted attribute values, numeric character references
 * only) so that it parses with an XML parser as well as a browser.
 */
final class PageHtml {

    static final String STYLESHEET = "/assets/sign.css";
    static final String SCRIPT = "/assets/sign.js";
    /**
     * The page script, a module (deferred like every module: it runs once the page is parsed), and the
     * modules it imports named for preloading, so the browser fetches them all at once instead of
     * finding each import only when the module that names it arrives.
     */
    private static final Html SCRIPT_MARKUP = Assets.SIGN_MODULES.stream()
            .map(module -> Html.of("<link rel=\"modulepreload\" href=\"{}\" />\n", module)).collect(Html.joining())
            .then(Html.of("<script type=\"module\" src=\"{}\"></script>\n", SCRIPT));
    /** The words of the pages rendered here; the page script's are in {@link PageText#BUNDLE}. */
    static final String BUNDLE = "web/messages";
    private static final Pattern WORD = Pattern.compile("\\{\\{([a-z_.]+)}}");

    private PageHtml() {
    }

    /**
     * A complete document in {@code m}'s language: head with the viewport, the stylesheet and (when
     * {@code withScript}) the page script with its words, then {@code body}.
     *
     * @param kind the page kind the script reads from {@code body[data-page]}
     */
    static String document(Messages m, String title, String kind, boolean withScript, Html body) {
        // The words travel as a JSON data block, which PageText's own escapes keep inert inside its element.
        Html script = withScript ? PageText.element(m).then(SCRIPT_MARKUP) : Html.EMPTY;
        return document(m, title, kind, STYLESHEET, script, body);
    }

    /**
     * A complete document with its own {@code stylesheet} (a path) and {@code scriptMarkup} (the
     * script elements for the head; empty for none), as the text of the response.
     */
    static String document(Messages m, String title, String kind, String stylesheet, Html scriptMarkup, Html body) {
        return Html.of("<!DOCTYPE html>\n"
                + "<html lang=\"{}\">\n<head>\n"
                + "<meta charset=\"utf-8\" />\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
                + "<meta name=\"robots\" content=\"noindex, nofollow\" />\n"
                + "<meta name=\"referrer\" content=\"no-referrer\" />\n"
                + "<title>{}</title>\n"
                + "<link rel=\"icon\" href=\"data:,\" />\n"
                + "<link rel=\"stylesheet\" href=\"{}\" />\n"
                + "<link rel=\"stylesheet\" href=\"{}\" />\n"
                + "{}"
                + "</head>\n"
                + "<body data-page=\"{}\">\n"
                + "{}"
                + "</body>\n</html>\n", m.language().code(), m.get("page.title", title, SiteWords.name(m)), stylesheet,
                SiteWords.STYLESHEET, scriptMarkup, kind, body).toString();
    }

    /**
     * The message {@code key} as text, with {@code {0}}, {@code {1}} ... replaced by {@code values} as
     * {@link Html#message} places them: for words around an element, such as "Sent by <strong>..</strong>".
     */
    static Html text(Messages m, String key, Object... values) {
        return Html.message(m.get(key), values);
    }

    /** {@code markup} with each {@code {{key}}} replaced by that message, as text. */
    static Html words(Messages m, Html markup) {
        return Html.fill(markup, WORD, key -> text(m, key));
    }

    /** The top bar with the site's name or logo and, when not empty, {@code inner} markup beside it. */
    static Html topbar(Messages m, Html inner) {
        return Html.of("<header class=\"topbar\">\n<div class=\"topbar-inner\">\n"
                + "<span class=\"brand\">{}</span>\n{}</div>\n</header>\n", SiteWords.mark(m), inner);
    }

    /** Plain text with blank lines between paragraphs, as {@code <p>} elements. */
    static Html paragraphs(String text) {
        return Arrays.stream(text.strip().split("\\n\\s*\\n"))
                .map(paragraph -> Html.of("<p>{}</p>\n", paragraph.strip())).collect(Html.joining());
    }

    /** The polite live region for messages; filled with {@code message} when there is one. */
    static Html messageRegion(String message) {
        return Html.of("<div id=\"message\" class=\"message\" role=\"status\" aria-live=\"polite\">{}</div>\n",
                message);
    }
}
