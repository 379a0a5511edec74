package org.signet.web.admin;

import java.text.NumberFormat;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.signet.config.Brand;
import org.signet.domain.Language;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;
import org.signet.text.Messages;
import org.signet.text.SiteWords;

/**
 * The frame every administrator page shares (skip link, the signer pages' top bar with the
 * navigation, one stylesheet, one small script) and the helpers pages are written with, in one
 * language: escaping, the CSRF field, times and numbers, notices and error pages. Markup is
 * XHTML-compatible, as the signer's pages.
 */
final class AdminView {
    static final String STYLESHEET = "/assets/admin.css";
    static final String SCRIPT = "/assets/admin.js";
    static final String BUNDLE = "web/admin/messages";
    private static final List<String> NAV = List.of("dashboard", "documents", "keys", "webhooks", "users", "account");

    final Messages m;
    private final Locale locale;
    private final ZoneId zone;
    private final DateTimeFormatter timeFormat;
    private final DateTimeFormatter dateFormat;
    private final DateTimeFormatter dayFormat;
    /** Every message of the catalogue, to tell the pages' own words from the English of the shared readers. */
    private final Set<String> ownWords;

    /** The pages in {@code language}, times in {@code zone}, under {@code brand}'s name and logo. */
    AdminView(Language language, ZoneId zone, Brand brand) {
        Messages catalogue = Messages.of(BUNDLE, language);
        this.m = SiteWords.of(catalogue, brand);
        this.locale = language.locale();
        this.zone = zone;
        this.timeFormat = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM).withLocale(locale).withZone(zone);
        this.dateFormat = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(locale);
        this.dayFormat = DateTimeFormatter.ofPattern(m.get("format.day"), locale);
        this.ownWords = catalogue.keys().stream().map(catalogue::get).collect(Collectors.toUnmodifiableSet());
    }

    Language language() {
        return m.language();
    }

    static String esc(String s) {
        return Html.escape(s);
    }

    /** The escaped message for {@code key}. */
    String t(String key, Object... args) {
        return esc(m.get(key, args));
    }

    /** A moment as the page's language writes it, with the exact instant in {@code datetime} for programs. */
    String time(Long epochSeconds) {
        if (epochSeconds == null) {
            return t("common.never");
        }
        Instant at = Instant.ofEpochSecond(epochSeconds);
        return "<time datetime=\"" + DateTimeFormatter.ISO_INSTANT.format(at) + "\">" + esc(timeFormat.format(at))
                + "</time>";
    }

    /** A day as the page's language writes it in full (escaped). */
    String date(LocalDate day) {
        return esc(dateFormat.format(day));
    }

    /** A day as short as a chart's axis needs, such as "26 Nov" or "26. Nov." (not escaped). */
    String day(LocalDate day) {
        return dayFormat.format(day);
    }

    /** A count with the language's digit grouping: 12,345, 12.345 or 12 345. */
    String number(long n) {
        return NumberFormat.getIntegerInstance(locale).format(n);
    }

    ZoneId zone() {
        return zone;
    }

    static String csrf(Session s) {
        return "<input type=\"hidden\" name=\"csrf\" value=\"" + esc(s.csrfToken()) + "\" />\n";
    }

    /** A form of one button that posts to {@code action}; {@code hidden} is extra escaped markup. */
    String button(Session s, String action, String labelKey, String style, String hidden) {
        return "<form method=\"post\" action=\"" + esc(action) + "\" class=\"inline-form\">\n" + csrf(s) + hidden
                + "<button type=\"submit\" class=\"btn " + style + "\">" + t(labelKey) + "</button>\n</form>\n";
    }

    /** A column heading. */
    String th(String key) {
        return "<th scope=\"col\">" + t(key) + "</th>";
    }

    /**
     * The opening of a box a wide table scrolls sideways in on a small screen: focusable and named,
     * so that keyboard users can scroll it too (WCAG 2.1.1).
     */
    String tableWrap(String labelKey) {
        return "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"" + t(labelKey) + "\">\n";
    }

    /** A page for a signed-in user; {@code section} marks the current navigation entry. */
    Response page(int status, Session s, String section, String title, Request req, String content) {
        return html(status, document(title, header(s, section), notice(req) + content));
    }

    /** A page outside a session (sign-in, errors before one exists). */
    Response bare(int status, String title, String content) {
        return html(status, document(title, header(null, null), content));
    }

    /**
     * The error page for a refusal: the status of its kind, a heading of its kind, its message in the
     * page's words where the catalogue has them, and the request id; {@code s} may be null.
     */
    Response error(Refusal r, Session s, Request req) {
        String kind = r.kind().name().toLowerCase(Locale.ROOT);
        String detail = m.find("error.code." + r.code()).orElse(r.getMessage());
        String body = "<div class=\"panel\" role=\"alert\">\n<p" + foreign(detail) + ">" + esc(detail) + "</p>\n"
                + params(r) + "</div>\n" + requestId(req);
        return html(r.status(), document(m.get("error." + kind), header(s, null), body));
    }

    /** The page for an unexpected failure: nothing of what failed, only the request id to report it by. */
    Response failure(Session s, Request req) {
        String body = "<div class=\"panel\" role=\"alert\">\n<p>" + t("error.internal_detail", SiteWords.name(m)) + "</p>\n</div>\n"
                + requestId(req);
        return html(500, document(m.get("error.internal"), header(s, null), body));
    }

    private String requestId(Request req) {
        String id = "<code id=\"request-id\">" + esc(req.requestId()) + "</code>";
        return "<p class=\"muted\">" + Messages.fill(t("error.request_id"), id) + "</p>\n<p><a href=\"/admin\">"
                + t("error.back") + "</a></p>\n";
    }

    /** What was wrong with each field: its message for a bad value, its name for a missing one. */
    private String params(Refusal r) {
        StringBuilder out = new StringBuilder();
        if (r.data().get("params") instanceof java.util.Map<?, ?> bad) {
            bad.forEach((k, v) -> out.append("<li").append(foreign(String.valueOf(v))).append('>')
                    .append(esc(String.valueOf(v))).append("</li>\n"));
        } else if (r.data().get("params") instanceof List<?> missing) {
            missing.forEach(name -> out.append("<li><code>").append(esc(String.valueOf(name))).append("</code></li>\n"));
        }
        return out.length() == 0 ? "" : "<ul>\n" + out + "</ul>\n";
    }

    /**
     * The shared request readers and the services explain a refusal in English; on a page in another
     * language such a sentence is marked as English, so that a screen reader reads it as English.
     */
    private String foreign(String text) {
        return language() == Language.BASE || ownWords.contains(text) ? "" : " lang=\"" + Language.BASE.code() + "\"";
    }

    /** Every page follows the user's setting or else the browser's languages, so caches must tell them apart. */
    private static Response html(int status, String document) {
        return Response.html(status, document).header("Vary", "Accept-Language");
    }

    /** Post/redirect/get: after a change, back to a page that names what happened by a message key. */
    static Response redirect(String path, String notice) {
        return Response.redirect(path + (notice == null ? "" : (path.contains("?") ? "&" : "?") + "notice=" + notice));
    }

    /** The notice named by {@code ?notice=}, when it is one of ours: only keys, never free text, travel in URLs. */
    String notice(Request req) {
        return req.query("notice").filter(n -> n.matches("[a-z_]{1,40}"))
                .filter(n -> m.find("notice." + n).isPresent())
                .map(n -> notice("notice." + n)).orElse("");
    }

    /** A notice saying what was just done, for a page that answers a POST itself rather than redirecting. */
    String notice(String key, Object... args) {
        return "<div class=\"notice\" role=\"status\">" + t(key, args) + "</div>\n";
    }

    private String header(Session s, String section) {
        StringBuilder out = new StringBuilder("<header class=\"topbar\">\n<div class=\"topbar-inner\">\n"
                + "<a class=\"brand\" href=\"/admin\">" + SiteWords.mark(m) + "</a>\n");
        if (s != null) {
            out.append("<nav class=\"nav\" aria-label=\"").append(t("nav.label")).append("\">\n<ul>\n");
            for (String item : NAV) {
                if (!item.equals("users") || s.user().admin()) {
                    String href = item.equals("dashboard") ? "/admin" : "/admin/" + item;
                    out.append("<li><a href=\"").append(href).append('"')
                            .append(item.equals(section) ? " aria-current=\"page\"" : "").append('>')
                            .append(t("nav." + item)).append("</a></li>\n");
                }
            }
            out.append("</ul>\n</nav>\n<div class=\"account\">\n<span class=\"who\">").append(esc(s.user().email()))
                    .append("</span>\n").append(button(s, "/admin/logout", "nav.sign_out", "btn-quiet", ""))
                    .append("</div>\n");
        }
        return out.append("</div>\n</header>\n").toString();
    }

    private String document(String title, String header, String content) {
        return "<!DOCTYPE html>\n<html lang=\"" + language().code() + "\">\n<head>\n<meta charset=\"utf-8\" />\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
                + "<meta name=\"robots\" content=\"noindex, nofollow\" />\n"
                + "<meta name=\"referrer\" content=\"no-referrer\" />\n"
                + "<title>" + esc(title) + " - " + esc(SiteWords.name(m)) + "</title>\n"
                + "<link rel=\"icon\" href=\"data:,\" />\n"
                + "<link rel=\"stylesheet\" href=\"" + STYLESHEET + "\" />\n"
                + "<link rel=\"stylesheet\" href=\"" + SiteWords.STYLESHEET + "\" />\n"
                + "<script src=\"" + SCRIPT + "\" defer=\"defer\"></script>\n</head>\n<body>\n"
                + "<a class=\"skip-link\" href=\"#main\">" + t("nav.skip") + "</a>\n" + header
                + "<main id=\"main\" class=\"main\" tabindex=\"-1\">\n<h1>" + esc(title) + "</h1>\n"
                + content + "</main>\n</body>\n</html>\n";
    }
}
