package org.signet.web;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.signet.text.Html;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/**
 * The HTML frame shared by the signer's pages, and the escaping every dynamic value goes
 * through. Markup is written XHTML-compatible (closed empty elements, quoted attribute values,
 * numeric character references only) so that it parses with an XML parser as well as a browser.
 */
final class PageHtml {

    static final String STYLESHEET = "/assets/sign.css";
    static final String SCRIPT = "/assets/sign.js";
    /**
     * The page script, a module (deferred like every module: it runs once the page is parsed), and the
     * modules it imports named for preloading, so the browser fetches them all at once instead of
     * finding each import only when the module that names it arrives.
     */
    private static final String SCRIPT_MARKUP = preloads()
            + "<script type=\"module\" src=\"" + SCRIPT + "\"></script>\n";
    /** The words of the pages rendered here; the page script's are in {@link PageText#BUNDLE}. */
    static final String BUNDLE = "web/messages";
    private static final Pattern WORD = Pattern.compile("\\{\\{([a-z_.]+)}}");

    private PageHtml() {
    }

    private static String preloads() {
        return Assets.SIGN_MODULES.stream().map(module -> "<link rel=\"modulepreload\" href=\"" + module + "\" />\n")
                .collect(Collectors.joining());
    }

    static String escape(String value) {
        return Html.escape(value);
    }

    /**
     * A complete document in {@code m}'s language: head with the viewport, the stylesheet and (when
     * {@code withScript}) the page script with its words, then {@code body}, which must already be
     * escaped markup.
     *
     * @param kind the page kind the script reads from {@code body[data-page]}
     */
    static String document(Messages m, String title, String kind, boolean withScript, String body) {
        String script = withScript ? PageText.block(m) + SCRIPT_MARKUP : "";
        return document(m, title, kind, STYLESHEET, script, body);
    }

    /**
     * A complete document with its own {@code stylesheet} (a path) and {@code scriptMarkup} (the
     * script elements for the head, already markup; empty for none).
     */
    static String document(Messages m, String title, String kind, String stylesheet, String scriptMarkup,
            String body) {
        return "<!DOCTYPE html>\n"
                + "<html lang=\"" + m.language().code() + "\">\n<head>\n"
                + "<meta charset=\"utf-8\" />\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
                + "<meta name=\"robots\" content=\"noindex, nofollow\" />\n"
                + "<meta name=\"referrer\" content=\"no-referrer\" />\n"
                + "<title>" + escape(m.get("page.title", title, SiteWords.name(m))) + "</title>\n"
                + "<link rel=\"icon\" href=\"data:,\" />\n"
                + "<link rel=\"stylesheet\" href=\"" + escape(stylesheet) + "\" />\n"
                + "<link rel=\"stylesheet\" href=\"" + SiteWords.STYLESHEET + "\" />\n"
                + scriptMarkup
                + "</head>\n"
                + "<body data-page=\"" + escape(kind) + "\">\n"
                + body
                + "</body>\n</html>\n";
    }

    /**
     * The message {@code key}, escaped, with {@code {0}}, {@code {1}} ... replaced by {@code markup},
     * which must already be escaped: for words around an element, such as "Sent by <strong>..</strong>".
     */
    static String text(Messages m, String key, String... markup) {
        return Messages.fill(escape(m.get(key)), (Object[]) markup);
    }

    /** {@code markup} with each {@code {{key}}} replaced by that message, escaped. */
    static String words(Messages m, String markup) {
        return WORD.matcher(markup).replaceAll(found -> Matcher.quoteReplacement(text(m, found.group(1))));
    }

    /** The top bar with the site's name or logo and, when not empty, {@code inner} markup beside it. */
    static String topbar(Messages m, String inner) {
        return "<header class=\"topbar\">\n<div class=\"topbar-inner\">\n"
                + "<span class=\"brand\">" + SiteWords.mark(m) + "</span>\n"
                + inner + "</div>\n</header>\n";
    }

    /** Plain text with blank lines between paragraphs, as escaped {@code <p>} elements. */
    static String paragraphs(String text) {
        StringBuilder out = new StringBuilder();
        for (String paragraph : text.strip().split("\\n\\s*\\n")) {
            out.append("<p>").append(escape(paragraph.strip())).append("</p>\n");
        }
        return out.toString();
    }

    /** The polite live region for messages; filled with {@code message} when there is one. */
    static String messageRegion(String message) {
        return "<div id=\"message\" class=\"message\" role=\"status\" aria-live=\"polite\">"
                + escape(message) + "</div>\n";
    }
}
