package org.signet.web.admin;

import java.text.NumberFormat;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
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
 * navigation, one stylesheet, one small script and the passkey module) and the helpers pages are written with, in one
 * language: words, the CSRF field, times and numbers, notices and error pages. Markup is written with
 * {@link Html} and XHTML-compatible, as the signer's pages.
 */
final class AdminView {
    static final String STYLESHEET = "/assets/admin.css";
    static final String SCRIPT = "/assets/admin.js";
    /** The passkey ceremonies, on every page so that any page may start one with a button (see PasskeysPanel). */
    static final String PASSKEY_MODULE = "/assets/admin/passkeys.js";
    static final String BUNDLE = "web/admin/messages";
    /** The sections only an administrator sees in the navigation (and may open). */
    private static final List<String> ADMINISTRATORS_ONLY = List.of("users", "people");
    private static final List<String> NAV = List.of("dashboard", "documents", "templates", "keys", "webhooks", "teams",
            "users", "people", "account");
    /** Where the catalogue keeps notices: the shared ones, and a section's own under its prefix (the teams' block). */
    private static final List<String> NOTICES = List.of("notice.", "teams.notice.");

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

    /** The message for {@code key}, as text. */
    Html t(String key, Object... args) {
        return Html.message(m.get(key, args));
    }

    /** A moment as the page's language writes it, with the exact instant in {@code datetime} for programs. */
    Html time(Long epochSeconds) {
        if (epochSeconds == null) {
            return t("common.never");
        }
        Instant at = Instant.ofEpochSecond(epochSeconds);
        return Html.of("<time datetime=\"{}\">{}</time>", DateTimeFormatter.ISO_INSTANT.format(at), timeFormat.format(at));
    }

    /** A day as the page's language writes it in full. */
    String date(LocalDate day) {
        return dateFormat.format(day);
    }

    /** A day as short as a chart's axis needs, such as "26 Nov" or "26. Nov.", as text. */
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

    static Html csrf(Session s) {
        return csrf(s.csrfToken());
    }

    /** The CSRF field with {@code token}, for a form before or within a session. */
    static Html csrf(String token) {
        return Html.of("<input type=\"hidden\" name=\"csrf\" value=\"{}\" />\n", token);
    }

    /** A form of one button that posts to {@code action}; {@code hidden} is extra markup, such as hidden fields. */
    Html button(Session s, String action, String labelKey, String style, Html hidden) {
        return Html.of("<form method=\"post\" action=\"{}\" class=\"inline-form\">\n{}{}"
                + "<button type=\"submit\" class=\"btn {}\">{}</button>\n</form>\n", action, csrf(s), hidden, style,
                t(labelKey));
    }

    /** Links to the previous and next of {@code pages} pages around {@code page}, by {@code ?page=}; none for one page. */
    Html pager(long page, long pages) {
        return pager(page, pages, "");
    }

    /**
     * As {@link #pager(long, long)}, each link keeping what the list is narrowed to: {@code kept}, the rest of the
     * query from its first {@code &}, such as the team switcher's choice ({@link TeamSwitcher.Choice#inLink}).
     */
    Html pager(long page, long pages, String kept) {
        return pages <= 1 ? Html.EMPTY : Html.of("<nav class=\"pager\" aria-label=\"{}\">{}<span>{}</span>{}</nav>\n",
                t("pager.label"),
                page > 1 ? Html.of("<a rel=\"prev\" href=\"?page={}{}\">{}</a> ", page - 1, kept, t("pager.previous"))
                        : Html.EMPTY,
                t("pager.position", number(page), number(pages)),
                page < pages ? Html.of(" <a rel=\"next\" href=\"?page={}{}\">{}</a>", page + 1, kept, t("pager.next"))
                        : Html.EMPTY);
    }

    /** A column heading. */
    Html th(String key) {
        return Html.of("<th scope=\"col\">{}</th>", t(key));
    }

    /**
     * The opening of a box a wide table scrolls sideways in on a small screen: focusable and named,
     * so that keyboard users can scroll it too (WCAG 2.1.1).
     */
    Html tableWrap(String labelKey) {
        return Html.of("<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"{}\">\n", t(labelKey));
    }

    /** A page for a signed-in user; {@code section} marks the current navigation entry. */
    Response page(int status, Session s, String section, String title, Request req, Html content) {
        return page(status, s, section, title, req, Html.EMPTY, content);
    }

    /** A list's page with the team switcher ({@link TeamSwitcher}) in the frame, under the navigation. */
    Response page(int status, Session s, String section, String title, Request req, Html switcher, Html content) {
        return html(status, document(title, header(s, section, switcher), notice(req).then(content)));
    }

    /** A page outside a session (sign-in, errors before one exists). */
    Response bare(int status, String title, Html content) {
        return html(status, document(title, header(null, null), content));
    }

    /**
     * A page that goes on to {@code next} at once by itself (a refresh, as the pages run no inline script), with a
     * link for a browser that does not.
     */
    Response goingOn(String title, String next) {
        Html head = Html.of("<meta http-equiv=\"refresh\" content=\"0; url={}\" />\n", next);
        Html link = Html.of("<p><a id=\"going-on\" href=\"{}\">{}</a></p>\n", next, t("login.going_on"));
        return html(200, document(title, head, header(null, null), link));
    }

    /**
     * The error page for a refusal: the status of its kind, a heading of its kind, its message in the
     * page's words where the catalogue has them, and the request id; {@code s} may be null.
     */
    Response error(Refusal r, Session s, Request req) {
        String kind = r.kind().name().toLowerCase(Locale.ROOT);
        String detail = m.find("error.code." + r.code()).orElse(r.getMessage());
        Html body = Html.of("<div class=\"panel\" role=\"alert\">\n<p{}>{}</p>\n{}</div>\n{}", foreign(detail), detail,
                params(r), requestId(req));
        return html(r.status(), document(m.get("error." + kind), header(s, null), body));
    }

    /** The page for an unexpected failure: nothing of what failed, only the request id to report it by. */
    Response failure(Session s, Request req) {
        Html body = Html.of("<div class=\"panel\" role=\"alert\">\n<p>{}</p>\n</div>\n{}",
                t("error.internal_detail", SiteWords.name(m)), requestId(req));
        return html(500, document(m.get("error.internal"), header(s, null), body));
    }

    private Html requestId(Request req) {
        Html id = Html.of("<code id=\"request-id\">{}</code>", req.requestId());
        return Html.of("<p class=\"muted\">{}</p>\n<p><a href=\"/admin\">{}</a></p>\n",
                Html.message(m.get("error.request_id"), id), t("error.back"));
    }

    /** What was wrong with each field: its message for a bad value, its name for a missing one. */
    private Html params(Refusal r) {
        List<Html> items = new ArrayList<>();
        if (r.data().get("params") instanceof java.util.Map<?, ?> bad) {
            bad.forEach((k, v) -> items.add(Html.of("<li{}>{}</li>\n", foreign(String.valueOf(v)), v)));
        } else if (r.data().get("params") instanceof List<?> missing) {
            missing.forEach(name -> items.add(Html.of("<li><code>{}</code></li>\n", name)));
        }
        Html list = Html.join(items);
        return list.isEmpty() ? Html.EMPTY : Html.of("<ul>\n{}</ul>\n", list);
    }

    /**
     * The shared request readers and the services explain a refusal in English; on a page in another
     * language such a sentence is marked as English, so that a screen reader reads it as English.
     */
    Html foreign(String text) {
        return language() == Language.BASE || ownWords.contains(text) ? Html.EMPTY
                : Html.of(" lang=\"{}\"", Language.BASE.code());
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
    Html notice(Request req) {
        return req.query("notice").filter(n -> n.matches("[a-z_]{1,40}"))
                .flatMap(n -> NOTICES.stream().map(prefix -> prefix + n).filter(key -> m.find(key).isPresent()).findFirst())
                .map(key -> notice(key)).orElse(Html.EMPTY);
    }

    /** A notice saying what was just done, for a page that answers a POST itself rather than redirecting. */
    Html notice(String key, Object... args) {
        return Html.of("<div class=\"notice\" role=\"status\">{}</div>\n", t(key, args));
    }

    private Html header(Session s, String section) {
        return header(s, section, Html.EMPTY);
    }

    private Html header(Session s, String section, Html switcher) {
        Html account = s == null ? Html.EMPTY : Html.of("<nav class=\"nav\" aria-label=\"{}\">\n<ul>\n{}</ul>\n</nav>\n"
                + "<div class=\"account\">\n<span class=\"who\">{}</span>\n{}</div>\n", t("nav.label"), navigation(s, section),
                s.user().email(), button(s, "/admin/logout", "nav.sign_out", "btn-quiet", Html.EMPTY));
        return Html.of("<header class=\"topbar\">\n<div class=\"topbar-inner\">\n"
                + "<a class=\"brand\" href=\"/admin\">{}</a>\n{}</div>\n{}</header>\n", SiteWords.mark(m), account, switcher);
    }

    /** A session that must set up a second factor first is shown no way to the pages it cannot reach yet. */
    private Html navigation(Session s, String section) {
        return NAV.stream().filter(item -> !s.setUpFirst() || item.equals("account"))
                .filter(item -> !ADMINISTRATORS_ONLY.contains(item) || s.user().admin())
                .map(item -> Html.of("<li><a href=\"{}\"{}>{}</a></li>\n", item.equals("dashboard") ? "/admin" : "/admin/" + item,
                        item.equals(section) ? Html.trusted(" aria-current=\"page\"") : Html.EMPTY, t(navLabel(item))))
                .collect(Html.joining());
    }

    /** A navigation entry's words: the shared ones, or a section's own kept in its block (the teams'). */
    private static String navLabel(String item) {
        return item.equals("teams") ? "teams.nav" : "nav." + item;
    }

    private String document(String title, Html header, Html content) {
        return document(title, Html.EMPTY, header, content);
    }

    private String document(String title, Html head, Html header, Html content) {
        return Html.of("<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\" />\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
                + "<meta name=\"robots\" content=\"noindex, nofollow\" />\n"
                + "<meta name=\"referrer\" content=\"no-referrer\" />\n"
                + "{}<title>{} - {}</title>\n"
                + "<link rel=\"icon\" href=\"data:,\" />\n"
                + "<link rel=\"stylesheet\" href=\"{}\" />\n"
                + "<link rel=\"stylesheet\" href=\"{}\" />\n"
                + "<script type=\"module\" src=\"{}\"></script>\n"
                + "<script type=\"module\" src=\"{}\"></script>\n</head>\n<body>\n"
                + "<a class=\"skip-link\" href=\"#main\">{}</a>\n{}"
                + "<main id=\"main\" class=\"main\" tabindex=\"-1\">\n<h1>{}</h1>\n"
                + "{}</main>\n</body>\n</html>\n", language().code(), head, title, SiteWords.name(m), STYLESHEET,
                SiteWords.STYLESHEET, SCRIPT, PASSKEY_MODULE, t("nav.skip"), header, title, content).toString();
    }
}
