package org.signet.web.admin;

import java.util.List;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;
import org.signet.text.Messages;
import org.signet.text.SiteWords;
import org.signet.text.Wire;

/**
 * The frame every administrator page shares (skip link, the signer pages' top bar with the
 * navigation, one stylesheet, one small script) and the helpers pages are written with: escaping,
 * the CSRF field, times, notices and error pages. Markup is XHTML-compatible, as the signer's pages.
 */
final class AdminView {
    static final String STYLESHEET = "/assets/admin.css";
    static final String SCRIPT = "/assets/admin.js";
    private static final List<String> NAV = List.of("dashboard", "documents", "keys", "webhooks", "users");

    final Messages m;
    private final Wire wire;

    AdminView(Messages m, Wire wire) {
        this.m = m;
        this.wire = wire;
    }

    static String esc(String s) {
        return Html.escape(s);
    }

    /** The escaped message for {@code key}. */
    String t(String key, Object... args) {
        return esc(m.get(key, args));
    }

    String time(Long epochSeconds) {
        return epochSeconds == null ? t("common.never") : esc(wire.time(epochSeconds));
    }

    static String csrf(Session s) {
        return "<input type=\"hidden\" name=\"csrf\" value=\"" + esc(s.csrfToken()) + "\" />\n";
    }

    /** A form of one button that posts to {@code action}; {@code hidden} is extra escaped markup. */
    String button(Session s, String action, String labelKey, String style, String hidden) {
        return "<form method=\"post\" action=\"" + esc(action) + "\" class=\"inline-form\">\n" + csrf(s) + hidden
                + "<button type=\"submit\" class=\"btn " + style + "\">" + t(labelKey) + "</button>\n</form>\n";
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
        return Response.html(status, document(title, header(s, section), notice(req) + content));
    }

    /** A page outside a session (sign-in, errors before one exists). */
    Response bare(int status, String title, String content) {
        return Response.html(status, document(title, header(null, null), content));
    }

    /** The error page for a refusal: the status of its kind, a heading of its kind, and its message. */
    Response error(Refusal r, Session s) {
        String kind = r.kind().name().toLowerCase(java.util.Locale.ROOT);
        String detail = m.find("error.code." + r.code()).orElse(r.getMessage());
        String body = "<div class=\"panel\" role=\"alert\">\n<p>" + esc(detail) + "</p>\n"
                + params(r) + "</div>\n<p><a href=\"/admin\">" + t("error.back") + "</a></p>\n";
        return Response.html(r.status(), document(m.get("error." + kind), header(s, null), body));
    }

    private static String params(Refusal r) {
        if (!(r.data().get("params") instanceof java.util.Map<?, ?> params) || params.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<ul>\n");
        params.forEach((k, v) -> out.append("<li>").append(esc(String.valueOf(v))).append("</li>\n"));
        return out.append("</ul>\n").toString();
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
        return "<!DOCTYPE html>\n<html lang=\"" + t("lang") + "\">\n<head>\n<meta charset=\"utf-8\" />\n"
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
