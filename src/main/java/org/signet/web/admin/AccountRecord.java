package org.signet.web.admin;

import java.util.List;
import org.signet.domain.AccountEvent;
import org.signet.text.Html;

/** The table of a user's record on "My account": each sign-in and change of factors, when, how and from where. */
final class AccountRecord {
    private AccountRecord() {}

    static Html table(AdminView v, List<AccountEvent> events) {
        Html rows = events.stream().map(e -> Html.of("<tr><td>{}</td><td data-event=\"{}\">{}</td><td>{}</td></tr>\n",
                v.time(e.at()), code(e), what(v, e), e.ipAddress() == null ? "" : e.ipAddress()))
                .collect(Html.joining());
        Html body = events.isEmpty() ? Html.of("<p id=\"account-record-empty\">{}</p>\n", v.t("account.record_none"))
                : Html.of("{}<table class=\"table\" id=\"account-record\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                        + "<thead><tr>{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n",
                        v.tableWrap("account.record"), v.t("account.record"), v.th("account.record_time"),
                        v.th("account.record_what"), v.th("account.record_address"), rows);
        // Not named by its heading: the table's scrolling region is, with the same words, and two landmarks
        // of one name would read alike.
        return Html.of("<section class=\"panel\">\n<h2 id=\"record-heading\">{}</h2>\n{}</section>\n",
                v.t("account.record"), body);
    }

    /** The entry's kind as a program reads it: its method's or its change's code. */
    private static String code(AccountEvent e) {
        return e.method() != null ? e.method().code() : e.change().code();
    }

    private static Html what(AdminView v, AccountEvent e) {
        return e.method() != null ? v.t("record." + e.method().code(), e.issuer() == null ? "" : e.issuer())
                : v.t("record." + e.change().code());
    }
}
