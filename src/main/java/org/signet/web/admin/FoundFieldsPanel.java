package org.signet.web.admin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;

/**
 * The fields found in a draft's file at upload (text tags and form fields), listed on the recipients page for the
 * sender to confirm: each signer number of the file is given to one of the recipients and the fields are kept
 * (placed, as {@code from_detected} places them), or the sender goes on without them and none is placed.
 */
final class FoundFieldsPanel {
    static final String ID = "found-fields";

    private FoundFieldsPanel() {}

    /** The signer numbers the fields name, each mapped to the recipient the form chose; unchosen ones left out. */
    static Map<Integer, Long> mapping(Form form, List<Map<String, Object>> found) {
        Map<Integer, Long> out = new LinkedHashMap<>();
        for (int n : numbers(found)) {
            String chosen = form.value("signer_" + n);
            if (chosen != null && chosen.matches("\\d{1,18}")) {
                out.put(n, Long.parseLong(chosen));
            }
        }
        return out;
    }

    /** The panel, or nothing when nothing was found; {@code refused} is why the last keep was refused, or null. */
    static Html render(AdminView v, Session s, long documentId, List<Map<String, Object>> found, List<Signer> parties,
            Refusal refused) {
        if (found.isEmpty()) {
            return Html.EMPTY;
        }
        List<Html> rows = new ArrayList<>();
        for (Map<String, Object> f : found) {
            rows.add(Html.of("<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                    v.t("field." + f.get("field_type")), f.get("field_name"), v.number(number(f.get("page_number"))),
                    v.number(number(f.get("signer")))));
        }
        Html alert = refused == null ? Html.EMPTY : Html.of("<div class=\"error\" role=\"alert\" id=\"found-error\">{}</div>\n",
                RefusalWords.words(v, "signers", refused));
        return Html.of("<section class=\"panel\" id=\"{}\">\n<h2>{}</h2>\n<p class=\"hint\">{}</p>\n{}{}"
                + "<table class=\"table\">\n<caption class=\"visually-hidden\">{}</caption>\n<thead><tr>{}{}{}{}</tr></thead>\n"
                + "<tbody>\n{}</tbody>\n</table>\n</div>\n{}</section>\n", ID, v.t("compose.found.title"),
                v.t("compose.found.intro"), alert, v.tableWrap("compose.found.title"), v.t("compose.found.title"),
                v.th("document.field_type"), v.th("compose.found.name"), v.th("compose.found.page"),
                v.th("compose.found.signer"), Html.join(rows), keepForm(v, s, documentId, found, parties));
    }

    private static Html keepForm(AdminView v, Session s, long documentId, List<Map<String, Object>> found,
            List<Signer> parties) {
        if (parties.isEmpty()) {
            return Html.of("<p>{}</p>\n", v.t("compose.found.recipients_first"));
        }
        List<Html> choices = new ArrayList<>();
        for (int n : numbers(found)) {
            Signer guess = n <= parties.size() ? parties.get(n - 1) : parties.get(0);
            List<Html> options = new ArrayList<>();
            for (Signer p : parties) {
                options.add(Html.of("<option value=\"{}\"{}>{}</option>\n", p.id(), p.id() == guess.id()
                        ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, p.name()));
            }
            choices.add(Html.of("<label for=\"found-signer-{}\">{}</label>\n<select id=\"found-signer-{}\" name=\"signer_{}\">\n"
                    + "{}</select>\n", n, v.t("compose.found.whose", v.number(n)), n, n, Html.join(options)));
        }
        return Html.of("<form method=\"post\" action=\"/admin/documents/{}/found\" class=\"form\">\n{}{}"
                + "<button type=\"submit\" class=\"btn btn-secondary\" id=\"keep-found\">{}</button>\n</form>\n", documentId,
                AdminView.csrf(s), Html.join(choices), v.t("compose.found.keep"));
    }

    private static TreeSet<Integer> numbers(List<Map<String, Object>> found) {
        TreeSet<Integer> out = new TreeSet<>();
        found.forEach(f -> out.add(number(f.get("signer"))));
        return out;
    }

    private static int number(Object n) {
        return n instanceof Number x ? x.intValue() : Integer.parseInt(String.valueOf(n));
    }
}
