package org.signet.web;

import static org.signet.web.PageHtml.text;

import org.signet.text.Html;
import org.signet.text.Messages;

/**
 * The HTML of a public link's page: the form for a name and an email, or, once a code was mailed, the
 * form for the code; each a plain form post, so the page works without script. Every word comes from
 * {@code m}, the page's language's catalogue.
 */
final class PublicLinkPage {
    private final Messages m;
    private final String path;
    private final String query;

    /**
     * @param path the link's own path, {@code /p/{token}}, under which both forms post
     * @param query {@code ?lang=xx} when the address named a language, which the forms keep; else ""
     */
    PublicLinkPage(Messages m, String path, String query) {
        this.m = m;
        this.path = path;
        this.query = query;
    }

    /** The first step, with {@code errorOrNull} beside the form. */
    String start(String templateName, String errorOrNull) {
        return page(templateName, Html.of("<p>{}</p>\n"
                + "<form class=\"public-form\" method=\"post\" action=\"{}/start{}\">\n"
                + "<label class=\"label\" for=\"public-name\">{}</label>\n"
                + "<input id=\"public-name\" class=\"input\" type=\"text\" name=\"name\" maxlength=\"255\""
                + " autocomplete=\"name\" required=\"required\" />\n"
                + "<label class=\"label\" for=\"public-email\">{}</label>\n"
                + "<input id=\"public-email\" class=\"input\" type=\"email\" name=\"email\" maxlength=\"254\""
                + " autocomplete=\"email\" required=\"required\" />\n{}"
                + "<button class=\"btn btn-primary\" type=\"submit\">{}</button>\n</form>\n",
                text(m, "public.intro"), path, query, text(m, "public.name"), text(m, "public.email"),
                PageHtml.messageRegion(errorOrNull), text(m, "public.start")));
    }

    /** The second step: the code mailed to {@code maskedEmail}. */
    String code(String templateName, String maskedEmail, String errorOrNull) {
        return page(templateName, Html.of("<p>{}</p>\n"
                + "<form class=\"public-form\" method=\"post\" action=\"{}/verify{}\">\n"
                + "<input type=\"hidden\" name=\"masked\" value=\"{}\" />\n"
                + "<label class=\"label\" for=\"public-code\">{}</label>\n"
                + "<input id=\"public-code\" class=\"input\" type=\"text\" name=\"code\" inputmode=\"numeric\""
                + " maxlength=\"12\" autocomplete=\"one-time-code\" required=\"required\" />\n{}"
                + "<button class=\"btn btn-primary\" type=\"submit\">{}</button>\n</form>\n"
                + "<p><a href=\"{}{}\">{}</a></p>\n",
                text(m, "public.code_intro", maskedEmail), path, query, maskedEmail, text(m, "public.code"),
                PageHtml.messageRegion(errorOrNull), text(m, "public.verify"), path, query, text(m, "public.again")));
    }

    private String page(String templateName, Html form) {
        Html body = Html.of("{}<main id=\"main\" class=\"narrow\">\n<section class=\"card\" aria-labelledby=\"public-title\">\n"
                + "<h1 id=\"public-title\" class=\"card-title\">{}</h1>\n{}</section>\n</main>\n",
                PageHtml.topbar(m, Html.EMPTY), text(m, "public.title", templateName), form);
        return PageHtml.document(m, m.get("public.title", templateName), "public", false, body);
    }
}
